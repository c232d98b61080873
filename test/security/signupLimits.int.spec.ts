import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { mailsArriving, signupPayload, verificationLink } from '../support/accounts.js';
import { mailsTo } from '../../scripts/support/outbox.js';

/** Issue 9, item 4: sign-up and resend are limited per IP and per address; an unverified claim expires. */
describe('sign-up and resend limits (issue 9.4)', () => {
  let server: TestServer;
  // The test server lifts the per-IP sign-up budget for the other suites; this one runs with the real defaults.
  before(async () => (server = await startTestServer({ SIGNUP_MAX_PER_IP: '10' })));
  after(async () => server.stop());

  it('stops the 11th sign-up from one IP within the hour with 429, Retry-After and a message a person can act on', async () => {
    const ip = { 'X-Forwarded-For': '203.0.113.7' };
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push(await server.call('POST', '/api/signup-email', { json: signupPayload(), headers: ip }));
    expect(answers.slice(0, 10).map((a) => a.status)).to.deep.equal(Array(10).fill(201));
    const refused = answers[10]!;
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.above(0);
    expect(refused.body.message).to.match(/Too many sign-ups from your network\. Try again in \d+ minute/);
    // Another network is not affected.
    const other = await server.call('POST', '/api/signup-email', { json: signupPayload(), headers: { 'X-Forwarded-For': '198.51.100.9' } });
    expect(other.status).to.equal(201);
  });

  it('sends at most 3 mails per address per hour however often resend is asked', async () => {
    const payload = signupPayload();
    const headers = { 'X-Forwarded-For': '192.0.2.44' };
    expect((await server.call('POST', '/api/signup-email', { json: payload, headers })).status).to.equal(201);
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await server.call('POST', '/api/resend-verification', { json: { email: payload.email }, headers }));
    expect(answers.slice(0, 2).map((a) => a.status)).to.deep.equal([202, 202]);
    const refused = answers[2]!;
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.above(0);
    expect(refused.body.message).to.match(/^Too many mails to this address\..* Try again in \d+ minute/);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(server.dataDir, payload.email)).to.have.length(3);
  });

  it('lets someone else sign up with an address whose account stayed unverified for 7 days', async () => {
    const squatter = signupPayload();
    expect((await server.call('POST', '/api/signup-email', { json: squatter, headers: { 'X-Forwarded-For': '192.0.2.50' } })).status).to.equal(201);
    const squattersLink = new URL(await verificationLink(server, squatter.email));
    server.clock.advance(7 * 24 * 3600 * 1000 + 60_000);
    try {
      const owner = signupPayload({ email: squatter.email, password: 'owners-pass' });
      const res = await server.call('POST', '/api/signup-email', { json: owner, headers: { 'X-Forwarded-For': '192.0.2.51' } });
      expect(res.status).to.equal(201);
      await server.system.projector.waitFor(res.body.position, 5000);
      // The squatter's old link no longer verifies anything; the owner's does, and the owner logs in.
      const stale = await server.call('GET', squattersLink.pathname + squattersLink.search);
      expect(stale.status).to.equal(400);
      const links = (await mailsArriving(server, squatter.email, 2)).map((m) => /(https?:\/\/\S+\/api\/verify-email\?token=\S+)/.exec(m)![1]!);
      const ownersLink = new URL(links.find((l) => l !== squattersLink.href)!);
      expect((await server.call('GET', ownersLink.pathname + ownersLink.search)).status).to.equal(302);
      const login = await server.call('POST', '/api/login', { json: { identifier: squatter.email, password: 'owners-pass' } });
      expect(login.status).to.equal(200);
    } finally {
      server.clock.advance(-(7 * 24 * 3600 * 1000 + 60_000));
    }
  });
});
