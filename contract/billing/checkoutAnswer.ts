/**
 * The answer of GET /api/test-checkout/{id} (the local test checkout page) as a type, written once for both sides: the
 * subscription route builds it and the web client's subscription feature reads it. Types only, importing only other
 * such files, so the web build takes nothing else from the server.
 */
import type { SubscriptionInterval } from './subscriptionPlan.js';

export interface TestCheckoutSession {
  checkoutSessionId: string;
  interval: SubscriptionInterval;
  amountCents: number;
  planName: string;
  status: 'open' | 'paid' | 'activated';
  testMode: true;
}
