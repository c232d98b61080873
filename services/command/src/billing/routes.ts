import express, { Router, type Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import Stripe from 'stripe';
import { subscriptionStream, userStream } from '../../../../events/streams.js';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { badRequest, errorFieldToo, HttpError, jsonBody, notFound, parse } from '../../../platform/http.js';
import { rateCounter } from '../../../platform/rateLimit.js';
import { user } from '../accounts/api.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, load, type CommandContext } from '../execute.js';
import { pathId } from '../fields.js';
import {
  activateSubscription,
  assertMayCheckOut,
  cancelSubscription,
  createCheckoutSession,
  NO_SUCH_CHECKOUT,
  payTestCheckout,
  subscriptionToCancel,
} from './decide.js';
import { cancelInput, checkoutInput, isCheckoutSessionId } from './input.js';
import { paymentsFor } from './payments/index.js';
import { priceCents } from './payments/plan.js';
import { oneAtATime } from './oneAtATime.js';
import { checkoutOf, subscription, type Subscription } from './subscription.js';
import { decideWebhook, verifiedStripeEvent, webhookAction, type WebhookAction } from './stripeWebhook.js';

const CHECKOUT_BUDGET = { points: 20, windowSeconds: 3600, keyPrefix: 'checkout-user' };

const successPath = (checkoutSessionId: string) => `/subscription-success?session_id=${checkoutSessionId}`;

/**
 * Early-access subscription: checkout, the local test checkout's Pay, confirmation on return, cancellation, and
 * Stripe's webhook. Mounted before the general JSON parser: the webhook needs the raw body for its signature, and
 * every route answers errors with `error` too (the profile, success and cancel pages read it).
 */
export function subscriptionRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { store, config } = deps;
  const payments = paymentsFor(config, deps.log);
  const signedIn = [errorFieldToo, requireUser(deps.tokens)];
  // A user's confirmation, cancel and Stripe's events about them, one at a time (see oneAtATime.ts).
  const inTurn = oneAtATime();

  /** A token that says what the caller is now (role 3 after activation, 1 after cancelling, 2 for staff), on the same sign-in. */
  const freshToken = async (res: Response) => {
    const { id: userId, sid } = currentUser(res);
    const { state } = await load(store, userStream(userId), user);
    const name = state.status === 'none' ? '' : state.profile.name;
    return deps.tokens.session({ id: userId, name, role: await deps.roleOf(userId) }, sid);
  };

  // Each checkout is a session at Stripe: enough for any real hesitation between monthly and annually, not a flood.
  const checkouts = rateCounter(CHECKOUT_BUDGET, deps.counts);
  router.post('/early-access/create-checkout-session', ...signedIn, jsonBody(), async (req, res) => {
    const { interval } = parse(checkoutInput, req.body);
    const userId = currentUser(res).id;
    await checkouts.consume(userId).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
      throw new HttpError(429, 'Too many checkout attempts. Please try again in an hour.');
    });
    const ctx = commandContext(deps, req, res);
    const amountCents = priceCents(config, interval);
    const { state } = await load(store, subscriptionStream(userId), subscription);
    assertMayCheckOut(state); // before asking the provider, so a subscriber never gets a second payment page
    const { checkoutSessionId, url } = await payments.createCheckout({ userId, interval, amountCents, requestKey: ctx.idempotencyKey });
    const now = deps.now().toISOString();
    const { position } = await execute(ctx, subscriptionStream(userId), subscription, (current) =>
      createCheckoutSession(current, { userId, checkoutSessionId, interval, provider: payments.provider, amountCents, now }),
    );
    res.status(201).json({ url, checkoutSessionId, position });
  });

  router.post('/test-checkout/:id/pay', ...signedIn, async (req, res) => {
    // With a Stripe key the test checkout does not exist: no request can pay without paying.
    if (payments.provider !== 'test') throw notFound(NO_SUCH_CHECKOUT);
    const checkoutSessionId = pathId(req.params.id, NO_SUCH_CHECKOUT, isCheckoutSessionId);
    const userId = currentUser(res).id;
    const now = deps.now().toISOString();
    const { position } = await execute(commandContext(deps, req, res), subscriptionStream(userId), subscription, (state) =>
      payTestCheckout(state, { userId, checkoutSessionId, now }),
    );
    res.json({ url: successPath(checkoutSessionId), position });
  });

  router.get('/subscribe/confirm-subscription', ...signedIn, async (req, res) => {
    const checkoutSessionId = req.query.session_id;
    if (checkoutSessionId === undefined || checkoutSessionId === '') throw badRequest('session_id is required');
    if (!isCheckoutSessionId(checkoutSessionId)) throw notFound(NO_SUCH_CHECKOUT);
    const userId = currentUser(res).id;
    await inTurn(userId, async () => {
      const { state } = await load(store, subscriptionStream(userId), subscription);
      const checkout = checkoutOf(state, checkoutSessionId);
      if (!checkout) throw notFound(NO_SUCH_CHECKOUT); // never ask Stripe about a session this user did not start
      const payment =
        checkout.provider === 'stripe' && checkout.status !== 'activated' ? await payments.checkoutPayment(checkoutSessionId, userId) : undefined;
      const now = deps.now().toISOString();
      const { position } = await execute(commandContext(deps, req, res), subscriptionStream(userId), subscription, (current) =>
        activateSubscription(current, { userId, checkoutSessionId, payment, via: 'confirmation', now }),
      );
      res.json({ message: 'Your subscription is active', token: await freshToken(res), position });
    });
  });

  router.post('/subscribe/cancel-subscription', ...signedIn, jsonBody(), async (req, res) => {
    const { reason } = parse(cancelInput, req.body);
    const userId = currentUser(res).id;
    await inTurn(userId, async () => {
      const now = deps.now().toISOString();
      const { state } = await load(store, subscriptionStream(userId), subscription);
      // Stripe first: if it cannot stop the charges, nothing is recorded and the user can try again.
      await payments.cancelSubscription(subscriptionToCancel(state).stripeSubscriptionId);
      const { position } = await execute(commandContext(deps, req, res), subscriptionStream(userId), subscription, (current) =>
        cancelSubscription(current, { userId, reason, now }),
      );
      res.json({ message: "We're sorry to see you go! Your subscription has been canceled immediately.", token: await freshToken(res), position });
    });
  });

  router.post('/stripe/webhook', errorFieldToo, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const secret = config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw notFound('Stripe webhooks are not configured');
    const signature = req.header('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) throw badRequest('Missing Stripe-Signature');
    let event: Stripe.Event;
    try {
      event = verifiedStripeEvent(req.body, signature, secret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badRequest('Invalid Stripe signature');
      throw badRequest('Malformed Stripe event');
    }
    await applyStripeEvent(event.id, webhookAction(event), res);
  });

  /** Each Stripe event is applied once (see `decideWebhook`), in turn with the user's own subscription commands. */
  async function applyStripeEvent(stripeEventId: string, action: WebhookAction, res: Response) {
    if (action.kind === 'ignore') {
      deps.log.debug('stripe event ignored', { stripeEventId, why: action.why });
      return void res.json({ received: true, applied: false });
    }
    await inTurn(action.userId, () => applyInTurn(stripeEventId, action, res));
  }

  async function applyInTurn(stripeEventId: string, action: Exclude<WebhookAction, { kind: 'ignore' }>, res: Response) {
    const now = deps.now().toISOString();
    const ctx: CommandContext = {
      store,
      idempotencyKey: `stripe-event:${stripeEventId}`,
      metadata: { userId: action.userId, correlationId: stripeEventId, at: now },
    };
    const stream = subscriptionStream(action.userId);
    const decide = (state: Subscription) => decideWebhook(state, action, { stripeEventId, now });
    if (action.kind === 'end') {
      const { state } = await load(store, stream, subscription);
      if (decide(state).length === 0) return void res.json({ received: true, applied: false });
      // A failed payment ends it here, so Stripe must stop retrying the charge too.
      if (action.cause === 'payment_failed') await payments.cancelSubscription(action.stripeSubscriptionId);
    }
    const { events, position } = await execute(ctx, stream, subscription, decide);
    res.json({ received: true, applied: events.length > 0, position });
  }

  return router;
}
