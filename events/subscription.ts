import { z } from 'zod';
import { PLAN_NAME, SUBSCRIPTION_INTERVALS, type SubscriptionInterval } from '../contract/billing/subscriptionPlan.js';
import { instant, MAX_PRICE_CENTS, whole } from './bounds.js';

const id = z.string().min(1);
const at = instant;

export { PLAN_NAME, SUBSCRIPTION_INTERVALS, type SubscriptionInterval };

/** `stripe`: Stripe Checkout (STRIPE_SECRET_KEY set); `test`: the clearly marked local test checkout. */
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;

/** Why a subscription ended without the user cancelling it (Stripe webhooks). */
export const SUBSCRIPTION_END_CAUSES = ['stripe_subscription_deleted', 'payment_failed'] as const;

/**
 * Stream `subscription-<userId>`: the user's early-access subscription from checkout to its end. Whether someone
 * is a subscriber (role 3) is decided from this stream; staff (role 2, granted on the user stream) stay staff.
 */
export const subscriptionEvents = {
  CheckoutSessionCreated: z.object({
    userId: id,
    checkoutSessionId: id,
    interval: z.enum(SUBSCRIPTION_INTERVALS),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** The price charged, in cents, as configured when the session was made. */
    amountCents: whole(0, MAX_PRICE_CENTS),
    createdAt: at,
  }),
  /** The local test checkout's "Pay (test mode)"; never recorded when a Stripe key is set. */
  TestCheckoutPaid: z.object({ userId: id, checkoutSessionId: id, paidAt: at }),
  SubscriptionActivated: z.object({
    userId: id,
    checkoutSessionId: id,
    interval: z.enum(SUBSCRIPTION_INTERVALS),
    provider: z.enum(PAYMENT_PROVIDERS),
    stripeCustomerId: z.string().nullable(),
    stripeSubscriptionId: z.string().nullable(),
    /** `confirmation`: the browser came back to /subscription-success; `webhook`: Stripe told us first. */
    via: z.enum(['confirmation', 'webhook']),
    activatedAt: at,
  }),
  /** The user cancelled (docs/product.md#how-things-change: immediate); `reason` as the cancel page sent it (contract/billing/cancellationReasons.ts). */
  SubscriptionCancelled: z.object({ userId: id, reason: z.string(), cancelledAt: at }),
  /** Ended by Stripe (subscription deleted, payment failed); `stripeEventId` is the webhook event it came from. */
  SubscriptionEnded: z.object({ userId: id, cause: z.enum(SUBSCRIPTION_END_CAUSES), stripeEventId: z.string(), endedAt: at }),
  /** The workers saved the starter workout regimen and meal plan after an activation (profile: initialPlanGenerated). */
  StarterPlansGenerated: z.object({ userId: id, regimenId: id, mealPlanId: id, activationEventId: id, generatedAt: at }),
};
