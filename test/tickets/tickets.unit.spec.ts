import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { changeTicketStatus, submitTicket, withdrawTicket } from '../../services/command/src/support/decide.js';
import { ticket } from '../../services/command/src/support/ticket.js';
import { ticketReportInput, ticketStatusInput } from '../../services/command/src/support/ticketInput.js';
import { placeKey, ticketListPrefix, ticketOf, ticketsProjection } from '../../services/query/src/support/tickets.projection.js';
import { Rejected } from '../../events/rejected.js';
import { given, project, stateOf } from '../support/decider.js';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const submitted = (ticketId = T1, submittedAt = '2026-11-18T15:00:00.000Z') =>
  newEvent('TicketSubmitted', { ticketId, userId: 'u1', component: 'Chat', description: 'The reply never comes', submittedAt });
const changed = (fromStatus: 'New' | 'In Progress' | 'Completed', toStatus: 'New' | 'In Progress' | 'Completed', ticketId = T1) =>
  newEvent('TicketStatusChanged', { ticketId, fromStatus, toStatus, changedBy: 'admin', changedAt: '2026-11-18T16:00:00.000Z' });

describe('tickets: deciders', () => {
  it('submits a ticket on an empty stream', () => {
    const events = submitTicket(stateOf(ticket, []), {
      ticketId: T1,
      userId: 'u1',
      component: 'Chat',
      description: 'The reply never comes',
      now: '2026-11-18T15:00:00.000Z',
    });
    expect(events).to.deep.equal([submitted()]);
  });

  it('never submits over an existing ticket', () => {
    const state = stateOf(ticket, [submitted()]);
    expect(() => submitTicket(state, { ticketId: T1, userId: 'u2', component: 'Home', description: 'x', now: '2026-11-18T15:00:00.000Z' }))
      .to.throw(Rejected)
      .with.property('kind', 'conflict');
  });

  it('records nothing for the same request retried by its author (same id from the Idempotency-Key)', () => {
    given(ticket, [submitted()])
      .when((state) => submitTicket(state, { ticketId: T1, userId: (submitted().data as { userId: string }).userId, component: 'Home', description: 'x', now: '2026-11-18T15:00:00.000Z' }))
      .then([]);
  });

  it('a new ticket is New, and moves to any other status', () => {
    const state = stateOf(ticket, [submitted()]);
    expect(state).to.include({ status: 'New' });
    const now = '2026-11-18T16:00:00.000Z';
    expect(changeTicketStatus(state, { status: 'Completed', changedBy: 'admin', now })).to.deep.equal([changed('New', 'Completed')]);
    expect(changeTicketStatus(state, { status: 'In Progress', changedBy: 'admin', now })).to.deep.equal([changed('New', 'In Progress')]);
  });

  it('goes back from Completed to New', () => {
    const state = stateOf(ticket, [submitted(), changed('New', 'In Progress'), changed('In Progress', 'Completed')]);
    expect(state).to.include({ status: 'Completed' });
    expect(changeTicketStatus(state, { status: 'New', changedBy: 'admin', now: '2026-11-18T16:00:00.000Z' })).to.deep.equal([
      changed('Completed', 'New'),
    ]);
  });

  it('setting the status a ticket already has records nothing', () => {
    const state = stateOf(ticket, [submitted(), changed('New', 'In Progress')]);
    expect(changeTicketStatus(state, { status: 'In Progress', changedBy: 'admin', now: '2026-11-18T16:00:00.000Z' })).to.deep.equal([]);
  });

  it('an unknown ticket is not found', () => {
    expect(() => changeTicketStatus(stateOf(ticket, []), { status: 'New', changedBy: 'admin', now: '2026-11-18T16:00:00.000Z' }))
      .to.throw(Rejected)
      .with.property('kind', 'not_found');
  });
});

