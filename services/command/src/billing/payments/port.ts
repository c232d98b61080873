import type { SubscriptionInterval } from '../../../../../events/subscription.js';
import type { ProviderPayment } from '../decide.js';

export interface NewCheckout {
  userId: string;
  interval: SubscriptionInterval;
  amountCents: number;
  /** The caller's Idempotency-Key (already scoped to the caller): a retried request gets the same session back. */
  requestKey?: string;
}

/** Who takes the money: Stripe Checkout when STRIPE_SECRET_KEY is set, else the clearly marked local test checkout. */
export interface Payments {
  readonly provider: 'stripe' | 'test';
  /** A checkout session and the page the browser goes to pay on. */
  createCheckout(checkout: NewCheckout): Promise<{ checkoutSessionId: string; url: string }>;
  /**
   * What the provider says of one of its checkout sessions, for the user it was made for (unpaid when it was made
   * for someone else). The test checkout is paid in the log (TestCheckoutPaid), so it has nothing to say.
   */
  checkoutPayment(checkoutSessionId: string, userId: string): Promise<ProviderPayment | undefined>;
  /** Stops the charges at the provider; a subscription the provider has already ended counts as cancelled. */
  cancelSubscription(stripeSubscriptionId: string | null): Promise<void>;
}
