import type { AppEvent } from '../../../../events/catalog.js';
import type { TicketStatus } from '../../../../events/ticket.js';

/**
 * What the write side needs to know of one ticket: whether it exists, its status now, who reported it, how many replies
 * it holds, and how many staff replies it has against how many of them the reporter has read.
 */
export type Ticket =
  | { status: 'none' }
  | { status: TicketStatus; ticketId: string; userId: string; replies: number; staffReplies: number; staffRepliesRead: number };

export const initialState: Ticket = { status: 'none' };

export function evolve(state: Ticket, event: AppEvent): Ticket {
  switch (event.type) {
    case 'TicketSubmitted':
      return { status: 'New', ticketId: event.data.ticketId, userId: event.data.userId, replies: 0, staffReplies: 0, staffRepliesRead: 0 };
    case 'TicketStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.toStatus };
    case 'TicketReplied':
      if (state.status === 'none') return state;
      return { ...state, replies: state.replies + 1, staffReplies: state.staffReplies + (event.data.byStaff ? 1 : 0) };
    case 'TicketRepliesRead':
      return state.status === 'none' ? state : { ...state, staffRepliesRead: Math.max(state.staffRepliesRead, event.data.staffReplies) };
    case 'TicketWithdrawn':
      return initialState;
    default:
      return state;
  }
}

export const ticket = { initialState, evolve };