describe('tickets: input', () => {
  it('trims the description and accepts every category of the spec', () => {
    for (const component of ['Dashboard', 'Home', 'Chat', 'Meal Plans', 'Workouts', 'Progress', 'Exercise Tracker', 'Ticket Reporting', 'Profile', 'Login', 'Logout', 'Create Account']) {
      expect(ticketReportInput.parse({ component, description: '  broken  ' })).to.deep.equal({ component, description: 'broken' });
    }
  });

  it('refuses an empty or unknown category, an empty or huge description, unknown fields', () => {
    const messages = (body: unknown) => (ticketReportInput.safeParse(body).error?.issues ?? []).map((i) => i.message);
    expect(messages({ component: '', description: 'x' })).to.deep.equal(['Please select a category']);
    expect(messages({ description: 'x' })).to.deep.equal(['Please select a category']);
    expect(messages({ component: 'Billing', description: 'x' })[0]).to.match(/^Please select a category: it must be one of Dashboard, /);
    expect(messages({ component: 'Chat', description: '   ' })).to.deep.equal(['Please enter a description']);
    expect(messages({ component: 'Chat', description: 'x'.repeat(5001) })).to.deep.equal(['The description must be at most 5000 characters']);
    expect(ticketReportInput.safeParse({ component: 'Chat', description: 'x', priority: 1 }).success).to.equal(false);
  });

  it('takes exactly the three statuses', () => {
    for (const status of ['New', 'In Progress', 'Completed']) expect(ticketStatusInput.safeParse({ status }).success).to.equal(true);
    for (const status of ['new', 'Done', '', null]) expect(ticketStatusInput.safeParse({ status }).success).to.equal(false);
  });
});

describe('tickets: projection', () => {
  it('keeps the spec Ticket per ticket, status following the changes, and moves it to the lists of its new status', () => {
    const docs = project(ticketsProjection, [submitted(), changed('New', 'In Progress'), changed('In Progress', 'Completed')]);
    const doc = docs.get(T1)!;
    expect(ticketOf(doc)).to.deep.equal({ ticket_id: T1, user_id: 'u1', component: 'Chat', description: 'The reply never comes', created_at: '2026-11-18T15:00:00.000Z', status: 'Completed', replies: 0 });
    const lists = (doc._index ?? []).map((entry) => entry.slice(0, entry.indexOf('/2026')));
    expect(lists).to.deep.equal(['a', 's/Completed', 'c/Chat', 'sc/Completed/Chat', 'u/u1']);
  });

  it('lists newest first, and tickets of the same instant by the order they came in: the entries sort as the list does', () => {
    const T3 = '33333333-3333-4333-8333-333333333333';
    const docs = project(ticketsProjection, [
      submitted(T1, '2026-11-18T15:00:00.000Z'),
      submitted(T2, '2026-11-19T09:00:00.000Z'),
      submitted(T3, '2026-11-18T15:00:00.000Z'),
    ]);
    const all = ticketListPrefix({});
    const listed = [...docs.values()].map((doc) => ({ id: doc.ticket_id, entry: doc._index!.find((e) => e.startsWith(all))! }));
    expect(listed.sort((a, b) => (a.entry < b.entry ? 1 : -1)).map((t) => t.id)).to.deep.equal([T2, T3, T1]);
    // A place of a later log position sorts after one of an earlier position of more digits' worth too.
    expect(placeKey({ createdAt: '2026-11-18T15:00:00.000Z', position: 10 }) > placeKey({ createdAt: '2026-11-18T15:00:00.000Z', position: 9 })).to.equal(true);
  });
});

describe('tickets: withdrawn with the reporter\'s account', () => {
  const submitted = newEvent('TicketSubmitted', { ticketId: 't1', userId: 'u1', component: 'Chat', description: 'my words', submittedAt: '2026-11-18T15:00:00.000Z' });
  const withdrawn = newEvent('TicketWithdrawn', { ticketId: 't1', userId: 'u1', withdrawnAt: '2026-11-19T15:00:00.000Z' });

  it('is withdrawn once; nothing for a ticket that is gone', () => {
    given(ticket, [submitted]).when((s) => withdrawTicket(s, { now: '2026-11-19T15:00:00.000Z' })).then([withdrawn]);
    given(ticket, [submitted, withdrawn]).when((s) => withdrawTicket(s, { now: '2026-11-19T15:00:00.000Z' })).then([]);
  });

  it('leaves the list', () => {
    expect([...project(ticketsProjection, [submitted, withdrawn]).keys()]).to.deep.equal([]);
  });
});
