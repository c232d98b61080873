import Stripe from 'stripe';
import type { Config } from '../../../../platform/config.js';
import type { Logger } from '../../../../platform/logger.js';
import { HttpError } from '../../../../platform/http.js';
import { PLAN_NAME } from '../../../../../events/subscription.js';
import type { Payments } from './port.js';

/** The SDK's address options from STRIPE_API_URL (tests point it at a local stand-in); Stripe's own by default. */
function apiAddress(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } as const;
}

export const stripeClient = (config: Config, secretKey: string) =>
  new Stripe(secretKey, { ...apiAddress(config.STRIPE_API_URL), maxNetworkRetries: 2, telemetry: false });

/** Stripe is unreachable or refused: the caller may try again, and nothing was recorded. */
const providerFailed = (message: string) => new HttpError(502, message);

const idOf = (value: string | { id: string } | null) => (value === null ? null : typeof value === 'string' ? value : value.id);

export function stripePayments(config: Config, secretKey: string, log: Logger): Payments {
  const stripe = stripeClient(config, secretKey);
  return {
    provider: 'stripe',
    async createCheckout({ userId, interval, amountCents, requestKey }) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: userId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: amountCents,
                  recurring: { interval: interval === 'monthly' ? 'month' : 'year' },
                  product_data: { name: PLAN_NAME },
                },
              },
            ],
            metadata: { userId, interval },
            // The subscription carries the user too, so its later webhooks (deleted, payment failed) name them.
            subscription_data: { metadata: { userId } },
            success_url: `${config.publicUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${config.publicUrl}/prof`,
          },
          requestKey ? { idempotencyKey: `checkout:${requestKey}` } : undefined,
        );
        if (!session.url) throw new Error(`checkout session ${session.id} came back without a url`);
        return { checkoutSessionId: session.id, url: session.url };
      } catch (error) {
        log.error('stripe: creating a checkout session failed', error);
        throw providerFailed('Could not create checkout session');
      }
    },
    async checkoutPayment(checkoutSessionId, userId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(checkoutSessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return { paid: false, stripeCustomerId: null, stripeSubscriptionId: null };
        }
        log.error('stripe: retrieving a checkout session failed', error);
        throw providerFailed('Could not reach the payment provider to confirm the subscription. Please try again.');
      }
      const paid =
        session.client_reference_id === userId &&
        session.status === 'complete' &&
        (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
      return { paid, stripeCustomerId: idOf(session.customer), stripeSubscriptionId: idOf(session.subscription) };
    },
    async cancelSubscription(stripeSubscriptionId) {
      if (!stripeSubscriptionId) return;
      try {
        await stripe.subscriptions.cancel(stripeSubscriptionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        log.error('stripe: cancelling a subscription failed', error);
        throw providerFailed('Could not cancel the subscription with the payment provider. Please try again.');
      }
    },
  };
}
