import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { PERSONAL_FIELDS } from '../../events/personal.js';
import { MAX_TICKET_REPLIES } from '../../events/bounds.js';
import { readTicketReplies, replyToTicket, THREAD_FULL } from '../../services/command/src/support/decide.js';
import { ticket } from '../../services/command/src/support/ticket.js';
import { ticketReplyInput } from '../../services/command/src/support/ticketInput.js';
import { matches, threadOf, ticketListPrefix, ticketsProjection, unreadOf, type TicketList } from '../../services/query/src/support/tickets.projection.js';
import { ticketReplyMailRoute } from '../../services/workers/src/support/replyMail.js';
import { given, project, recorded } from '../support/decider.js';

const T1 = '11111111-1111-4111-8111-111111111111';
const NOW = '2026-11-20T10:00:00.000Z';
const submitted = newEvent('TicketSubmitted', { ticketId: T1, userId: 'ana', component: 'Workouts', description: 'What weight for push-ups?', submittedAt: '2026-11-20T09:00:00.000Z' });
const replied = (replyId: string, authorId: string, byStaff: boolean, message: string) =>
  newEvent('TicketReplied', { ticketId: T1, userId: 'ana', replyId, authorId, byStaff, message, repliedAt: NOW });
const staffReply = replied('r1', 'staff1', true, 'Leave it empty.');
const ownReply = replied('r2', 'ana', false, 'Thanks!');
const read = (staffReplies: number) => newEvent('TicketRepliesRead', { ticketId: T1, userId: 'ana', staffReplies, readAt: NOW });

describe('tickets: replies (deciders)', () => {
  it('staff reply to any ticket; the reply is sealed with the reporter as its subject', () => {
    given(ticket, [submitted])
      .when((s) => replyToTicket(s, { replyId: 'r1', authorId: 'staff1', byStaff: true, message: 'Leave it empty.', now: NOW }))
      .then([staffReply]);
    expect(PERSONAL_FIELDS.TicketReplied).to.deep.equal(['message']);
  });

  it('the reporter replies to their own ticket', () => {
    given(ticket, [submitted, staffReply])
      .when((s) => replyToTicket(s, { replyId: 'r2', authorId: 'ana', byStaff: false, message: 'Thanks!', now: NOW }))
      .then([ownReply]);
  });

  it('anyone else, and any reply to a ticket that does not exist or was withdrawn, is told there is no such ticket', () => {
    given(ticket, [submitted])
      .when((s) => replyToTicket(s, { replyId: 'r3', authorId: 'ben', byStaff: false, message: 'hi', now: NOW }))
      .thenThrows('not_found', 'No such ticket');
    given(ticket, [])
      .when((s) => replyToTicket(s, { replyId: 'r3', authorId: 'staff1', byStaff: true, message: 'hi', now: NOW }))
      .thenThrows('not_found', 'No such ticket');
    const withdrawn = newEvent('TicketWithdrawn', { ticketId: T1, userId: 'ana', withdrawnAt: NOW });
    given(ticket, [submitted, withdrawn])
      .when((s) => replyToTicket(s, { replyId: 'r3', authorId: 'staff1', byStaff: true, message: 'hi', now: NOW }))
      .thenThrows('not_found', 'No such ticket');
  });

  it('reading marks every staff reply so far; with nothing new, or only the reporter\'s own replies, it records nothing', () => {
    given(ticket, [submitted, staffReply, ownReply]).when((s) => readTicketReplies(s, { userId: 'ana', now: NOW })).then([read(1)]);
    given(ticket, [submitted, staffReply, read(1)]).when((s) => readTicketReplies(s, { userId: 'ana', now: NOW })).then([]);
    given(ticket, [submitted, ownReply]).when((s) => readTicketReplies(s, { userId: 'ana', now: NOW })).then([]);
    given(ticket, [submitted, staffReply, read(1), replied('r4', 'staff1', true, 'More')]).when((s) => readTicketReplies(s, { userId: 'ana', now: NOW })).then([read(2)]);
  });

  it('a thread holds at most MAX_TICKET_REPLIES replies: the next one asks for a new ticket', () => {
    const full = Array.from({ length: MAX_TICKET_REPLIES }, (_, i) => replied(`r${i}`, i % 2 ? 'ana' : 'staff1', i % 2 === 0, 'x'));
    given(ticket, [submitted, ...full.slice(1)])
      .when((s) => replyToTicket(s, { replyId: 'last', authorId: 'ana', byStaff: false, message: 'last', now: NOW }))
      .then([replied('last', 'ana', false, 'last')]);
    given(ticket, [submitted, ...full])
      .when((s) => replyToTicket(s, { replyId: 'more', authorId: 'staff1', byStaff: true, message: 'more', now: NOW }))
      .thenThrows('conflict', THREAD_FULL);
  });

  it('only the reporter marks their replies read', () => {
    given(ticket, [submitted, staffReply]).when((s) => readTicketReplies(s, { userId: 'staff1', now: NOW })).thenThrows('not_found', 'No such ticket');
  });

  it('a reply is 1 to 5000 characters, trimmed', () => {
    expect(ticketReplyInput.parse({ message: '  ok  ' })).to.deep.equal({ message: 'ok' });
    for (const message of ['', '   ', 'x'.repeat(5001), 3, null]) expect(ticketReplyInput.safeParse({ message }).success, String(message)).to.equal(false);
    expect(ticketReplyInput.safeParse({ message: 'x'.repeat(5000) }).success).to.equal(true);
  });
});

