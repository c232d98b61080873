import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { SUBSCRIBE_PATH } from '../../shared/auth/access';
import { serverText } from '../../shared/api/http';
import { Button, ButtonLink, Spinner } from '../../shared/ui';
import { useGetTestCheckoutQuery, usePayTestCheckoutMutation } from './subscriptionApi';
import './subscription.css';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** docs/adr/0300-payment-provider-and-test-checkout.md: the local stand-in for the card provider's checkout, used when no Stripe key is configured. */
export default function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const { data: session, isLoading, error } = useGetTestCheckoutQuery(sessionId);
  const [pay, { isLoading: paying }] = usePayTestCheckoutMutation();
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    setFailure(undefined);
    const result = await pay(sessionId);
    if (result.data?.url) window.location.assign(result.data.url);
    else setFailure(serverText(result.error) ?? 'The test payment did not go through. Please try again.');
  };

  return (
    <main className="page page--narrow subscription">
      <p className="test-banner" role="note">
        <strong>TEST MODE</strong> · No real card is charged. This is the local test checkout.
      </p>
      {isLoading && <Spinner label="Loading checkout…" />}
      {error && (
        <div className="card stack">
          <p className="alert alert--error" role="alert">
            {serverText(error) ?? 'This checkout session could not be found.'}
          </p>
          <ButtonLink to={SUBSCRIBE_PATH} variant="secondary">
            Back to Profile
          </ButtonLink>
        </div>
      )}
      {session && (
        <div className="card stack">
          <h1>Checkout</h1>
          <dl className="summary">
            <div>
              <dt>Plan</dt>
              <dd>{session.planName}</dd>
            </div>
            <div>
              <dt>Billing</dt>
              <dd>{session.interval === 'annually' ? 'Annual' : 'Monthly'}</dd>
            </div>
            <div className="summary__total">
              <dt>Total today</dt>
              <dd>
                {dollars(session.amountCents)}
                {session.interval === 'annually' ? '/year' : '/month'}
              </dd>
            </div>
          </dl>
          {session.status !== 'open' && <p className="alert alert--info">This session is {session.status}.</p>}
          {failure && (
            <p className="alert alert--error" role="alert">
              {failure}
            </p>
          )}
          <Button onClick={submit} busy={paying} block>
            {paying ? 'Paying…' : 'Pay (test mode)'}
          </Button>
          <ButtonLink to={SUBSCRIBE_PATH} variant="ghost" block>
            Cancel and go back
          </ButtonLink>
        </div>
      )}
    </main>
  );
}
