import { expect } from 'chai';
import { decodeToken, signUpStaff, signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Issue 18, item 6: one subscriber cannot flood the staff's ticket list, and the list comes a page at a time. */
describe('tickets: per-user limits and a paged staff list (issue 18.6)', function () {
  this.timeout(120_000);

  describe('the per-user budget', () => {
    let server: TestServer;
    before(async () => (server = await startTestServer()));
    after(async () => server.stop());

    it('past 5 tickets in an hour: 429 with Retry-After and a sentence, nothing recorded; another subscriber is not held', async () => {
      const flooder = await signUpSubscriber(server);
      const other = await signUpSubscriber(server);
      const report = (token: string) => server.call('POST', '/api/ticket-report', { token, json: { component: 'Chat', description: 'x'.repeat(5000) } });
      for (let i = 0; i < 5; i += 1) expect((await report(flooder.token)).status).to.equal(201);

      const before = await server.system.events.headPosition();
      const refused = await report(flooder.token);
      expect(refused.status).to.equal(429);
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 3600);
      expect(refused.body.message).to.match(/^You have sent 5 tickets in the last hour\. You can send another in \d+ minutes?\.$/);
      // The ticket page reads `error`.
      expect(refused.body.error).to.equal(refused.body.message);
      expect(await server.system.events.headPosition()).to.equal(before);

      expect((await report(other.token)).status).to.equal(201);
    });

    it('past 20 in a day, even spread over hours: 429 saying so', async () => {
      const day = await startTestServer({ TICKET_MAX_PER_HOUR: '100' });
      try {
        const { token } = await signUpSubscriber(day);
        for (let i = 0; i < 20; i += 1) expect((await day.call('POST', '/api/ticket-report', { token, json: { component: 'Home', description: `t${i}` } })).status).to.equal(201);
        const refused = await day.call('POST', '/api/ticket-report', { token, json: { component: 'Home', description: 'one more' } });
        expect(refused.status).to.equal(429);
        expect(refused.body.message).to.match(/^You have sent 20 tickets today\. You can send another in \d+ hours?\.$/);
      } finally {
        await day.stop();
      }
    });
  });

  describe('the staff list, a page at a time', () => {
    let server: TestServer;
    let staff: { token: string; position: number };
    const submitted: string[] = [];
    let position = 0;

    before(async () => {
      server = await startTestServer({ TICKET_MAX_PER_HOUR: '1000', TICKET_MAX_PER_DAY: '1000' });
      staff = await signUpStaff(server);
      const { token } = await signUpSubscriber(server);
      for (let i = 0; i < 120; i += 1) {
        // Some share an instant: the order among them is the order they were submitted in.
        if (i % 3 === 0) server.clock.advance(60_000);
        const answer = await server.call('POST', '/api/ticket-report', { token, json: { component: 'Home', description: `ticket ${i}` } });
        submitted.unshift(answer.body.ticketId);
        position = answer.body.position;
      }
    });
    after(async () => server.stop());

    const list = (query = '') => server.call('GET', `/api/tickets${query}`, { token: staff.token, headers: { 'X-Min-Position': String(position) } });

    it('GET /api/tickets answers the newest 50, as the same list of tickets, and says where the next page starts', async () => {
      const first = await list();
      expect(first.status).to.equal(200);
      expect(first.body).to.be.an('array').with.length(50);
      expect(first.body.map((t: { ticket_id: string }) => t.ticket_id)).to.deep.equal(submitted.slice(0, 50));
      expect(Object.keys(first.body[0])).to.deep.equal(['ticket_id', 'user_id', 'component', 'description', 'created_at', 'status', 'replies', 'user_name', 'user_email']);
      const next = first.headers.get('x-next-cursor');
      expect(next).to.be.a('string');
      expect(first.headers.get('link')).to.equal(`</api/tickets?cursor=${next}>; rel="next"`);
    });

    it('following the cursor walks every ticket once, in order, and the last page says no more', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(cursor ? `?cursor=${cursor}&limit=40` : '?limit=40');
        expect(page.status).to.equal(200);
        seen.push(...page.body.map((t: { ticket_id: string }) => t.ticket_id));
        cursor = page.headers.get('x-next-cursor');
        pages += 1;
      } while (cursor);
      expect(pages).to.equal(3);
      expect(seen).to.deep.equal(submitted);
    });

    it('a limit out of range or a cursor that is not one: 400 saying which', async () => {
      for (const query of ['?limit=0', '?limit=201', '?limit=ten', '?cursor=nonsense', '?cursor=']) {
        const answer = await list(query);
        expect(answer.status, query).to.equal(400);
        expect(answer.body.message, query).to.match(/^(limit|cursor): /);
      }
    });

    it('the list is still for staff only', async () => {
      const { token } = await signUpSubscriber(server);
      expect((await server.call('GET', '/api/tickets', { token })).status).to.equal(403);
      expect(decodeToken(token).role).to.equal(3);
    });
  });
});
