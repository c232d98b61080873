/**
 * The answers of GET /api/tickets (staff) and GET /api/tickets/mine as types, written once for both sides: the
 * tickets routes build them and the web client's tickets feature reads them. Types only, importing only other such
 * files, so the web build takes nothing else from the server.
 */
import type { TicketStatus } from './ticketLists.js';

/** A ticket as the person who sent it reads it (GET /api/tickets/mine). */
export interface OwnTicket {
  ticket_id: string;
  component: string;
  description: string;
  created_at: string;
  status: TicketStatus;
}

/** The spec's Ticket (docs/product.md#what-the-app-keeps-and-answers): who sent it, by id. */
export interface Ticket extends OwnTicket {
  user_id: string;
}

/** A ticket as staff read it (GET /api/tickets): who sent it too; name and e-mail are null once the account is deleted. */
export interface StaffTicket extends Ticket {
  user_name: string | null;
  user_email: string | null;
}
