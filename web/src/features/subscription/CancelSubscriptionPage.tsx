import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectClaims, signedIn } from '../../app/authSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isNetworkError, serverText } from '../../app/http';
import { Button, ButtonLink, Check, Field, TextArea } from '../../app/ui';
import { CANCELLATION_REASONS } from '../../../../events/cancellationReasons';
import { cancelReason, OTHER } from './cancelReason';
import { useCancelSubscriptionMutation } from './subscriptionApi';
import './subscription.css';

/** docs/product.md#numbers: the app goes to /prof 4 s after a cancellation. */
export const CANCEL_REDIRECT_MS = 4000;
const SUCCESS = "We're sorry to see you go! Your subscription has been canceled immediately.";

export default function CancelSubscriptionPage() {
  const claims = useAppSelector(selectClaims);
  const [choice, setChoice] = useState<string>(CANCELLATION_REASONS[0]);
  const [other, setOther] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const done = outcome?.ok === true;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/prof'), CANCEL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!claims) return setOutcome({ ok: false, text: 'User not logged in.' });
    const result = await cancel({ reason: cancelReason(choice, other) });
    if (!result.error) {
      if (result.data?.token) dispatch(signedIn(result.data.token));
      setOutcome({ ok: true, text: SUCCESS });
    } else if (isNetworkError(result.error)) setOutcome({ ok: false, text: 'Error cancelling subscription. Please try again.' });
    else setOutcome({ ok: false, text: serverText(result.error, 'error') ?? 'Failed to cancel subscription' });
  };

  return (
    <main className="page page--narrow subscription">
      <div className="card">
        <h1>Cancel subscription</h1>
        <p className="muted">Cancelling ends your subscription immediately. Per our terms, payments already made are not refunded.</p>
        {done ? (
          <div className="stack">
            <p className="alert alert--success" role="status">
              {outcome.text}
            </p>
            <p className="muted">Taking you back to your profile…</p>
          </div>
        ) : (
          <form className="stack" onSubmit={submit}>
            <fieldset>
              <legend>Why are you cancelling?</legend>
              {[...CANCELLATION_REASONS, OTHER].map((reason) => (
                <Check key={reason} type="radio" name="reason" value={reason} label={reason} checked={choice === reason} onChange={() => setChoice(reason)} />
              ))}
            </fieldset>
            {choice === OTHER && (
              <Field label="Tell us more" optional>
                <TextArea value={other} onChange={(e) => setOther(e.target.value)} maxLength={500} />
              </Field>
            )}
            {outcome && (
              <p className="alert alert--error" role="alert">
                {outcome.text}
              </p>
            )}
            <div className="row">
              <Button type="submit" variant="danger" busy={isLoading}>
                {isLoading ? 'Cancelling…' : 'Confirm Cancellation'}
              </Button>
              <ButtonLink to="/prof" variant="secondary">
                Go Back to Profile
              </ButtonLink>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
