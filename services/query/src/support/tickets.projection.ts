import type { TicketStatus } from '../../../../contract/support/ticketLists.js';
import type { Projection } from '../projection.js';
import type { Ticket } from '../../../../contract/support/ticketAnswer.js';

/** The spec's Ticket (docs/product.md#what-the-app-keeps-and-answers), one doc per ticket, plus the log position it was submitted at to order the list by. */
export interface TicketDoc {
  ticket_id: string;
  user_id: string;
  component: string;
  description: string;
  created_at: string;
  status: TicketStatus;
  submitted_position: number;
}

export const ticketsProjection: Projection<TicketDoc> = {
  name: 'tickets',
  handles: ['TicketSubmitted', 'TicketStatusChanged', 'TicketWithdrawn'],
  key: (event) => (event.data as { ticketId: string }).ticketId,
  evolve(doc, event) {
    switch (event.type) {
      case 'TicketSubmitted':
        return {
          ticket_id: event.data.ticketId,
          user_id: event.data.userId,
          component: event.data.component,
          description: event.data.description,
          created_at: event.data.submittedAt,
          status: 'New',
          submitted_position: event.position,
        };
      case 'TicketStatusChanged':
        return doc && { ...doc, status: event.data.toStatus };
      case 'TicketWithdrawn':
        return undefined;
      default:
        return doc;
    }
  },
};

/** Where a page of the list ends: the last ticket's instant and log position (its place in the order below). */
export interface TicketPlace {
  createdAt: string;
  position: number;
}

/** Newest first; two tickets of the same instant in the order they were submitted, newest first. */
const newestFirst = (a: { created_at: string; submitted_position: number }, b: { created_at: string; submitted_position: number }) =>
  b.created_at.localeCompare(a.created_at) || b.submitted_position - a.submitted_position;

/**
 * GET /api/tickets: up to `limit` spec Tickets in the list's order, from the one after `after` (the start when
 * absent), and the place of the last one when more follow (null at the end). Keyed on a ticket's place rather than a
 * count of rows, so a ticket submitted while staff read page 1 does not push a row of page 1 onto page 2 again.
 */
export function ticketPage(docs: TicketDoc[], { limit, after }: { limit: number; after?: TicketPlace }): { tickets: Ticket[]; next: TicketPlace | null } {
  const anchor = after && { created_at: after.createdAt, submitted_position: after.position };
  const listed = docs.filter((doc) => !anchor || newestFirst(anchor, doc) < 0).sort(newestFirst);
  const page = listed.slice(0, limit);
  const last = page.at(-1);
  return {
    tickets: page.map(({ ticket_id, user_id, component, description, created_at, status }) => ({ ticket_id, user_id, component, description, created_at, status })),
    next: listed.length > limit && last ? { createdAt: last.created_at, position: last.submitted_position } : null,
  };
}
