/**
 * The answers of GET /api/tickets (staff), GET /api/tickets/mine and GET /api/tickets/{id} as types, written once for
 * both sides: the tickets routes build them and the web client's tickets feature reads them. Types only, importing
 * only other such files, so the web build takes nothing else from the server.
 */
import type { TicketStatus } from './ticketLists.js';

/** A ticket as the person who sent it reads it (GET /api/tickets/mine). */
export interface OwnTicket {
  ticket_id: string;
  component: string;
  description: string;
  created_at: string;
  status: TicketStatus;
  /** How many replies the thread holds, theirs and staff's. */
  replies: number;
  /** Staff replies the person has not opened the thread to read yet. */
  unread: number;
}

/** The spec's Ticket (docs/product.md#what-the-app-keeps-and-answers): who sent it, by id. */
export interface Ticket extends Omit<OwnTicket, 'unread'> {
  user_id: string;
}

/** A ticket as staff read it (GET /api/tickets): who sent it too; name and e-mail are null once the account is deleted. */
export interface StaffTicket extends Ticket {
  user_name: string | null;
  user_email: string | null;
}

/** One message of a thread: `staff` wrote it, or the person who sent the ticket (`reporter`). */
export interface TicketReply {
  reply_id: string;
  from: 'staff' | 'reporter';
  message: string;
  created_at: string;
}

/** GET /api/tickets/{id} as the person who sent it reads it: their ticket and its thread, oldest first. */
export interface OwnTicketThread extends OwnTicket {
  thread: TicketReply[];
}

/**
 * GET /api/tickets/{id} as staff read it: the thread, and what staff need to know of the person to answer them, none
 * of it private: whether they subscribe, and the name of the workout plan they follow.
 */
export interface StaffTicketThread extends StaffTicket {
  thread: TicketReply[];
  context: { subscription: 'active' | 'cancelled' | 'ended' | null; plan_name: string | null };
}
