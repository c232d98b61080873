import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { decodeToken, signUpStaff, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';

const minPosition = (position: number) => ({ 'X-Min-Position': String(position) });

describe('tickets: each person reads their own; staff see who sent each (issue 21)', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof signUpSubscriber>>;
  let ben: Awaited<ReturnType<typeof signUpSubscriber>>;
  let member: Awaited<ReturnType<typeof signUpVerifiedUser>>;
  let adminToken: string;

  before(async () => {
    server = await startTestServer();
    [ana, ben, member] = await Promise.all([signUpSubscriber(server, { name: 'Ana Reyes' }), signUpSubscriber(server, { name: 'Ben Ode' }), signUpVerifiedUser(server)]);
    const admin = await signUpStaff(server);
    adminToken = admin.token;
  });
  after(async () => server.stop());

  const report = (token: string, component: string, description: string) => server.call('POST', '/api/ticket-report', { token, json: { component, description } });
  const mine = (token: string | undefined, position: number, query = '') => server.call('GET', `/api/tickets/mine${query}`, { token, headers: minPosition(position) });

  it('GET /api/tickets/mine answers the caller’s tickets only, newest first, with their status, and pages', async () => {
    server.clock.set('2026-11-20T09:00:00.000Z');
    const first = await report(ana.token, 'Chat', 'The answer stopped halfway');
    server.clock.advance(60_000);
    const second = await report(ana.token, 'Progress', 'The chart is empty');
    const other = await report(ben.token, 'Workouts', 'Ben’s own report');
    expect([first.status, second.status, other.status]).to.deep.equal([201, 201, 201]);
    const moved = await server.call('PUT', `/api/tickets/${first.body.ticketId}`, { token: adminToken, json: { status: 'In Progress' } });
    expect(moved.status).to.equal(200);
    const at = Math.max(moved.body.position, other.body.position);

    const answer = await mine(ana.token, at);
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal([
      { ticket_id: second.body.ticketId, component: 'Progress', description: 'The chart is empty', created_at: '2026-11-20T09:01:00.000Z', status: 'New', replies: 0, unread: 0 },
      { ticket_id: first.body.ticketId, component: 'Chat', description: 'The answer stopped halfway', created_at: '2026-11-20T09:00:00.000Z', status: 'In Progress', replies: 0, unread: 0 },
    ]);
    expect(JSON.stringify(answer.body)).not.to.include('Ben’s own report');

    // Paged like the staff list: X-Next-Cursor leads to the older one.
    const page1 = await mine(ana.token, at, '?limit=1');
    expect(page1.body.map((t: { ticket_id: string }) => t.ticket_id)).to.deep.equal([second.body.ticketId]);
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).to.be.a('string');
    const page2 = await mine(ana.token, at, `?limit=1&cursor=${cursor}`);
    expect(page2.body.map((t: { ticket_id: string }) => t.ticket_id)).to.deep.equal([first.body.ticketId]);
    expect(page2.headers.get('x-next-cursor')).to.equal(null);
  });

  it('someone who never sent one gets an empty list; no token is a 401; a bad cursor a 400', async () => {
    const none = await mine(member.token, 0);
    expect([none.status, none.body]).to.deep.equal([200, []]);
    expect((await mine(undefined, 0)).status).to.equal(401);
    const bad = await mine(ana.token, 0, '?cursor=nonsense');
    expect(bad.status).to.equal(400);
  });

  it('the staff list names who sent each ticket (name and e-mail beside the id)', async () => {
    const sent = await report(ben.token, 'Login', 'Cannot sign in on my phone');
    const list = await server.call('GET', '/api/tickets', { token: adminToken, headers: minPosition(sent.body.position) });
    const row = list.body.find((t: { ticket_id: string }) => t.ticket_id === sent.body.ticketId);
    expect(row).to.include({ user_id: decodeToken(ben.token).sub, user_name: 'Ben Ode', user_email: ben.email });
  });
});
