import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { grantRole, signUpStaff, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { mailsTo } from '../../scripts/support/outbox.js';
import { until } from '../support/until.js';
import { samplePlan } from '../workouts/plan.js';

const minPosition = (position: number) => ({ 'X-Min-Position': String(position) });

describe('tickets: replies, who may read and write them, and the mail per staff reply', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof signUpSubscriber>>;
  let ben: Awaited<ReturnType<typeof signUpVerifiedUser>>;
  let staff: Awaited<ReturnType<typeof signUpStaff>>;
  let ticketId: string;
  let at = 0;

  before(async () => {
    server = await startTestServer();
    [ana, ben, staff] = await Promise.all([signUpSubscriber(server, { name: 'Ana Reyes' }), signUpVerifiedUser(server), signUpStaff(server)]);
    server.clock.set('2026-11-20T09:00:00.000Z');
    const sent = await server.call('POST', '/api/ticket-report', { token: ana.token, json: { component: 'Workouts', description: 'What weight do I type for push-ups?' } });
    expect(sent.status).to.equal(201);
    ticketId = sent.body.ticketId;
    at = sent.body.position;
  });
  after(async () => server.stop());

  const reply = (token: string | undefined, message: unknown, id = ticketId) => server.call('POST', `/api/tickets/${id}/replies`, { token, json: { message } });
  const read = (token: string | undefined, id = ticketId) => server.call('GET', `/api/tickets/${id}`, { token, headers: minPosition(at) });
  /** The reply mails to `email`, once there are `count` of them. */
  const replyMails = async (email: string, count: number) => {
    const mails = () => mailsTo(server.dataDir, email).filter((text) => text.includes('Our support team answered your ticket'));
    await until(`${count} reply mail(s) to ${email}`, () => mails().length >= count);
    return mails();
  };
  const keep = <A extends { status: number; body: any }>(answer: A): A => {
    if (typeof answer.body?.position === 'number') at = Math.max(at, answer.body.position);
    return answer;
  };

  it('staff answer; the reporter sees the thread with one unread reply, and gets one mail with a link and no text', async () => {
    server.clock.set('2026-11-20T10:00:00.000Z');
    const answered = keep(await reply(staff.token, '  Leave the weight empty: push-ups use your body weight.  '));
    expect(answered.status).to.equal(201);
    expect(answered.body).to.include({ message: 'Reply sent', ticket_id: ticketId });

    const mine = await server.call('GET', '/api/tickets/mine', { token: ana.token, headers: minPosition(at) });
    expect(mine.body[0]).to.include({ ticket_id: ticketId, replies: 1, unread: 1, status: 'New' });

    const thread = await read(ana.token);
    expect(thread.status).to.equal(200);
    expect(thread.body.thread).to.deep.equal([
      { reply_id: answered.body.reply_id, from: 'staff', message: 'Leave the weight empty: push-ups use your body weight.', created_at: '2026-11-20T10:00:00.000Z' },
    ]);
    expect(JSON.stringify(thread.body)).not.to.include(staff.email);

    const [mail] = await replyMails(ana.email, 1);
    expect(mail).to.include('/ticket');
    expect(mail).not.to.include('push-ups');
  });

  it('reading marks the staff replies read; the reporter answers back, which mails nobody and moves no status', async () => {
    const marked = keep(await server.call('POST', `/api/tickets/${ticketId}/read`, { token: ana.token }));
    expect(marked.status).to.equal(200);
    const again = await server.call('POST', `/api/tickets/${ticketId}/read`, { token: ana.token });
    expect(again.status).to.equal(200);
    expect((await read(ana.token)).body.unread).to.equal(0);

    const back = keep(await reply(ana.token, 'Thanks, that worked!'));
    expect(back.status).to.equal(201);
    const staffView = await read(staff.token);
    expect(staffView.body.thread.map((r: { from: string }) => r.from)).to.deep.equal(['staff', 'reporter']);
    expect(staffView.body).to.include({ status: 'New', user_name: 'Ana Reyes', user_email: ana.email });
    expect(staffView.body.context).to.deep.equal({ subscription: null, plan_name: null });
    const types = (await server.system.events.readStream(`ticket-${ticketId}`)).map((e) => e.type);
    expect(types).to.deep.equal(['TicketSubmitted', 'TicketReplied', 'TicketRepliesRead', 'TicketReplied']);
    // A second staff reply is a second mail; the reporter's own reply sent none.
    keep(await reply(staff.token, 'Glad to hear it.'));
    expect(await replyMails(ana.email, 2)).to.have.length(2);
    expect((await read(ana.token)).body.unread).to.equal(1);
  });

  it('staff read the person\'s context: the workout plan they follow by its name', async () => {
    const saved = keep(await server.call('POST', '/api/savePlan', { token: ana.token, json: samplePlan({ name: 'Push-up Path' }) }));
    expect(saved.status).to.equal(201);
    const selected = keep(await server.call('POST', `/api/user/regimens/${saved.body.regimenId}/select`, { token: ana.token }));
    expect(selected.status).to.equal(200);
    const staffView = await read(staff.token);
    expect(staffView.body.context).to.deep.equal({ subscription: null, plan_name: 'Push-up Path' });
    // The reporter's own view carries no context of staff's.
    expect((await read(ana.token)).body).not.to.have.property('context');
  });

  it('another user gets 404 on reading and replying, anonymous 401, and neither changes the ticket', async () => {
    const before = (await server.system.events.readStream(`ticket-${ticketId}`)).length;
    expect((await read(ben.token)).status).to.equal(404);
    expect((await reply(ben.token, 'let me in')).status).to.equal(404);
    expect((await server.call('POST', `/api/tickets/${ticketId}/read`, { token: ben.token })).status).to.equal(404);
    expect((await read(undefined)).status).to.equal(401);
    expect((await reply(undefined, 'hello')).status).to.equal(401);
    expect((await read(ana.token, '00000000-0000-4000-8000-000000000000')).status).to.equal(404);
    expect((await reply(staff.token, 'hello', '00000000-0000-4000-8000-000000000000')).status).to.equal(404);
    expect(await server.system.events.readStream(`ticket-${ticketId}`)).to.have.length(before);
    expect(mailsTo(server.dataDir, ben.email).filter((text) => text.includes('answered your ticket'))).to.deep.equal([]);
  });

  it('bad input is a 400 with a sentence, and records nothing', async () => {
    const before = (await server.system.events.readStream(`ticket-${ticketId}`)).length;
    const empty = await reply(ana.token, '   ');
    expect([empty.status, empty.body.error]).to.deep.equal([400, 'Please write a message']);
    const long = await reply(ana.token, 'x'.repeat(5001));
    expect([long.status, long.body.error]).to.deep.equal([400, 'The message must be at most 5000 characters']);
    expect((await reply(ana.token, 42)).status).to.equal(400);
    expect((await server.call('POST', `/api/tickets/${ticketId}/replies`, { token: ana.token, json: { message: 'hi', extra: 1 } })).status).to.equal(400);
    expect(await server.system.events.readStream(`ticket-${ticketId}`)).to.have.length(before);
  });

  it('the staff list filters by status and component, searches descriptions and replies, and pages with the filter kept', async () => {
    const sent = [];
    for (const [component, description] of [['Chat', 'The coach never answers'], ['Chat', 'Coach answer cut off'], ['Login', 'Cannot sign in']]) {
      sent.push(keep(await server.call('POST', '/api/ticket-report', { token: ana.token, json: { component, description } })).body.ticketId as string);
    }
    keep(await server.call('PUT', `/api/tickets/${sent[1]}`, { token: staff.token, json: { status: 'Completed' } }));
    const list = (query: string) => server.call('GET', `/api/tickets${query}`, { token: staff.token, headers: minPosition(at) });
    const ids = (answer: { body: Array<{ ticket_id: string }> }) => answer.body.map((t) => t.ticket_id);

    expect(ids(await list('?component=Chat'))).to.deep.equal([sent[1], sent[0]]);
    expect(ids(await list('?component=Chat&status=New'))).to.deep.equal([sent[0]]);
    expect(ids(await list('?q=COACH'))).to.deep.equal([sent[1], sent[0]]);
    // Words of a reply find their ticket too.
    expect(ids(await list('?q=body%20weight'))).to.deep.equal([ticketId]);
    expect(ids(await list('?status=&component=&q='))).to.have.length(4);

    const page1 = await list('?component=Chat&limit=1');
    expect(ids(page1)).to.deep.equal([sent[1]]);
    const link = page1.headers.get('link') ?? '';
    expect(link).to.include('component=Chat').and.include('limit=1');
    const page2 = await list(`?component=Chat&limit=1&cursor=${page1.headers.get('x-next-cursor')}`);
    expect(ids(page2)).to.deep.equal([sent[0]]);
    expect(page2.headers.get('x-next-cursor')).to.equal(null);

    for (const bad of ['?status=Done', '?component=Nope', `?q=${'x'.repeat(201)}`, '?limit=0', '?q=a&q=b']) expect((await list(bad)).status, bad).to.equal(400);
    expect((await server.call('GET', '/api/tickets?component=Chat', { token: ana.token })).status).to.equal(403);
  });
  it('a reporter whose subscription lapsed still reads and answers their tickets; sending a new one needs the subscription', async () => {
    keep({ status: 200, body: { position: await grantRole(server, ana.token, 1) } });
    const mine = await server.call('GET', '/api/tickets/mine', { token: ana.token, headers: minPosition(at) });
    expect(mine.status).to.equal(200);
    expect(mine.body.map((t: { ticket_id: string }) => t.ticket_id)).to.include(ticketId);
    expect((await read(ana.token)).status).to.equal(200);
    const answered = keep(await reply(ana.token, 'I have no subscription now; is my question still open?'));
    expect(answered.status).to.equal(201);
    expect((await server.call('POST', `/api/tickets/${ticketId}/read`, { token: ana.token })).status).to.equal(200);
    expect((await read(staff.token)).body.thread.at(-1)).to.include({ from: 'reporter', message: 'I have no subscription now; is my question still open?' });
    const refused = await server.call('POST', '/api/ticket-report', { token: ana.token, json: { component: 'Chat', description: 'A new question' } });
    expect(refused.status).to.equal(403);
    expect(refused.body.error).to.match(/subscription/);
  });
});
