import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { decodeToken, grantRole, signUpStaff, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';

const minPosition = (position: number) => ({ 'X-Min-Position': String(position) });

describe('tickets over HTTP', () => {
  let server: TestServer;
  let subscriber: Awaited<ReturnType<typeof signUpSubscriber>>;
  let admin: Awaited<ReturnType<typeof signUpStaff>>;
  let member: Awaited<ReturnType<typeof signUpVerifiedUser>>;

  before(async () => {
    server = await startTestServer();
    [subscriber, admin, member] = await Promise.all([signUpSubscriber(server, { name: 'Sam Subscriber' }), signUpStaff(server), signUpVerifiedUser(server)]);
    // Logged in again after the grant, so the token's claims say so too.
    expect(decodeToken(admin.token)).to.include({ role: 2 });
  });
  after(async () => server.stop());

  const head = () => server.system.events.headPosition();
  const report = (token: string | undefined, json: unknown) => server.call('POST', '/api/ticket-report', { token, json });
  const list = (token: string, position = 0) => server.call('GET', '/api/tickets', { token, headers: minPosition(position) });

  it('a subscriber submits a ticket and the admin sees it in the list, field by field', async () => {
    server.clock.set('2026-11-18T15:00:00.000Z');
    const submitted = await report(subscriber.token, { component: 'Meal Plans', description: '  The plan shows no snacks  ' });
    expect(submitted.status).to.equal(201);
    expect(submitted.body.message).to.equal('Ticket submitted successfully for Meal Plans!');
    expect(submitted.body.ticketId).to.match(/^[0-9a-f-]{36}$/);
    expect(submitted.body.position).to.be.a('number').above(0);

    const answer = await list(admin.token, submitted.body.position);
    expect(answer.status).to.equal(200);
    expect(answer.body).to.be.an('array');
    const row = answer.body.find((t: { ticket_id: string }) => t.ticket_id === submitted.body.ticketId);
    expect(row).to.deep.equal({
      ticket_id: submitted.body.ticketId,
      user_id: decodeToken(subscriber.token).sub,
      component: 'Meal Plans',
      description: 'The plan shows no snacks',
      created_at: '2026-11-18T15:00:00.000Z',
      status: 'New',
      replies: 0,
      user_name: 'Sam Subscriber',
      user_email: subscriber.email,
    });
    const events = await server.system.events.readStream(`ticket-${submitted.body.ticketId}`);
    expect(events.map((e) => e.type)).to.deep.equal(['TicketSubmitted']);
  });

  it('lists the newest ticket first', async () => {
    server.clock.set('2026-11-20T09:00:00.000Z');
    const older = await report(subscriber.token, { component: 'Chat', description: 'older' });
    server.clock.advance(60_000);
    // Staff pass the subscriber guard, so an admin can file a ticket too.
    const newer = await report(admin.token, { component: 'Workouts', description: 'newer' });
    expect([older.status, newer.status]).to.deep.equal([201, 201]);
    const answer = await list(admin.token, newer.body.position);
    const ids = answer.body.map((t: { ticket_id: string }) => t.ticket_id);
    expect(ids.indexOf(newer.body.ticketId)).to.equal(0);
    expect(ids.indexOf(older.body.ticketId)).to.equal(1);
    expect(answer.body[0]).to.include({ user_id: decodeToken(admin.token).sub, created_at: '2026-11-20T09:01:00.000Z' });
  });

  it('the admin moves a ticket New → In Progress → Completed → New, and the reloaded list shows each', async () => {
    const { body } = await report(subscriber.token, { component: 'Progress', description: 'Chart is empty' });
    const id = body.ticketId as string;
    for (const status of ['In Progress', 'Completed', 'New']) {
      const put = await server.call('PUT', `/api/tickets/${id}`, { token: admin.token, json: { status } });
      expect(put.status, status).to.equal(200);
      expect(put.body).to.include({ ticket_id: id, status });
      const row = (await list(admin.token, put.body.position)).body.find((t: { ticket_id: string }) => t.ticket_id === id);
      expect(row.status).to.equal(status);
    }
    const events = await server.system.events.readStream(`ticket-${id}`);
    expect(events.map((e) => [e.type, (e.data as { toStatus?: string }).toStatus])).to.deep.equal([
      ['TicketSubmitted', undefined],
      ['TicketStatusChanged', 'In Progress'],
      ['TicketStatusChanged', 'Completed'],
      ['TicketStatusChanged', 'New'],
    ]);
  });

  it('setting the status a ticket has answers 200 and records nothing', async () => {
    const { body } = await report(subscriber.token, { component: 'Home', description: 'Typo on the page' });
    const before = await head();
    const put = await server.call('PUT', `/api/tickets/${body.ticketId}`, { token: admin.token, json: { status: 'New' } });
    expect(put.status).to.equal(200);
    expect(put.body.status).to.equal('New');
    expect(await head()).to.equal(before);
  });

  it('only admins read the list or change a status: subscriber and role-1 user get 403, no token 401', async () => {
    const { body } = await report(subscriber.token, { component: 'Login', description: 'Slow' });
    const before = await head();
    for (const token of [subscriber.token, member.token]) {
      const get = await list(token);
      expect(get.status).to.equal(403);
      expect(get.body.message).to.equal('Only admins can see the ticket list');
      const put = await server.call('PUT', `/api/tickets/${body.ticketId}`, { token, json: { status: 'Completed' } });
      expect(put.status).to.equal(403);
      expect(put.body.message).to.equal('Only admins can change the status of a ticket');
    }
    expect((await server.call('GET', '/api/tickets')).status).to.equal(401);
    expect((await server.call('PUT', `/api/tickets/${body.ticketId}`, { json: { status: 'Completed' } })).status).to.equal(401);
    expect(await head()).to.equal(before);
  });

  it('the server checks the role a user holds now, not the one in an older token', async () => {
    const user = await signUpVerifiedUser(server);
    expect((await list(user.token, user.position)).status).to.equal(403);
    const granted = await grantRole(server, user.token, 2);
    // Same token, still saying role 1.
    expect((await list(user.token, granted)).status).to.equal(200);
  });

  it('a role-1 user cannot submit a ticket (403), nor can anyone without a token (401); both answers carry error', async () => {
    const before = await head();
    const forbidden = await report(member.token, { component: 'Chat', description: 'x' });
    expect(forbidden.status).to.equal(403);
    expect(forbidden.body).to.deep.equal({
      message: 'Submitting a ticket needs an active subscription',
      error: 'Submitting a ticket needs an active subscription',
    });
    const anonymous = await report(undefined, { component: 'Chat', description: 'x' });
    expect(anonymous.status).to.equal(401);
    expect(anonymous.body.error).to.equal(anonymous.body.message).and.match(/sign in/);
    expect(await head()).to.equal(before);
  });

  it('bad input is a 400 with error naming the field, and nothing is appended', async () => {
    // A subscriber of its own: the others' tickets in this file may have spent the hour's budget, and a spent budget
    // is a 429 before the body is read.
    const fresh = await signUpSubscriber(server, { name: 'Bea Badinput' });
    const before = await head();
    const cases: Array<[unknown, string | RegExp]> = [
      [{ component: '', description: 'x' }, 'Please select a category'],
      [{ description: 'x' }, 'Please select a category'],
      [{ component: 'Billing', description: 'x' }, /^Please select a category: it must be one of Dashboard, Home, Chat/],
      [{ component: 'Chat', description: '   ' }, 'Please enter a description'],
      [{ component: 'Chat' }, 'Please enter a description'],
      [{ component: 'Chat', description: 'x'.repeat(5001) }, 'The description must be at most 5000 characters'],
      [{ component: 'Chat', description: 'x', priority: 'high' }, /priority/],
      [['Chat', 'x'], /expected object/],
    ];
    for (const [json, message] of cases) {
      const answer = await report(fresh.token, json);
      expect(answer.status, JSON.stringify(json)).to.equal(400);
      if (typeof message === 'string') expect(answer.body.error).to.equal(message);
      else expect(answer.body.error).to.match(message);
      expect(answer.body.message).to.equal(answer.body.error);
    }
    const malformed = await server.call('POST', '/api/ticket-report', { token: fresh.token, body: '{"component":' });
    expect(malformed.status).to.equal(400);
    expect(malformed.body.error).to.equal('Malformed JSON body');
    expect(await head()).to.equal(before);
  });

  it('a status change with a bad status is a 400 naming it; an unknown or malformed id is a 404', async () => {
    const { body } = await report(subscriber.token, { component: 'Profile', description: 'Cannot save' });
    const before = await head();
    for (const json of [{ status: 'Done' }, {}, { status: 'New', note: 'x' }]) {
      const answer = await server.call('PUT', `/api/tickets/${body.ticketId}`, { token: admin.token, json });
      expect(answer.status, JSON.stringify(json)).to.equal(400);
      expect(answer.body.message).to.match(/status|note/);
    }
    const unknown = await server.call('PUT', '/api/tickets/00000000-0000-4000-8000-000000000000', { token: admin.token, json: { status: 'Completed' } });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.message).to.equal('No such ticket');
    const malformed = await server.call('PUT', '/api/tickets/not-a-ticket', { token: admin.token, json: { status: 'Completed' } });
    expect(malformed.status).to.equal(404);
    expect(await head()).to.equal(before);
  });
});
