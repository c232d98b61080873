import type { AppEvent } from '../../../../events/catalog.js';
import type { SubscriptionInterval } from '../../../../events/subscription.js';

type Provider = 'stripe' | 'test';

export interface Checkout {
  interval: SubscriptionInterval;
  provider: Provider;
  amountCents: number;
  /** `paid`: the test checkout's Pay was pressed; `activated`: a subscription started from it. */
  status: 'open' | 'paid' | 'activated';
}

export interface ActiveSubscription {
  checkoutSessionId: string;
  interval: SubscriptionInterval;
  provider: Provider;
  stripeSubscriptionId: string | null;
  since: string;
}

/** What the write side knows of one user's subscription stream: the checkouts started, and the subscription now. */
export interface Subscription {
  checkouts: Record<string, Checkout>;
  active: ActiveSubscription | null;
}

export const initialState: Subscription = { checkouts: {}, active: null };

export function evolve(state: Subscription, event: AppEvent): Subscription {
  switch (event.type) {
    case 'CheckoutSessionCreated': {
      const { checkoutSessionId, interval, provider, amountCents } = event.data;
      return { ...state, checkouts: { ...state.checkouts, [checkoutSessionId]: { interval, provider, amountCents, status: 'open' } } };
    }
    case 'TestCheckoutPaid':
      return withCheckoutStatus(state, event.data.checkoutSessionId, 'paid');
    case 'SubscriptionActivated': {
      const { checkoutSessionId, interval, provider, stripeSubscriptionId, activatedAt } = event.data;
      return {
        ...withCheckoutStatus(state, checkoutSessionId, 'activated'),
        active: { checkoutSessionId, interval, provider, stripeSubscriptionId, since: activatedAt },
      };
    }
    case 'SubscriptionCancelled':
    case 'SubscriptionEnded':
      return { ...state, active: null };
    default:
      return state;
  }
}

/** A checkout this user started; an id of anyone else's (or none) is undefined. */
export const checkoutOf = (state: Subscription, checkoutSessionId: string): Checkout | undefined =>
  Object.hasOwn(state.checkouts, checkoutSessionId) ? state.checkouts[checkoutSessionId] : undefined;

function withCheckoutStatus(state: Subscription, checkoutSessionId: string, status: Checkout['status']): Subscription {
  const checkout = checkoutOf(state, checkoutSessionId);
  return checkout ? { ...state, checkouts: { ...state.checkouts, [checkoutSessionId]: { ...checkout, status } } } : state;
}

export const subscription = { initialState, evolve };
