import Stripe from 'stripe';
import type { AppNewEvent } from '../../../../events/catalog.js';
import { Rejected } from '../../../../events/rejected.js';
import { activateSubscription, endSubscription, type ProviderPayment } from './decide.js';
import type { Subscription } from './subscription.js';

/** What one Stripe event asks of us; anything else Stripe sends is acknowledged and left alone. */
export type WebhookAction =
  | { kind: 'activate'; userId: string; checkoutSessionId: string; payment: ProviderPayment }
  | { kind: 'end'; userId: string; stripeSubscriptionId: string; cause: 'stripe_subscription_deleted' | 'payment_failed' }
  | { kind: 'ignore'; why: string };

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

/** How far a signature's time may be from ours, either way: the SDK's own tolerance (300 s). */
const TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/**
 * Verifies the `Stripe-Signature` of the raw body with the endpoint's secret; throws
 * `Stripe.errors.StripeSignatureVerificationError` when it does not match or is dated outside the tolerance. The SDK
 * refuses a signature older than it, but takes one dated any time ahead; such a signature (a replay kept for later,
 * or a clock far off) is refused here with the same tolerance.
 */
export function verifiedStripeEvent(rawBody: Buffer, signature: string, secret: string, nowMs = Date.now()): Stripe.Event {
  const event = Stripe.webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_SECONDS, undefined, nowMs);
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (signedAt - Math.floor(nowMs / 1000) > TOLERANCE_SECONDS) {
    throw new Stripe.errors.StripeSignatureVerificationError(signature, rawBody, { message: 'Timestamp is ahead of the tolerance zone' });
  }
  return event;
}

/**
 * The user comes from what we put on the objects when the checkout was made: the session's client_reference_id,
 * and the subscription's metadata.userId (subscription_data.metadata), which invoices carry in
 * parent.subscription_details.metadata.
 */
export function webhookAction(event: Stripe.Event): WebhookAction {
  switch (event.type) {
    // Card payments complete paid; slower methods complete unpaid and succeed later.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const userId = session.client_reference_id ?? session.metadata?.userId;
      if (!userId) return { kind: 'ignore', why: 'checkout session names no user' };
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return {
        kind: 'activate',
        userId,
        checkoutSessionId: session.id,
        payment: { paid, stripeCustomerId: idOf(session.customer), stripeSubscriptionId: idOf(session.subscription) },
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const userId = subscription.metadata?.userId;
      if (!userId) return { kind: 'ignore', why: 'subscription names no user' };
      return { kind: 'end', userId, stripeSubscriptionId: subscription.id, cause: 'stripe_subscription_deleted' };
    }
    case 'invoice.payment_failed': {
      const details = event.data.object.parent?.subscription_details;
      const userId = details?.metadata?.userId;
      const stripeSubscriptionId = idOf(details?.subscription);
      if (!userId || !stripeSubscriptionId) return { kind: 'ignore', why: 'invoice names no subscription of a user' };
      return { kind: 'end', userId, stripeSubscriptionId, cause: 'payment_failed' };
    }
    default:
      return { kind: 'ignore', why: `event type ${event.type} is not used` };
  }
}

/**
 * What one Stripe event records on the user's subscription stream. The events take their ids from Stripe's event
 * id (the caller's idempotency key), so a redelivery is skipped by the store, and the deciders record nothing
 * already true. A checkout that cannot activate — one we did not start (another app on the same Stripe account),
 * unpaid, ended, a second one — is acknowledged and changes nothing.
 */
export function decideWebhook(state: Subscription, action: WebhookAction, { stripeEventId, now }: { stripeEventId: string; now: string }): AppNewEvent[] {
  switch (action.kind) {
    case 'ignore':
      return [];
    case 'activate':
      try {
        return activateSubscription(state, { userId: action.userId, checkoutSessionId: action.checkoutSessionId, payment: action.payment, via: 'webhook', now });
      } catch (error) {
        if (error instanceof Rejected) return [];
        throw error;
      }
    case 'end': {
      const { userId, stripeSubscriptionId, cause } = action;
      return endSubscription(state, { userId, stripeSubscriptionId, cause, stripeEventId, now });
    }
    default: {
      const never: never = action;
      return never;
    }
  }
}
