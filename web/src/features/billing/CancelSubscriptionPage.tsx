import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectClaims, signedIn } from '../../shared/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../shared/store/hooks';
import { isNetworkError, serverText } from '../../shared/api/http';
import { Button, ButtonLink, Check, Field, Spinner, TextArea } from '../../shared/ui';
import { cancellationReasonsFor } from '../../../../contract/billing/cancellationReasons';
import { useGetProfileQuery } from '../../shared/profile/profileQuery';
import { cancelReason, OTHER } from './cancelReason';
import { useCancelSubscriptionMutation } from './subscriptionApi';
import './subscription.css';

/** The app goes to the profile 4 s after a cancellation; the page counts them down and offers to go at once. */
export const CANCEL_REDIRECT_SECONDS = 4;
const SUCCESS = "We're sorry to see you go! Your subscription has been canceled immediately.";
/** Where the way back lands: the subscription part of the profile, which now offers Early Access again. */
const BACK = '/prof#subscription';

export default function CancelSubscriptionPage() {
  const claims = useAppSelector(selectClaims);
  const { data: profile, isLoading: loadingProfile } = useGetProfileQuery(undefined, { skip: !claims });
  // No reason is chosen for the person: the first one listed is not their answer until they pick it.
  const [choice, setChoice] = useState<string>();
  const [other, setOther] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Kept from before the cancellation: once it is sent the profile is read again and the plan is over.
  const [interval, setInterval_] = useState<'monthly' | 'annually'>();
  useEffect(() => {
    if (profile?.subscription?.status === 'active') setInterval_(profile.subscription.interval);
  }, [profile]);

  const done = outcome?.ok === true;
  const [left, setLeft] = useState(CANCEL_REDIRECT_SECONDS);
  useEffect(() => {
    if (!done) return;
    if (left <= 0) {
      void navigate(BACK);
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [done, left, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!claims) return setOutcome({ ok: false, text: 'User not logged in.' });
    if (!choice) return setOutcome({ ok: false, text: 'Please choose a reason (or Other).' });
    const result = await cancel({ reason: cancelReason(choice, other) });
    if (!result.error) {
      if (result.data?.token) dispatch(signedIn(result.data.token));
      setOutcome({ ok: true, text: SUCCESS });
    } else if (isNetworkError(result.error)) setOutcome({ ok: false, text: 'Error cancelling subscription. Please try again.' });
    else setOutcome({ ok: false, text: serverText(result.error, 'error') ?? 'Failed to cancel subscription' });
  };

  if (loadingProfile && !interval) return <Spinner label="Loading your subscription…" />;

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
            <p className="muted" aria-live="polite">
              Taking you back to your profile in {left} s…
            </p>
            <div>
              <ButtonLink to={BACK}>Go to my profile now</ButtonLink>
            </div>
          </div>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
            <fieldset>
              <legend>Why are you cancelling?</legend>
              {[...cancellationReasonsFor(interval), OTHER].map((reason) => (
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
              <ButtonLink to={BACK} variant="secondary">
                Go Back to Profile
              </ButtonLink>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
