import { randomUUID } from 'node:crypto';
import { uuidFrom } from '../../../../../events/ids.js';
import type { Payments } from './port.js';

/** The path of the local test checkout page (web: TestCheckoutPage, marked TEST MODE). */
export const testCheckoutPath = (checkoutSessionId: string) => `/test-checkout/${checkoutSessionId}`;

/** A local test checkout session: an unguessable id, the same one for a retried request (same Idempotency-Key). */
export const testCheckoutSessionId = (requestKey?: string) => `cs_test_local_${requestKey ? uuidFrom(`${requestKey}:checkout`) : randomUUID()}`;

/**
 * No money moves: the session is an unguessable id in the log, paid by the test checkout page's button
 * (`POST /api/test-checkout/:id/pay`). Nothing runs at a provider, so there is nothing to cancel there.
 */
export const testPayments: Payments = {
  provider: 'test',
  async createCheckout({ requestKey }) {
    const checkoutSessionId = testCheckoutSessionId(requestKey);
    return { checkoutSessionId, url: testCheckoutPath(checkoutSessionId) };
  },
  async checkoutPayment() {
    return undefined;
  },
  async cancelSubscription() {},
};
