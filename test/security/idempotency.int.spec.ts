import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { mailsArriving, signupPayload, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { samplePlan } from '../workouts/plan.js';

/** Issue 9, item 1: an Idempotency-Key is scoped to the caller and the route and remembers the request's body. */
describe('Idempotency-Key reuse (issue 9.1)', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  const head = () => server.system.events.headPosition();
  const profile = (overrides: Record<string, unknown> = {}) => ({
    name: 'Kim',
    age: 31,
    gender: 'Female',
    height: 66,
    weight: 150,
    targetWeight: 140,
    ...overrides,
  });

  it('answers 422 naming the key when two different sign-ups share one key, and appends nothing for the second', async () => {
    const headers = { 'Idempotency-Key': 'shared-signup-key-1' };
    const first = signupPayload();
    const second = signupPayload();
    const one = await server.call('POST', '/api/signup-email', { json: first, headers });
    expect(one.status).to.equal(201);
    const before = await head();

    const two = await server.call('POST', '/api/signup-email', { json: second, headers });

    expect(two.status).to.equal(422);
    expect(two.body.message).to.contain('shared-signup-key-1');
    expect(await head()).to.equal(before);
    // The second address is not stuck: without the reused key it signs up and gets its mail.
    const fresh = await server.call('POST', '/api/signup-email', { json: second, headers: { 'Idempotency-Key': 'fresh-signup-key-2' } });
    expect(fresh.status).to.equal(201);
    await server.system.projector.waitFor(fresh.body.position, 5000);
    expect(await mailsArriving(server, second.email, 1)).to.have.length(1);
  });

  it('replays the first answer for a retry with the same body and appends nothing', async () => {
    const headers = { 'Idempotency-Key': 'signup-retry-key-1' };
    const payload = signupPayload();
    const one = await server.call('POST', '/api/signup-email', { json: payload, headers });
    const before = await head();
    const again = await server.call('POST', '/api/signup-email', { json: payload, headers });
    expect(one.status).to.equal(201);
    expect(again.status).to.equal(201);
    expect(again.body).to.deep.equal(one.body);
    expect(await head()).to.equal(before);
  });

  it('keeps a key used on save-plan apart from the same key on a profile save: both are applied whole', async () => {
    const { token } = await signUpSubscriber(server);
    const headers = { 'Idempotency-Key': 'one-key-two-routes' };
    const saved = await server.call('POST', '/api/savePlan', { token, json: samplePlan(), headers });
    expect(saved.status).to.equal(201);

    const updated = await server.call('PUT', '/api/profile', { token, json: profile({ name: 'Kim Updated' }), headers });

    expect(updated.status).to.equal(200);
    expect(updated.body.message).to.equal('Profile updated successfully!');
    const read = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(updated.body.position) } });
    expect(read.body.name).to.equal('Kim Updated');
  });

  it('answers 422 for the same key on one route with a different body, and the first save stands', async () => {
    const { token } = await signUpVerifiedUser(server);
    const headers = { 'Idempotency-Key': 'profile-key-0001' };
    const first = await server.call('PUT', '/api/profile', { token, json: profile({ name: 'First' }), headers });
    expect(first.status).to.equal(200);
    const before = await head();
    const second = await server.call('PUT', '/api/profile', { token, json: profile({ name: 'Second', weight: 149 }), headers });
    expect(second.status).to.equal(422);
    expect(second.body.message).to.contain('profile-key-0001');
    expect(await head()).to.equal(before);
  });

  it('forgets a key after 24 hours: the same key then applies a new request', async () => {
    const { token } = await signUpVerifiedUser(server);
    const headers = { 'Idempotency-Key': 'profile-key-expiring' };
    expect((await server.call('PUT', '/api/profile', { token, json: profile({ name: 'Day one' }), headers })).status).to.equal(200);
    server.clock.advance(24 * 3600 * 1000 + 1000);
    const later = await server.call('PUT', '/api/profile', { token, json: profile({ name: 'Day two' }), headers });
    server.clock.advance(-(24 * 3600 * 1000 + 1000));
    expect(later.status).to.equal(200);
    const read = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(later.body.position) } });
    expect(read.body.name).to.equal('Day two');
  });
});
