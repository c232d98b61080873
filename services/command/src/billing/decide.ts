import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import type { SubscriptionInterval } from '../../../../events/subscription.js';
import { Rejected } from '../../../../events/rejected.js';
import { checkoutOf, type ActiveSubscription, type Subscription } from './subscription.js';

export const NO_SUCH_CHECKOUT = 'No such checkout session';
export const ALREADY_SUBSCRIBED = 'You already have an active subscription';
export const NOT_PAID = 'This checkout has not been paid';
export const NO_SUBSCRIPTION = 'You have no active subscription to cancel';

export interface CreateCheckoutSession {
  userId: string;
  checkoutSessionId: string;
  interval: SubscriptionInterval;
  provider: 'stripe' | 'test';
  amountCents: number;
  now: string;
}

/** One subscription at a time: a subscriber cannot start paying for a second one. */
export function assertMayCheckOut(state: Subscription): void {
  if (state.active) throw new Rejected('conflict', ALREADY_SUBSCRIBED);
}

export function createCheckoutSession(state: Subscription, command: CreateCheckoutSession): AppNewEvent[] {
  const { userId, checkoutSessionId, interval, provider, amountCents, now } = command;
  if (checkoutOf(state, checkoutSessionId)) return []; // the same request retried (ids derive from Idempotency-Key)
  assertMayCheckOut(state);
  return [newEvent('CheckoutSessionCreated', { userId, checkoutSessionId, interval, provider, amountCents, createdAt: now })];
}

export interface PayTestCheckout {
  userId: string;
  checkoutSessionId: string;
  now: string;
}

/** The local test checkout's Pay button. Paying twice pays once; a Stripe session is never paid here. */
export function payTestCheckout(state: Subscription, { userId, checkoutSessionId, now }: PayTestCheckout): AppNewEvent[] {
  const checkout = checkoutOf(state, checkoutSessionId);
  if (!checkout || checkout.provider !== 'test') throw new Rejected('not_found', NO_SUCH_CHECKOUT);
  if (checkout.status !== 'open') return [];
  return [newEvent('TestCheckoutPaid', { userId, checkoutSessionId, paidAt: now })];
}

/** What the payment provider said of a Stripe checkout session. */
export interface ProviderPayment {
  paid: boolean;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

export interface ActivateSubscription {
  userId: string;
  checkoutSessionId: string;
  /** Stripe's word on a Stripe session; a test session's payment is in the log, so it has none. */
  payment: ProviderPayment | undefined;
  via: 'confirmation' | 'webhook';
  now: string;
}

/**
 * A paid checkout starts the subscription once, whether the browser's confirmation or Stripe's webhook comes
 * first and however often either comes.
 */
export function activateSubscription(state: Subscription, command: ActivateSubscription): AppNewEvent[] {
  const { userId, checkoutSessionId, payment, via, now } = command;
  const checkout = checkoutOf(state, checkoutSessionId);
  if (!checkout) throw new Rejected('not_found', NO_SUCH_CHECKOUT);
  if (checkout.status === 'activated') {
    if (state.active?.checkoutSessionId === checkoutSessionId) return [];
    throw new Rejected('conflict', 'The subscription from this checkout has ended; subscribe again from your profile');
  }
  const paid = checkout.provider === 'test' ? checkout.status === 'paid' : payment?.paid === true;
  if (!paid) throw new Rejected('conflict', NOT_PAID);
  if (state.active) throw new Rejected('conflict', ALREADY_SUBSCRIBED);
  return [
    newEvent('SubscriptionActivated', {
      userId,
      checkoutSessionId,
      interval: checkout.interval,
      provider: checkout.provider,
      stripeCustomerId: payment?.stripeCustomerId ?? null,
      stripeSubscriptionId: payment?.stripeSubscriptionId ?? null,
      via,
      activatedAt: now,
    }),
  ];
}

export interface CancelSubscription {
  userId: string;
  reason: string;
  now: string;
}

/** The subscription a cancel would end; none is a refusal. */
export function subscriptionToCancel(state: Subscription): ActiveSubscription {
  if (!state.active) throw new Rejected('conflict', NO_SUBSCRIPTION);
  return state.active;
}

/** Immediate (docs/product.md#how-things-change); the handler has already cancelled at Stripe when the subscription is Stripe's. */
export function cancelSubscription(state: Subscription, { userId, reason, now }: CancelSubscription): AppNewEvent[] {
  subscriptionToCancel(state);
  return [newEvent('SubscriptionCancelled', { userId, reason, cancelledAt: now })];
}

export interface EndSubscription {
  userId: string;
  stripeSubscriptionId: string;
  cause: 'stripe_subscription_deleted' | 'payment_failed';
  stripeEventId: string;
  now: string;
}

/** Stripe ended it. Only the subscription Stripe names ends: an older one's late news changes nothing. */
export function endSubscription(state: Subscription, { userId, stripeSubscriptionId, cause, stripeEventId, now }: EndSubscription): AppNewEvent[] {
  if (!state.active || state.active.stripeSubscriptionId !== stripeSubscriptionId) return [];
  return [newEvent('SubscriptionEnded', { userId, cause, stripeEventId, endedAt: now })];
}
