import type { SubscriptionInterval } from '../../../../events/subscription.js';
import type { Projection } from '../projection.js';

/** One doc per checkout session: what the test checkout page shows of the purchase. */
export interface CheckoutDoc {
  checkout_session_id: string;
  user_id: string;
  interval: SubscriptionInterval;
  amount_cents: number;
  provider: 'stripe' | 'test';
  status: 'open' | 'paid' | 'activated';
}

export const checkoutsProjection: Projection<CheckoutDoc> = {
  name: 'checkouts',
  handles: ['CheckoutSessionCreated', 'TestCheckoutPaid', 'SubscriptionActivated'],
  key: (event) => (event.data as { checkoutSessionId: string }).checkoutSessionId,
  evolve(doc, event) {
    switch (event.type) {
      case 'CheckoutSessionCreated':
        return {
          checkout_session_id: event.data.checkoutSessionId,
          user_id: event.data.userId,
          interval: event.data.interval,
          amount_cents: event.data.amountCents,
          provider: event.data.provider,
          status: 'open',
        };
      case 'TestCheckoutPaid':
        return doc && { ...doc, status: 'paid' };
      case 'SubscriptionActivated':
        return doc && { ...doc, status: 'activated' };
      default:
        return doc;
    }
  },
};
