import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import type { TicketComponent, TicketStatus } from '../../../../events/ticket.js';
import { MAX_TICKET_REPLIES } from '../../../../events/bounds.js';
import { Rejected } from '../../../../events/rejected.js';
import type { Ticket } from './ticket.js';

export const NO_SUCH_TICKET = 'No such ticket';
export const THREAD_FULL = `This ticket holds ${MAX_TICKET_REPLIES.toLocaleString('en-US')} replies: please report a new ticket to go on`;

export interface SubmitTicket {
  ticketId: string;
  userId: string;
  component: TicketComponent;
  description: string;
  now: string;
}

export function submitTicket(state: Ticket, { ticketId, userId, component, description, now }: SubmitTicket): AppNewEvent[] {
  // Ids are fresh UUIDs or derive from the caller's Idempotency-Key: a taken one is the same request retried.
  if (state.status !== 'none') {
    if (state.userId === userId) return [];
    throw new Rejected('conflict', 'That ticket already exists');
  }
  return [newEvent('TicketSubmitted', { ticketId, userId, component, description, submittedAt: now })];
}

export interface ChangeTicketStatus {
  status: TicketStatus;
  changedBy: string;
  now: string;
}

/** Any status to any other (docs/product.md#how-things-change). Setting the one it has is no change: the dropdown sends on blur too. */
export function changeTicketStatus(state: Ticket, { status, changedBy, now }: ChangeTicketStatus): AppNewEvent[] {
  if (state.status === 'none') throw new Rejected('not_found', NO_SUCH_TICKET);
  if (state.status === status) return [];
  return [newEvent('TicketStatusChanged', { ticketId: state.ticketId, fromStatus: state.status, toStatus: status, changedBy, changedAt: now })];
}

/** The reporter's account is deleted: the ticket is withdrawn (once; a ticket that is gone stays gone). */
export function withdrawTicket(state: Ticket, { now }: { now: string }): AppNewEvent[] {
  if (state.status === 'none') return [];
  return [newEvent('TicketWithdrawn', { ticketId: state.ticketId, userId: state.userId, withdrawnAt: now })];
}

export interface ReplyToTicket {
  replyId: string;
  authorId: string;
  /** The author holds a staff role now; anyone else may reply only to a ticket they reported. */
  byStaff: boolean;
  message: string;
  now: string;
}

/**
 * Adds a message under the ticket. Someone who neither reported it nor is staff is told it does not exist, so ticket
 * ids cannot be probed. The status stays as it is: only staff move it, through its own command. A retried request is
 * recognized by its Idempotency-Key before it reaches here.
 */
export function replyToTicket(state: Ticket, { replyId, authorId, byStaff, message, now }: ReplyToTicket): AppNewEvent[] {
  if (state.status === 'none' || (!byStaff && state.userId !== authorId)) throw new Rejected('not_found', NO_SUCH_TICKET);
  // A thread is bounded, so the count its reader marks stays within what the catalog admits.
  if (state.replies >= MAX_TICKET_REPLIES) throw new Rejected('conflict', THREAD_FULL);
  return [newEvent('TicketReplied', { ticketId: state.ticketId, userId: state.userId, replyId, authorId, byStaff, message, repliedAt: now })];
}

/** The reporter opened the thread: every staff reply so far is read. Nothing new to read records nothing; only the reporter marks. */
export function readTicketReplies(state: Ticket, { userId, now }: { userId: string; now: string }): AppNewEvent[] {
  if (state.status === 'none' || state.userId !== userId) throw new Rejected('not_found', NO_SUCH_TICKET);
  if (state.staffRepliesRead >= state.staffReplies) return [];
  return [newEvent('TicketRepliesRead', { ticketId: state.ticketId, userId, staffReplies: state.staffReplies, readAt: now })];
}
