import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { waitlistStream } from '../../events/streams.js';
import { grantRole, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';

const JOINED = "You're on the list! We'll email you when we launch.";

/** Each test calls from its own address, so the per-IP limits of one never spill into another. */
let nextIp = 10;
const fromNewIp = () => ({ 'X-Forwarded-For': `203.0.113.${nextIp++}` });

describe('waitlist and early-access metrics over HTTP (no token)', () => {
  let server: TestServer;
  let admin: { token: string };
  let subscriber: { token: string };

  before(async () => {
    server = await startTestServer();
    const [user, sub] = await Promise.all([signUpVerifiedUser(server), signUpSubscriber(server)]);
    await grantRole(server, user.token, 2);
    admin = user;
    subscriber = sub;
  });
  after(async () => server.stop());

  const head = () => server.system.events.headPosition();
  /** A GET that waits until the read models hold everything appended so far. */
  const read = async (path: string, token: string) => server.call('GET', path, { token, headers: { 'X-Min-Position': String(await head()) } });

  describe('POST /api/waitlist', () => {
    it('joining twice answers the same and keeps one entry', async () => {
      server.clock.set('2026-11-18T15:00:00.000Z');
      const headers = fromNewIp();
      const first = await server.call('POST', '/api/waitlist', { json: { email: '  Early.Bird@Example.com ', source: 'landing' }, headers });
      expect(first.status).to.equal(201);
      expect(first.body).to.deep.equal({ message: JOINED });
      server.clock.advance(3_600_000);
      const second = await server.call('POST', '/api/waitlist', { json: { email: 'early.bird@example.com', source: 'footer' }, headers });
      expect(second.status).to.equal(first.status);
      expect(second.body).to.deep.equal(first.body);
      const stored = await server.system.events.readStream(waitlistStream('early.bird@example.com'));
      expect(stored.map((e) => [e.type, e.data])).to.deep.equal([
        ['WaitlistJoined', { email: 'early.bird@example.com', source: 'landing', joinedAt: '2026-11-18T15:00:00.000Z' }],
      ]);

      const list = await read('/api/waitlist', admin.token);
      expect(list.status).to.equal(200);
      const entries = list.body.filter((e: { email: string }) => e.email === 'early.bird@example.com');
      expect(entries).to.deep.equal([{ email: 'early.bird@example.com', source: 'landing', joined_at: '2026-11-18T15:00:00.000Z' }]);
    });

    it('the source defaults to landing', async () => {
      const answer = await server.call('POST', '/api/waitlist', { json: { email: 'nosource@example.com' }, headers: fromNewIp() });
      expect(answer.status).to.equal(201);
      const list = await read('/api/waitlist', admin.token);
      expect(list.body.find((e: { email: string }) => e.email === 'nosource@example.com')).to.include({ source: 'landing' });
    });

    it('a bad e-mail or body is a 400 with error, and nothing is appended', async () => {
      const before = await head();
      const cases: Array<[unknown, string | RegExp]> = [
        [{ email: 'not-an-address', source: 'landing' }, 'Please enter a valid e-mail address'],
        [{ email: '   ', source: 'landing' }, 'Please enter your e-mail address'],
        [{ source: 'landing' }, 'Please enter your e-mail address'],
        [{ email: 42 }, 'Please enter your e-mail address'],
        [{ email: 'ok@example.com', source: 'x'.repeat(51) }, 'The source must be at most 50 characters'],
        [{ email: 'ok@example.com', name: 'Ann' }, /name/],
      ];
      for (const [json, message] of cases) {
        const answer = await server.call('POST', '/api/waitlist', { json, headers: fromNewIp() });
        expect(answer.status, JSON.stringify(json)).to.equal(400);
        if (typeof message === 'string') expect(answer.body.error).to.equal(message);
        else expect(answer.body.error).to.match(message);
        expect(answer.body.message).to.equal(answer.body.error);
      }
      const malformed = await server.call('POST', '/api/waitlist', { body: '{"email":', headers: fromNewIp() });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.error).to.equal('Malformed JSON body');
      const huge = await server.call('POST', '/api/waitlist', { json: { email: 'big@example.com', source: 'x'.repeat(3000) }, headers: fromNewIp() });
      expect(huge.status).to.equal(413);
      expect(huge.body.error).to.equal('Request body is too large');
      expect(await head()).to.equal(before);
    });

    it('one address may try ten times in the window; the eleventh is a 429 with error, another address is unaffected', async () => {
      const headers = fromNewIp();
      for (let i = 0; i < 10; i += 1) {
        const answer = await server.call('POST', '/api/waitlist', { json: { email: `flood${i}@example.com` }, headers });
        expect(answer.status, `attempt ${i + 1}`).to.equal(201);
      }
      const before = await head();
      const limited = await server.call('POST', '/api/waitlist', { json: { email: 'flood10@example.com' }, headers });
      expect(limited.status).to.equal(429);
      expect(limited.body.error).to.equal(limited.body.message).and.match(/^Too many sign-ups from your network\. Try again in \d+ minute/);
      expect(Number(limited.headers.get('retry-after'))).to.be.above(0);
      expect(await head()).to.equal(before);
      expect((await server.call('POST', '/api/waitlist', { json: { email: 'other@example.com' }, headers: fromNewIp() })).status).to.equal(201);
    });

    it('the list is for admins only', async () => {
      expect((await server.call('GET', '/api/waitlist')).status).to.equal(401);
      const denied = await read('/api/waitlist', subscriber.token);
      expect(denied.status).to.equal(403);
      expect(denied.body.message).to.equal('Only admins can see the waitlist');
    });
  });

  describe('POST /api/metrics/early-access-click', () => {
    it('counts beacon clicks (JSON sent as text/plain) and fetch clicks per plan per UTC day', async () => {
      server.clock.set('2026-11-18T23:59:00.000Z');
      const headers = fromNewIp();
      const beacon = (plan: string) =>
        server.call('POST', '/api/metrics/early-access-click', {
          body: JSON.stringify({ plan }),
          headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
        });
      for (const plan of ['annual', 'annual', 'monthly']) {
        const answer = await beacon(plan);
        expect(answer.status).to.equal(204);
        expect(answer.body).to.equal(undefined);
      }
      server.clock.set('2026-11-19T00:00:01.000Z');
      const viaFetch = await server.call('POST', '/api/metrics/early-access-click', { json: { plan: 'monthly' }, headers });
      expect(viaFetch.status).to.equal(204);

      const day18 = await server.system.events.readStream('metrics-2026-11-18');
      expect(day18.map((e) => e.data)).to.deep.equal([
        { plan: 'annual', clickedAt: '2026-11-18T23:59:00.000Z' },
        { plan: 'annual', clickedAt: '2026-11-18T23:59:00.000Z' },
        { plan: 'monthly', clickedAt: '2026-11-18T23:59:00.000Z' },
      ]);
      expect((await server.system.events.readStream('metrics-2026-11-19')).map((e) => e.type)).to.deep.equal(['EarlyAccessClicked']);

      const report = await read('/api/metrics/early-access-clicks', admin.token);
      expect(report.status).to.equal(200);
      expect(report.body).to.deep.equal({
        days: [
          { day: '2026-11-18', monthly: 1, annual: 2 },
          { day: '2026-11-19', monthly: 1, annual: 0 },
        ],
        totals: { monthly: 2, annual: 2 },
      });
    });

    it('a bad plan or body is a 400 (413 when too large), and nothing is appended', async () => {
      const headers = fromNewIp();
      const before = await head();
      const send = (body: string, contentType = 'text/plain;charset=UTF-8') =>
        server.call('POST', '/api/metrics/early-access-click', { body, headers: { ...headers, 'content-type': contentType } });
      for (const body of ['{"plan":"annually"}', '{"plan":"Monthly"}', '{}', '', '{"plan":"monthly","extra":1}', '[]']) {
        const answer = await send(body);
        expect(answer.status, body).to.equal(400);
        expect(answer.body.message, body).to.be.a('string').and.not.equal('');
      }
      expect((await send('{"plan":"annual"}')).status).to.equal(204);
      const afterGood = await head();
      expect((await send('{"plan":')).body.message).to.equal('Malformed JSON body');
      expect((await send('{"plan":"monthly"}', 'application/json')).status).to.equal(204);
      const huge = await send(JSON.stringify({ plan: 'monthly', pad: 'x'.repeat(2000) }));
      expect(huge.status).to.equal(413);
      expect((await send(JSON.stringify({ plan: 'monthly', pad: 'x'.repeat(2000) }), 'application/json')).status).to.equal(413);
      expect(afterGood - before).to.equal(1);
      expect((await head()) - afterGood).to.equal(1);
      expect((await send('{"plan":"annual"}', 'application/json')).status).to.equal(204);
    });

    it('an address gets 60 clicks in the window, then a 429 and nothing counted', async () => {
      const headers = { ...fromNewIp(), 'content-type': 'text/plain;charset=UTF-8' };
      const body = JSON.stringify({ plan: 'monthly' });
      const statuses = await Promise.all(
        Array.from({ length: 60 }, () => server.call('POST', '/api/metrics/early-access-click', { body, headers }).then((r) => r.status)),
      );
      expect(statuses.every((s) => s === 204)).to.equal(true);
      const before = await head();
      const limited = await server.call('POST', '/api/metrics/early-access-click', { body, headers });
      expect(limited.status).to.equal(429);
      expect(limited.body.message).to.match(/^Too many clicks from your network\./);
      expect(await head()).to.equal(before);
    });

    it('the report is for admins only', async () => {
      expect((await server.call('GET', '/api/metrics/early-access-clicks')).status).to.equal(401);
      expect((await read('/api/metrics/early-access-clicks', subscriber.token)).status).to.equal(403);
    });
  });
});
