import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpSubscriber } from '../support/accounts.js';
import { samplePlan } from '../workouts/plan.js';
import { gramsStylePlan } from '../meals/http.js';

describe('Idempotency-Key', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  const retried = async (token: string, path: string, json: unknown, key: string) => {
    const headers = { 'Idempotency-Key': key };
    const first = await server.call('POST', path, { token, json, headers });
    const head = await server.system.events.headPosition();
    const again = await server.call('POST', path, { token, json, headers });
    return { first, again, appendedByRetry: (await server.system.events.headPosition()) - head };
  };

  it('applies a retried save or ticket once and answers the same ids', async () => {
    const { token } = await signUpSubscriber(server);
    for (const [path, body, idField] of [
      ['/api/savePlan', samplePlan(), 'regimenId'],
      ['/api/savePlan', gramsStylePlan(), 'mealPlanId'],
      ['/api/ticket-report', { component: 'Chat', description: 'Sent twice by a flaky network' }, 'ticketId'],
    ] as const) {
      const { first, again, appendedByRetry } = await retried(token, path, body, `retry-${idField}-0001`);
      expect(first.status, path).to.equal(201);
      expect(again.status, path).to.equal(201);
      expect(again.body[idField], path).to.equal(first.body[idField]);
      expect(appendedByRetry, path).to.equal(0);
    }
  });

  it('keeps two users who send the same key apart', async () => {
    const a = await signUpSubscriber(server);
    const b = await signUpSubscriber(server);
    const headers = { 'Idempotency-Key': 'same-key-for-both' };
    const savedA = await server.call('POST', '/api/savePlan', { token: a.token, json: samplePlan({ name: 'A' }), headers });
    const savedB = await server.call('POST', '/api/savePlan', { token: b.token, json: samplePlan({ name: 'B' }), headers });
    expect(savedA.status).to.equal(201);
    expect(savedB.status).to.equal(201);
    expect(savedB.body.regimenId).to.not.equal(savedA.body.regimenId);
    const listB = await server.call('GET', '/api/workouts', { token: b.token, headers: { 'X-Min-Position': String(savedB.body.position) } });
    expect(listB.body.map((r: { name: string }) => r.name)).to.deep.equal(['B']);
  });

  it('refuses a key of the wrong shape', async () => {
    const { token } = await signUpSubscriber(server);
    const res = await server.call('POST', '/api/savePlan', { token, json: samplePlan(), headers: { 'Idempotency-Key': 'x' } });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/Idempotency-Key/);
  });
});