describe('tickets: replies (projection)', () => {
  it('keeps the thread in order, who wrote each reply, and the unread staff replies', () => {
    const doc = project(ticketsProjection, [submitted, staffReply, ownReply]).get(T1)!;
    expect(threadOf(doc)).to.deep.equal([
      { reply_id: 'r1', from: 'staff', message: 'Leave it empty.', created_at: NOW },
      { reply_id: 'r2', from: 'reporter', message: 'Thanks!', created_at: NOW },
    ]);
    expect(unreadOf(doc)).to.equal(1);
  });

  it('a read mark clears the unread replies up to its count; a later staff reply is unread again', () => {
    expect(unreadOf(project(ticketsProjection, [submitted, staffReply, read(1)]).get(T1)!)).to.equal(0);
    expect(unreadOf(project(ticketsProjection, [submitted, staffReply, read(1), replied('r4', 'staff1', true, 'More')]).get(T1)!)).to.equal(1);
  });

  it('a doc stored before threads (no thread, no read mark) reads as none', () => {
    const { thread: _thread, staff_replies_read: _read, ...old } = project(ticketsProjection, [submitted]).get(T1)!;
    expect([threadOf(old), unreadOf(old)]).to.deep.equal([[], 0]);
    expect(ticketsProjection.evolve(old, recorded([staffReply])[0]!)?.thread).to.have.length(1);
  });

  it('the staff narrowing: a ticket is listed under the lists of its status, component and reporter; a search finds a phrase of the description or of a reply, in any case', () => {
    const doc = project(ticketsProjection, [submitted, staffReply]).get(T1)!;
    const listedIn = (list: TicketList) => (doc._index ?? []).some((entry) => entry.startsWith(ticketListPrefix(list)));
    expect([{}, { status: 'New' as const, component: 'Workouts' }, { status: 'New' as const }, { component: 'Workouts' }, { userId: 'ana' }].map(listedIn)).to.deep.equal([true, true, true, true, true]);
    expect([{ status: 'Completed' as const }, { component: 'Chat' }, { userId: 'ben' }, { status: 'Completed' as const, component: 'Workouts' }].map(listedIn)).to.deep.equal([false, false, false, false]);
    expect(matches(doc, {})).to.equal(true);
    expect(matches(doc, { text: 'PUSH-UPS' })).to.equal(true);
    expect(matches(doc, { text: 'leave it' })).to.equal(true);
    expect(matches(doc, { text: 'squats' })).to.equal(false);
  });
});

describe('tickets: the mail of a reply', () => {
  it('each staff reply asks for one mail to the reporter, carrying ids only; the reporter\'s own reply asks for none', () => {
    const [staff, own] = recorded([staffReply, ownReply]);
    expect(ticketReplyMailRoute(staff!)).to.deep.equal([{ id: staff!.id, queue: 'mail', name: 'ticket-reply', data: { userId: 'ana' } }]);
    expect(ticketReplyMailRoute(own!)).to.deep.equal([]);
  });
});
