import Stripe from 'stripe';
import { expect } from 'chai';
import { decodeToken, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { signedStripeEvent, StripeStandIn } from '../support/stripeStandIn.js';

const WEBHOOK_SECRET = 'whsec_test_standin_secret';
const TOO_EXPENSIVE = "It's too expensive for me right now ($6.99/month).";

describe('subscription over HTTP with Stripe (the real stripe SDK against a local stand-in of its API)', () => {
  let stripe: StripeStandIn;
  let server: TestServer;
  before(async () => {
    stripe = await StripeStandIn.start();
    server = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PUBLIC_URL: 'http://app.test',
    });
  });
  after(async () => {
    await server.stop();
    await stripe.close();
  });
  afterEach(() => {
    stripe.failing = false;
  });

  const userIdOf = (token: string) => decodeToken(token).sub as string;
  // What the subscription routes appended; the workers' StarterPlansGenerated follows on its own (see the workers suite).
  const streamOf = async (token: string) =>
    (await server.system.events.readStream(`subscription-${userIdOf(token)}`)).filter((e) => e.type !== 'StarterPlansGenerated');
  const typesOf = async (token: string) => (await streamOf(token)).map((e) => e.type);
  const createCheckout = (token: string, interval: string) => server.call('POST', '/api/early-access/create-checkout-session', { token, json: { interval } });
  const confirm = (token: string, id: string) => server.call('GET', `/api/subscribe/confirm-subscription?session_id=${id}`, { token });
  const cancel = (token: string, reason: string) => server.call('POST', '/api/subscribe/cancel-subscription', { token, json: { reason } });
  const profile = (token: string, position: number) => server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(position) } });
  const deliver = (event: { payload: string; signature: string }) =>
    server.call('POST', '/api/stripe/webhook', { body: event.payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature } });

  /** Checkout, then the customer pays on Stripe's page; the browser has not come back yet. */
  async function paidAtStripe(token: string, interval = 'monthly') {
    const created = await createCheckout(token, interval);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const id = created.body.checkoutSessionId as string;
    return { id, ...stripe.completeCheckout(id) };
  }

  async function subscribed() {
    const user = await signUpVerifiedUser(server);
    const paid = await paidAtStripe(user.token);
    const confirmed = await confirm(user.token, paid.id);
    expect(confirmed.status).to.equal(200);
    return { ...user, ...paid, token: confirmed.body.token as string, position: confirmed.body.position as number };
  }

  it('creates a Stripe Checkout session for the Founding Member Plan and answers its url', async () => {
    const user = await signUpVerifiedUser(server);
    for (const [interval, cents, recurring] of [
      ['monthly', '699', 'month'],
      ['annually', '7499', 'year'],
    ]) {
      const answer = await createCheckout(user.token, interval!);
      expect(answer.status).to.equal(201);
      const id = answer.body.checkoutSessionId;
      expect(id).to.match(/^cs_test_[0-9a-f]+$/);
      expect(answer.body.url).to.equal(`https://checkout.stripe.test/c/pay/${id}`);

      const sent = stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
      expect(sent.authorization).to.equal('Bearer sk_test_standin');
      expect(sent.form).to.deep.equal({
        mode: 'subscription',
        client_reference_id: userIdOf(user.token),
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': cents,
        'line_items[0][price_data][recurring][interval]': recurring,
        'line_items[0][price_data][product_data][name]': 'Founding Member Plan',
        'metadata[userId]': userIdOf(user.token),
        'metadata[interval]': interval,
        'subscription_data[metadata][userId]': userIdOf(user.token),
        success_url: 'http://app.test/subscription-success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/prof',
      });
      const created = (await streamOf(user.token)).at(-1)!;
      expect(created.type).to.equal('CheckoutSessionCreated');
      expect(created.data).to.deep.include({ checkoutSessionId: id, interval, provider: 'stripe', amountCents: Number(cents) });
    }
  });

  it('a retried checkout with the same Idempotency-Key gets the same Stripe session once', async () => {
    const user = await signUpVerifiedUser(server);
    const send = () =>
      server.call('POST', '/api/early-access/create-checkout-session', { token: user.token, json: { interval: 'monthly' }, headers: { 'Idempotency-Key': 'checkout-retry-1' } });
    const first = await send();
    expect(first.status).to.equal(201);
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.idempotencyKey).to.equal(
      `checkout:${userIdOf(user.token)} POST /api/early-access/create-checkout-session checkout-retry-1`, // the caller's key, scoped to caller and route
    );
    const retried = await send();
    expect(retried.status).to.equal(201);
    expect(retried.body).to.deep.equal(first.body);
    expect(stripe.sessions.has(first.body.checkoutSessionId)).to.equal(true);
    expect(await typesOf(user.token)).to.deep.equal(['CheckoutSessionCreated']);
  });

  it('the local test checkout does not exist while a Stripe key is set (404), even for the own session', async () => {
    const user = await signUpVerifiedUser(server);
    const created = await createCheckout(user.token, 'monthly');
    const id = created.body.checkoutSessionId;
    const page = await server.call('GET', `/api/test-checkout/${id}`, { token: user.token, headers: { 'X-Min-Position': String(created.body.position) } });
    expect(page.status).to.equal(404);
    const pay = await server.call('POST', `/api/test-checkout/${id}/pay`, { token: user.token });
    expect(pay.status).to.equal(404);
    expect(pay.body.error).to.equal('No such checkout session');
    expect(await typesOf(user.token)).to.deep.equal(['CheckoutSessionCreated']);
  });

  it('confirmation asks Stripe: unpaid is a 409; paid activates once with the Stripe ids and a role-3 token', async () => {
    server.clock.set('2026-11-22T12:00:00.000Z');
    const user = await signUpVerifiedUser(server);
    const created = await createCheckout(user.token, 'annually');
    const id = created.body.checkoutSessionId;

    const unpaid = await confirm(user.token, id);
    expect(unpaid.status).to.equal(409);
    expect(unpaid.body).to.deep.equal({ message: 'This checkout has not been paid', error: 'This checkout has not been paid' });
    expect(await typesOf(user.token)).to.deep.equal(['CheckoutSessionCreated']);

    const { subscription } = stripe.completeCheckout(id);
    const confirmed = await confirm(user.token, id);
    expect(confirmed.status).to.equal(200);
    expect(decodeToken(confirmed.body.token).role).to.equal(3);
    const activated = (await streamOf(user.token)).at(-1)!;
    expect(activated.type).to.equal('SubscriptionActivated');
    expect(activated.data).to.deep.equal({
      userId: userIdOf(user.token),
      checkoutSessionId: id,
      interval: 'annually',
      provider: 'stripe',
      stripeCustomerId: subscription.customer,
      stripeSubscriptionId: subscription.id,
      via: 'confirmation',
      activatedAt: '2026-11-22T12:00:00.000Z',
    });

    const retrievals = stripe.requestsTo('GET', `/v1/checkout/sessions/${id}`).length;
    const again = await confirm(user.token, id);
    expect(again.status).to.equal(200);
    expect(decodeToken(again.body.token).role).to.equal(3);
    expect(stripe.requestsTo('GET', `/v1/checkout/sessions/${id}`)).to.have.length(retrievals); // settled in the log
    expect(await typesOf(user.token)).to.deep.equal(['CheckoutSessionCreated', 'SubscriptionActivated']);
  });

  it("another user's Stripe session is a 404, and Stripe is not even asked", async () => {
    const [owner, other] = await Promise.all([signUpVerifiedUser(server), signUpVerifiedUser(server)]);
    const { id } = await paidAtStripe(owner.token);
    const before = stripe.requests.length;
    const answer = await confirm(other.token, id);
    expect(answer.status).to.equal(404);
    expect(answer.body.error).to.equal('No such checkout session');
    expect(stripe.requests).to.have.length(before);
    expect(await typesOf(other.token)).to.deep.equal([]);
  });

  it('checkout.session.completed activates when the browser never came back; a redelivery and the late confirmation change nothing', async () => {
    const user = await signUpVerifiedUser(server);
    const { id, subscription } = await paidAtStripe(user.token);
    const event = signedStripeEvent('checkout.session.completed', stripe.sessionObject(id), WEBHOOK_SECRET);

    const first = await deliver(event);
    expect(first.status).to.equal(200);
    expect(first.body).to.include({ received: true, applied: true });
    const activated = (await streamOf(user.token)).at(-1)!;
    expect(activated.data).to.deep.include({ via: 'webhook', stripeSubscriptionId: subscription.id, stripeCustomerId: subscription.customer });
    expect(activated.metadata).to.include({ userId: userIdOf(user.token), correlationId: event.id });

    const replay = await deliver(event);
    expect(replay.status).to.equal(200);
    expect(replay.body).to.include({ received: true, applied: false });

    const late = await confirm(user.token, id);
    expect(late.status).to.equal(200);
    expect(decodeToken(late.body.token).role).to.equal(3);
    expect(await typesOf(user.token)).to.deep.equal(['CheckoutSessionCreated', 'SubscriptionActivated']);
    expect((await profile(late.body.token, first.body.position)).body.role).to.equal(3);
  });

  it('a bad signature is a 400 with error, and nothing is appended', async () => {
    const user = await signUpVerifiedUser(server);
    const { id } = await paidAtStripe(user.token);
    const good = signedStripeEvent('checkout.session.completed', stripe.sessionObject(id), WEBHOOK_SECRET);
    const head = await server.system.events.headPosition();

    const wrongSecret = signedStripeEvent('checkout.session.completed', stripe.sessionObject(id), 'whsec_someone_else');
    const tampered = { payload: good.payload.replace('"livemode":false', '"livemode":true'), signature: good.signature };
    for (const event of [wrongSecret, tampered, { payload: good.payload, signature: 't=1,v1=00' }]) {
      const answer = await deliver(event);
      expect(answer.status).to.equal(400);
      expect(answer.body).to.deep.equal({ message: 'Invalid Stripe signature', error: 'Invalid Stripe signature' });
    }
    const unsigned = await server.call('POST', '/api/stripe/webhook', { body: good.payload });
    expect(unsigned.status).to.equal(400);
    expect(unsigned.body.error).to.equal('Missing Stripe-Signature');
    expect(await server.system.events.headPosition()).to.equal(head);
  });

  // Issue 18, item 8: the SDK's tolerance (5 minutes) holds both ways; a signature dated ahead of it is no fresher.
  it('a signature dated more than 5 minutes ahead or behind is refused; one a minute ahead (clock skew) is taken', async () => {
    const user = await signUpVerifiedUser(server);
    const { id } = await paidAtStripe(user.token);
    const { payload } = signedStripeEvent('checkout.session.completed', stripe.sessionObject(id), WEBHOOK_SECRET);
    const datedIn = (seconds: number) => ({ payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) + seconds }) });
    const head = await server.system.events.headPosition();
    for (const seconds of [600, -600]) {
      const answer = await deliver(datedIn(seconds));
      expect(answer.status, `${seconds} s`).to.equal(400);
      expect(answer.body).to.deep.equal({ message: 'Invalid Stripe signature', error: 'Invalid Stripe signature' });
    }
    expect(await server.system.events.headPosition()).to.equal(head);
    const skewed = await deliver(datedIn(60));
    expect(skewed.status).to.equal(200);
    expect(skewed.body).to.include({ received: true, applied: true });
  });

  it('customer.subscription.deleted ends the subscription once; role 1 after', async () => {
    server.clock.set('2026-11-23T07:00:00.000Z');
    const user = await subscribed();
    const deleted = signedStripeEvent('customer.subscription.deleted', { ...stripe.subscriptions.get(user.subscription.id), status: 'canceled' }, WEBHOOK_SECRET);
    const answer = await deliver(deleted);
    expect(answer.body).to.include({ received: true, applied: true });
    expect((await deliver(deleted)).body).to.include({ received: true, applied: false });

    const events = await streamOf(user.token);
    expect(events.filter((e) => e.type === 'SubscriptionEnded').map((e) => e.data)).to.deep.equal([
      { userId: userIdOf(user.token), cause: 'stripe_subscription_deleted', stripeEventId: deleted.id, endedAt: '2026-11-23T07:00:00.000Z' },
    ]);
    const read = await profile(user.token, answer.body.position);
    expect(read.body.role).to.equal(1);
    expect(read.body.subscription).to.include({ status: 'ended', ended_at: '2026-11-23T07:00:00.000Z' });
    expect((await server.call('GET', '/api/meal-plans', { token: user.token })).status).to.equal(403);
  });

  it('invoice.payment_failed ends the subscription and stops Stripe retrying the charge', async () => {
    const user = await subscribed();
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: user.subscription.id, metadata: { userId: userIdOf(user.token) } } },
    };
    const failed = signedStripeEvent('invoice.payment_failed', invoice, WEBHOOK_SECRET);
    const answer = await deliver(failed);
    expect(answer.body).to.include({ received: true, applied: true });
    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${user.subscription.id}`)).to.have.length(1);
    expect(stripe.subscriptions.get(user.subscription.id)!.status).to.equal('canceled');
    expect((await streamOf(user.token)).at(-1)!.data).to.deep.include({ cause: 'payment_failed', stripeEventId: failed.id });

    // Stripe's own deletion notice then, and the failure's redelivery, change nothing.
    const deleted = signedStripeEvent('customer.subscription.deleted', stripe.subscriptions.get(user.subscription.id), WEBHOOK_SECRET);
    expect((await deliver(deleted)).body.applied).to.equal(false);
    expect((await deliver(failed)).body.applied).to.equal(false);
    expect((await typesOf(user.token)).filter((t) => t === 'SubscriptionEnded')).to.have.length(1);
    expect((await profile(user.token, answer.body.position)).body.role).to.equal(1);
  });

  it('cancelling cancels at Stripe first, then answers a role-1 token', async () => {
    const user = await subscribed();
    const answer = await cancel(user.token, TOO_EXPENSIVE);
    expect(answer.status).to.equal(200);
    expect(decodeToken(answer.body.token).role).to.equal(1);
    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${user.subscription.id}`)).to.have.length(1);
    expect(stripe.subscriptions.get(user.subscription.id)!.status).to.equal('canceled');
    expect((await streamOf(user.token)).at(-1)!.data).to.deep.include({ reason: TOO_EXPENSIVE });
    // Stripe's notice of the deletion we asked for changes nothing more.
    const deleted = signedStripeEvent('customer.subscription.deleted', stripe.subscriptions.get(user.subscription.id), WEBHOOK_SECRET);
    expect((await deliver(deleted)).body.applied).to.equal(false);
    expect(await typesOf(user.token)).to.deep.equal(['CheckoutSessionCreated', 'SubscriptionActivated', 'SubscriptionCancelled']);
  });

  it('when Stripe is down: checkout is a 502 "Could not create checkout session", cancel a 502 that keeps the subscription', async () => {
    const user = await subscribed();
    const other = await signUpVerifiedUser(server);
    stripe.failing = true;
    const checkout = await createCheckout(other.token, 'monthly');
    expect(checkout.status).to.equal(502);
    expect(checkout.body.error).to.equal('Could not create checkout session');
    expect(await typesOf(other.token)).to.deep.equal([]);

    const cancelled = await cancel(user.token, TOO_EXPENSIVE);
    expect(cancelled.status).to.equal(502);
    expect(cancelled.body.error).to.match(/try again/);
    expect(await typesOf(user.token)).to.deep.equal(['CheckoutSessionCreated', 'SubscriptionActivated']);
  });

  it('when Stripe is down at confirmation: a 502 the success page can retry, nothing activated', async () => {
    const user = await signUpVerifiedUser(server);
    const { id } = await paidAtStripe(user.token);
    stripe.failing = true;
    const answer = await confirm(user.token, id);
    expect(answer.status).to.equal(502);
    expect(answer.body.error).to.equal('Could not reach the payment provider to confirm the subscription. Please try again.');
    expect(await typesOf(user.token)).to.deep.equal(['CheckoutSessionCreated']);
    stripe.failing = false;
    expect((await confirm(user.token, id)).status).to.equal(200);
  });

  it('events we do not use, and sessions we did not start, are acknowledged and change nothing', async () => {
    const head = await server.system.events.headPosition();
    const unused = await deliver(signedStripeEvent('customer.created', { id: 'cus_1', object: 'customer' }, WEBHOOK_SECRET));
    expect(unused.status).to.equal(200);
    expect(unused.body).to.include({ received: true, applied: false });
    const stranger = await deliver(
      signedStripeEvent('checkout.session.completed', { id: 'cs_test_elsewhere', object: 'checkout.session', client_reference_id: 'someone', payment_status: 'paid', customer: 'cus_x', subscription: 'sub_x' }, WEBHOOK_SECRET),
    );
    expect(stranger.body).to.include({ received: true, applied: false });
    expect(await server.system.events.headPosition()).to.equal(head);
  });
});
