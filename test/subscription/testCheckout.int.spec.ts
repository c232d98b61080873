import { expect } from 'chai';
import { decodeToken, grantRole, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

const TOO_EXPENSIVE = "It's too expensive for me right now ($6.99/month).";

describe('subscription over HTTP, local test checkout (no Stripe key)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.stop());

  const minPosition = (position: number) => ({ 'X-Min-Position': String(position) });
  const subscriptionEvents = async (token: string) =>
    (await server.system.events.readStream(`subscription-${decodeToken(token).sub}`)).map((e) => e.type);
  const createCheckout = (token: string | undefined, json: unknown) => server.call('POST', '/api/early-access/create-checkout-session', { token, json });
  const pay = (token: string | undefined, id: string) => server.call('POST', `/api/test-checkout/${id}/pay`, { token });
  const checkoutPage = (token: string | undefined, id: string, position = 0) =>
    server.call('GET', `/api/test-checkout/${id}`, { token, headers: minPosition(position) });
  const confirm = (token: string | undefined, id: string) => server.call('GET', `/api/subscribe/confirm-subscription?session_id=${id}`, { token });
  const cancel = (token: string | undefined, json: unknown) => server.call('POST', '/api/subscribe/cancel-subscription', { token, json });
  const profile = (token: string, position: number) => server.call('GET', '/api/profile', { token, headers: minPosition(position) });

  /** Checkout and pay, not yet confirmed. */
  async function paidCheckout(token: string, interval = 'monthly') {
    const created = await createCheckout(token, { interval });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const paid = await pay(token, created.body.checkoutSessionId);
    expect(paid.status).to.equal(200);
    return created.body.checkoutSessionId as string;
  }

  it('a user subscribes: checkout, the test checkout page, Pay, confirmation; the token and the profile say role 3', async () => {
    server.clock.set('2026-11-20T10:00:00.000Z');
    const user = await signUpVerifiedUser(server);
    expect(decodeToken(user.token).role).to.equal(1);

    const created = await createCheckout(user.token, { interval: 'annually' });
    expect(created.status).to.equal(201);
    const id = created.body.checkoutSessionId;
    expect(id).to.match(/^cs_test_local_[0-9a-f-]{36}$/);
    expect(created.body.url).to.equal(`/test-checkout/${id}`);
    expect(created.body.position).to.be.a('number').above(0);

    const page = await checkoutPage(user.token, id, created.body.position);
    expect(page.status).to.equal(200);
    expect(page.body).to.deep.equal({ checkoutSessionId: id, interval: 'annually', amountCents: 7499, planName: 'Founding Member Plan', status: 'open', testMode: true });

    const paid = await pay(user.token, id);
    expect(paid.status).to.equal(200);
    expect(paid.body.url).to.equal(`/subscription-success?session_id=${id}`);
    expect((await checkoutPage(user.token, id, paid.body.position)).body.status).to.equal('paid');

    server.clock.set('2026-11-20T10:05:00.000Z');
    const confirmed = await confirm(user.token, id);
    expect(confirmed.status).to.equal(200);
    expect(decodeToken(confirmed.body.token)).to.include({ role: 3, sub: decodeToken(user.token).sub });
    expect(confirmed.body.position).to.be.above(paid.body.position);
    expect((await checkoutPage(user.token, id, confirmed.body.position)).body.status).to.equal('activated');

    const read = await profile(confirmed.body.token, confirmed.body.position);
    expect(read.body.role).to.equal(3);
    expect(read.body.subscription).to.deep.equal({ status: 'active', interval: 'annually', since: '2026-11-20T10:05:00.000Z', ended_at: null });
    expect(read.body.initial_plan_generated).to.equal(false);
    expect(read.body).to.not.have.property('granted_role');
    expect(await subscriptionEvents(user.token)).to.deep.equal(['CheckoutSessionCreated', 'TestCheckoutPaid', 'SubscriptionActivated']);

    // Role-3 endpoints on both sides let them in now.
    expect((await server.call('GET', '/api/meal-plans', { token: confirmed.body.token, headers: minPosition(confirmed.body.position) })).status).to.equal(200);
    expect((await server.call('POST', '/api/ticket-report', { token: confirmed.body.token, json: { component: 'Profile', description: 'hello' } })).status).to.equal(201);
  });

  it('a monthly checkout costs the configured $6.99', async () => {
    const user = await signUpVerifiedUser(server);
    const created = await createCheckout(user.token, { interval: 'monthly' });
    const page = await checkoutPage(user.token, created.body.checkoutSessionId, created.body.position);
    expect(page.body).to.include({ interval: 'monthly', amountCents: 699, planName: 'Founding Member Plan', testMode: true });
  });

  it('every subscription call needs a token: 401 with error and message', async () => {
    const answers = await Promise.all([
      createCheckout(undefined, { interval: 'monthly' }),
      pay(undefined, 'cs_test_local_x'),
      checkoutPage(undefined, 'cs_test_local_x'),
      confirm(undefined, 'cs_test_local_x'),
      cancel(undefined, { reason: TOO_EXPENSIVE }),
    ]);
    for (const answer of answers) {
      expect(answer.status).to.equal(401);
      expect(answer.body.error).to.be.a('string').and.equal(answer.body.message);
    }
  });

  it('an interval other than monthly or annually is a 400 naming it, and nothing is recorded', async () => {
    const user = await signUpVerifiedUser(server);
    for (const json of [{ interval: 'weekly' }, {}, { interval: 1 }, { interval: 'monthly', coupon: 'FREE' }]) {
      const answer = await createCheckout(user.token, json);
      expect(answer.status, JSON.stringify(json)).to.equal(400);
      expect(answer.body.error).to.equal(answer.body.message);
      expect(answer.body.error).to.match(/interval|coupon/);
    }
    const malformed = await server.call('POST', '/api/early-access/create-checkout-session', { token: user.token, body: '{"interval":' });
    expect(malformed.status).to.equal(400);
    expect(malformed.body).to.deep.equal({ message: 'Malformed JSON body', error: 'Malformed JSON body' });
    expect(await subscriptionEvents(user.token)).to.deep.equal([]);
  });

  it('confirming an unpaid checkout is a 409 and activates nothing', async () => {
    const user = await signUpVerifiedUser(server);
    const created = await createCheckout(user.token, { interval: 'monthly' });
    const answer = await confirm(user.token, created.body.checkoutSessionId);
    expect(answer.status).to.equal(409);
    expect(answer.body).to.deep.equal({ message: 'This checkout has not been paid', error: 'This checkout has not been paid' });
    expect(await subscriptionEvents(user.token)).to.deep.equal(['CheckoutSessionCreated']);
  });

  it("confirming an unknown session, or another user's paid one, is a 404 and activates nothing", async () => {
    const [owner, other] = await Promise.all([signUpVerifiedUser(server), signUpVerifiedUser(server)]);
    const id = await paidCheckout(owner.token);
    for (const sessionId of ['cs_test_local_00000000-0000-4000-8000-000000000000', id, '__proto__', 'constructor']) {
      const answer = await confirm(other.token, sessionId);
      expect(answer.status, sessionId).to.equal(404);
      expect(answer.body.error).to.equal('No such checkout session');
    }
    const missing = await server.call('GET', '/api/subscribe/confirm-subscription', { token: other.token });
    expect(missing.status).to.equal(400);
    expect(missing.body.error).to.equal('session_id is required');
    expect(await subscriptionEvents(other.token)).to.deep.equal([]);
    expect(await subscriptionEvents(owner.token)).to.deep.equal(['CheckoutSessionCreated', 'TestCheckoutPaid']);
  });

  it("another user's test checkout cannot be read or paid (404)", async () => {
    const [owner, other] = await Promise.all([signUpVerifiedUser(server), signUpVerifiedUser(server)]);
    const created = await createCheckout(owner.token, { interval: 'monthly' });
    const id = created.body.checkoutSessionId;
    const read = await checkoutPage(other.token, id, created.body.position);
    expect(read.status).to.equal(404);
    expect(read.body.error).to.equal('No such checkout session');
    expect((await pay(other.token, id)).status).to.equal(404);
    expect((await pay(owner.token, 'not-a-session')).status).to.equal(404);
    expect(await subscriptionEvents(owner.token)).to.deep.equal(['CheckoutSessionCreated']);
  });

  it('confirming twice (and at once) activates once; paying twice pays once', async () => {
    const user = await signUpVerifiedUser(server);
    const created = await createCheckout(user.token, { interval: 'monthly' });
    const id = created.body.checkoutSessionId;
    expect((await pay(user.token, id)).status).to.equal(200);
    expect((await pay(user.token, id)).status).to.equal(200);
    const answers = await Promise.all([confirm(user.token, id), confirm(user.token, id), confirm(user.token, id)]);
    for (const answer of answers) {
      expect(answer.status).to.equal(200);
      expect(decodeToken(answer.body.token).role).to.equal(3);
    }
    expect((await confirm(user.token, id)).status).to.equal(200);
    expect(await subscriptionEvents(user.token)).to.deep.equal(['CheckoutSessionCreated', 'TestCheckoutPaid', 'SubscriptionActivated']);
  });

  it('a user may start 20 checkouts an hour; the 21st is a 429 that records nothing', async () => {
    const user = await signUpVerifiedUser(server);
    for (let i = 0; i < 20; i += 1) expect((await createCheckout(user.token, { interval: 'monthly' })).status).to.equal(201);
    const refused = await createCheckout(user.token, { interval: 'monthly' });
    expect(refused.status).to.equal(429);
    expect(refused.body.error).to.equal('Too many checkout attempts. Please try again in an hour.');
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 3600);
    expect(await subscriptionEvents(user.token)).to.have.length(20);
  });

  it('a subscriber cannot start a second checkout (409)', async () => {
    const subscriber = await signUpSubscriber(server);
    const answer = await createCheckout(subscriber.token, { interval: 'annually' });
    expect(answer.status).to.equal(409);
    expect(answer.body.error).to.equal('You already have an active subscription');
  });

  it('cancelling without a subscription is a 409 with error, and records nothing', async () => {
    const user = await signUpVerifiedUser(server);
    const answer = await cancel(user.token, { reason: TOO_EXPENSIVE });
    expect(answer.status).to.equal(409);
    expect(answer.body).to.deep.equal({ message: 'You have no active subscription to cancel', error: 'You have no active subscription to cancel' });
    expect(await subscriptionEvents(user.token)).to.deep.equal([]);
  });

  it('cancelling ends it at once: a role-1 token, the profile says cancelled, role-3 endpoints refuse even the old token', async () => {
    server.clock.set('2026-11-21T08:00:00.000Z');
    const subscriber = await signUpSubscriber(server);
    server.clock.set('2026-11-21T09:30:00.000Z');
    const answer = await cancel(subscriber.token, { reason: '' });
    expect(answer.status).to.equal(200);
    expect(answer.body.message).to.equal("We're sorry to see you go! Your subscription has been canceled immediately.");
    expect(decodeToken(answer.body.token)).to.include({ role: 1, sub: decodeToken(subscriber.token).sub });
    const events = await server.system.events.readStream(`subscription-${decodeToken(subscriber.token).sub}`);
    expect(events.at(-1)).to.deep.include({ type: 'SubscriptionCancelled' });
    expect(events.at(-1)!.data).to.deep.equal({ userId: decodeToken(subscriber.token).sub, reason: 'Other (no details)', cancelledAt: '2026-11-21T09:30:00.000Z' });

    const read = await profile(answer.body.token, answer.body.position);
    expect(read.body.role).to.equal(1);
    expect(read.body.subscription).to.deep.equal({ status: 'cancelled', interval: 'monthly', since: '2026-11-21T08:00:00.000Z', ended_at: '2026-11-21T09:30:00.000Z' });

    for (const token of [subscriber.token, answer.body.token]) {
      const meals = await server.call('GET', '/api/meal-plans', { token, headers: minPosition(answer.body.position) });
      expect(meals.status).to.equal(403);
      const ticket = await server.call('POST', '/api/ticket-report', { token, json: { component: 'Profile', description: 'still here?' } });
      expect(ticket.status).to.equal(403);
    }
    const again = await cancel(answer.body.token, { reason: TOO_EXPENSIVE });
    expect(again.status).to.equal(409);
  });

  it('the reason is kept as the cancel page sent it: a fixed text, or the Other text', async () => {
    for (const [sent, kept] of [
      [TOO_EXPENSIVE, TOO_EXPENSIVE],
      ['  I moved to a gym with coaches  ', 'I moved to a gym with coaches'],
      ['Other', 'Other (no details)'],
    ]) {
      const subscriber = await signUpSubscriber(server);
      expect((await cancel(subscriber.token, { reason: sent })).status).to.equal(200);
      const events = await server.system.events.readStream(`subscription-${decodeToken(subscriber.token).sub}`);
      expect((events.at(-1)!.data as { reason: string }).reason).to.equal(kept);
    }
  });

  it('a cancel with a bad reason is a 400 and the subscription stays', async () => {
    const subscriber = await signUpSubscriber(server);
    for (const json of [{}, { reason: 5 }, { reason: 'x'.repeat(1001) }, { reason: 'fine', extra: true }]) {
      const answer = await cancel(subscriber.token, json);
      expect(answer.status, JSON.stringify(json)).to.equal(400);
      expect(answer.body.error).to.equal(answer.body.message);
    }
    expect(await subscriptionEvents(subscriber.token)).to.deep.equal(['CheckoutSessionCreated', 'TestCheckoutPaid', 'SubscriptionActivated']);
  });

  it('staff keep role 2 through subscribing and cancelling', async () => {
    const staff = await signUpVerifiedUser(server);
    await grantRole(server, staff.token, 2);
    const id = await paidCheckout(staff.token);
    const confirmed = await confirm(staff.token, id);
    expect(confirmed.status).to.equal(200);
    expect(decodeToken(confirmed.body.token).role).to.equal(2);
    const cancelled = await cancel(confirmed.body.token, { reason: TOO_EXPENSIVE });
    expect(cancelled.status).to.equal(200);
    expect(decodeToken(cancelled.body.token).role).to.equal(2);
    expect((await profile(cancelled.body.token, cancelled.body.position)).body.role).to.equal(2);
    expect((await server.call('GET', '/api/tickets', { token: cancelled.body.token })).status).to.equal(200);
  });

  it('after cancelling, the old checkout does not confirm again (409), and a new checkout subscribes again', async () => {
    const subscriber = await signUpSubscriber(server);
    await cancel(subscriber.token, { reason: TOO_EXPENSIVE });
    const old = await confirm(subscriber.token, subscriber.checkoutSessionId);
    expect(old.status).to.equal(409);
    expect(old.body.error).to.match(/ended/);
    const id = await paidCheckout(subscriber.token, 'annually');
    const confirmed = await confirm(subscriber.token, id);
    expect(decodeToken(confirmed.body.token).role).to.equal(3);
    const read = await profile(confirmed.body.token, confirmed.body.position);
    expect(read.body.subscription).to.include({ status: 'active', interval: 'annually', ended_at: null });
  });

  it('a new login after subscribing gives a role-3 token (the role is folded from the log)', async () => {
    const subscriber = await signUpSubscriber(server);
    const login = await server.call('POST', '/api/login', { json: { identifier: subscriber.email, password: subscriber.payload.password } });
    expect(decodeToken(login.body.token).role).to.equal(3);
  });
});
