import { expect } from 'chai';
import http from 'node:http';
import { signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ask } from '../chat/support.js';
import { samplePlan } from '../workouts/plan.js';

/**
 * Issue 18, the soak's giant chat messages, plan flood and ticket flood: a body that cannot be a question within the token
 * budget, and a question, ticket or plan save once the user's budget is spent, are refused before the body is read. Each request below announces a
 * megabyte and sends only its first bytes: an answer that comes anyway can only have been given without reading the
 * rest (before, the server waited for all of it, then parsed and checked it: about 30 ms of the event loop each).
 */
describe('refusals that never wait for the body (issue 18, soak)', function () {
  this.timeout(20_000);
  let server: TestServer;
  const open: http.ClientRequest[] = [];

  /** POSTs to `path` announcing `length` bytes and sending only the first of them, then waits for the answer. */
  const announceOnly = (token: string, length: number, path = '/api/chat') =>
    new Promise<{ status: number; body: any; retryAfter?: string }>((resolve, reject) => {
      const req = http.request(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(length) },
      });
      open.push(req);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: JSON.parse(text), retryAfter: res.headers['retry-after'] });
        });
      });
      req.on('error', reject);
      req.write('{"message":"' + 'a'.repeat(1000));
      req.flushHeaders();
    });

  before(async () => {
    server = await startTestServer({ CHAT_BURST_LIMIT: '2', CHAT_MAX_INPUT_TOKENS: '4000', TICKET_MAX_PER_HOUR: '2', PLAN_SAVES_MAX_PER_HOUR: '2' });
  });
  after(async () => {
    for (const req of open) req.destroy();
    await server.stop();
  });

  it('a body longer than the token budget could ever need is a 413 TOKEN_LIMIT_EXCEEDED before it is read', async () => {
    const { token } = await signUpSubscriber(server);
    // 60,000 bytes: more than twelve bytes for each of the 4,000 tokens the budget allows.
    const res = await announceOnly(token, 60_000);
    expect(res.status).to.equal(413);
    expect(res.body.error).to.equal('TOKEN_LIMIT_EXCEEDED');
  });

  it("once the hour's tickets are sent, a ticket is a 429 with Retry-After before its body is read", async () => {
    const { token } = await signUpSubscriber(server);
    for (let i = 0; i < 2; i += 1) expect((await server.call('POST', '/api/ticket-report', { json: { component: 'Chat', description: `Ticket ${i}` }, token })).status).to.equal(201);
    const res = await announceOnly(token, 40_000, '/api/ticket-report');
    expect(res.status).to.equal(429);
    expect(Number(res.retryAfter)).to.be.within(1, 3600);
  });

  it("once the hour's plan saves are spent, a save is a 429 with Retry-After before its body is read", async () => {
    const { token } = await signUpSubscriber(server);
    for (let i = 0; i < 2; i += 1) expect((await server.call('POST', '/api/savePlan', { json: samplePlan({ name: `Plan ${i}` }), token })).status).to.equal(201);
    const res = await announceOnly(token, 90_000, '/api/savePlan');
    expect(res.status).to.equal(429);
    expect(res.body.message).to.match(/^You have saved 2 plans in the last hour\. You can save another in \d+ (minute|second)s?\.$/);
    expect(Number(res.retryAfter)).to.be.within(1, 3600);
  });

  it('once the burst is spent, a question is a 429 with Retry-After before its body is read', async () => {
    const { token } = await signUpSubscriber(server);
    for (let i = 0; i < 2; i += 1) expect((await server.call('POST', '/api/chat', { json: ask('a'.repeat(60_000)), token })).status).to.equal(413);
    const res = await announceOnly(token, 40_000);
    expect(res.status).to.equal(429);
    expect(Number(res.retryAfter)).to.be.within(1, 60);
  });
});
