import type { TicketStatus } from '../../../../events/ticket.js';
import type { Projection } from '../projection.js';

/** The spec's Ticket (§3), one doc per ticket, plus the log position it was submitted at to order the list by. */
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

/** GET /api/tickets: newest first; two tickets of the same instant in the order they were submitted, newest first. */
export function ticketList(docs: TicketDoc[]) {
  return [...docs]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.submitted_position - a.submitted_position)
    .map(({ ticket_id, user_id, component, description, created_at, status }) => ({ ticket_id, user_id, component, description, created_at, status }));
}
