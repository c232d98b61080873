import { useState } from 'react';
import { SUBSCRIPTION_INTERVALS, type SubscriptionInterval } from '../../../../contract/billing/subscriptionPlan';
import { Button, ButtonLink } from '../../shared/ui';
import type { ProfileAnswer } from '../../../../contract/accounts/profileAnswer';
import { rememberedPlan, rememberPlan } from '../../shared/chosenPlan';
import { useCreateCheckoutSessionMutation } from './subscriptionApi';
import { formatDate } from '../../shared/dates';

export const PREMIUM_FEATURES = [
  'Unlimited AI trainer chat',
  'Personalised workout regimens',
  'Meal plans with day-by-day tracking',
  'Workout timer and exercise log',
  'Progress charts and analytics',
  'Daily reminders and support tickets',
];

const PRICES: Record<SubscriptionInterval, { price: string; per: string; regular: string; save: string }> = {
  monthly: { price: '$6.99', per: '/month', regular: '$8.99', save: 'save 22 percent for life' },
  annually: { price: '$74.99', per: '/year', regular: '$79.99', save: 'save 21 percent' },
};

/** Role 3 (docs/product.md#screens-feature-by-feature): what the subscription gives, and the way out. */
export function PremiumFeatures({ subscription }: { subscription: ProfileAnswer['subscription'] }) {
  const since = subscription?.since && formatDate(subscription.since, { dateStyle: 'long' });
  return (
    <div className="stack">
      <p>
        <span className="badge">Founding Member</span>{' '}
        {subscription ? `${subscription.interval === 'annually' ? 'Annual' : 'Monthly'} plan, active since ${since}.` : 'Your subscription is active.'}
      </p>
      <p>You have every premium feature:</p>
      <ul className="ticks">
        {PREMIUM_FEATURES.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <div>
        <ButtonLink to="/subscription-cancel" variant="secondary">
          Cancel Subscription
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * Everyone else: the Founding Member Plan with a monthly/annual toggle, paid through the checkout. It opens
 * on the plan chosen on the landing page; `deniedPage` names the subscriber page that sent the person here.
 */
export function EarlyAccessOffer({ deniedPage }: { deniedPage?: string }) {
  const [interval, setInterval_] = useState<SubscriptionInterval>(rememberedPlan);
  const setBilling = (value: SubscriptionInterval) => {
    setInterval_(value);
    rememberPlan(value);
  };
  const [checkout, { isLoading }] = useCreateCheckoutSessionMutation();
  const price = PRICES[interval];

  const subscribe = async () => {
    const result = await checkout({ interval });
    const url = result.data?.url;
    if (url) window.location.assign(url);
    else window.alert('Could not create checkout session');
  };

  return (
    <div className="offer">
      {deniedPage && (
        <p className="alert alert--info" role="status">
          {deniedPage} is part of the subscription. Subscribe below to use it.
        </p>
      )}
      <p className="badge">Early Access</p>
      <h3>Founding Member Plan</h3>
      <p className="muted">Lock in the early rate for life. Cancel anytime.</p>
      <div className="segmented" role="radiogroup" aria-label="Billing interval">
        {SUBSCRIPTION_INTERVALS.map((value) => (
          <label key={value} className={interval === value ? 'segmented__option is-on' : 'segmented__option'}>
            <input type="radio" name="interval" value={value} checked={interval === value} onChange={() => setBilling(value)} />
            {value === 'monthly' ? 'Monthly' : 'Annual'}
          </label>
        ))}
      </div>
      <p className="offer__price">
        <strong>{price.price}</strong>
        <span>{price.per}</span>
      </p>
      <p className="muted">
        Regular price later <s>{price.regular}</s> · <span className="badge">{price.save}</span>
      </p>
      <ul className="ticks">
        {PREMIUM_FEATURES.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <Button onClick={subscribe} busy={isLoading}>
        {isLoading ? 'Opening checkout…' : 'Join Early Access'}
      </Button>
    </div>
  );
}

/** The profile's subscription section: what the subscription gives a subscriber, else the offer. */
export function SubscriptionSection({ subscriber, subscription, deniedPage }: { subscriber: boolean; subscription: ProfileAnswer['subscription']; deniedPage?: string }) {
  return subscriber ? <PremiumFeatures subscription={subscription} /> : <EarlyAccessOffer deniedPage={deniedPage} />;
}
