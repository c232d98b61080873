import type { AppEvent } from '../../../../events/catalog.js';
import type { TicketStatus } from '../../../../events/ticket.js';

/** What the write side needs to know of one ticket: whether it exists, and its status now. */
export type Ticket = { status: 'none' } | { status: TicketStatus; ticketId: string; userId: string };

export const initialState: Ticket = { status: 'none' };

export function evolve(state: Ticket, event: AppEvent): Ticket {
  switch (event.type) {
    case 'TicketSubmitted':
      return { status: 'New', ticketId: event.data.ticketId, userId: event.data.userId };
    case 'TicketStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.toStatus };
    case 'TicketWithdrawn':
      return initialState;
    default:
      return state;
  }
}

export const ticket = { initialState, evolve };
