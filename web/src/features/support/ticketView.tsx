import { formatDate } from '../../shared/dates';
import type { StaffTicket } from './ticketsApi';

/** How a ticket's time reads on both lists. */
export const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_CLASS: Record<string, string> = { New: 'is-new', 'In Progress': 'is-progress', Completed: 'is-done' };

/** A ticket's status as the person who sent it sees it (staff change it with a select instead). */
export function TicketStatusBadge({ status }: { status: string }) {
  return <span className={`ticket-badge ${STATUS_CLASS[status] ?? ''}`}>{status}</span>;
}

/** The person who sent a ticket: name and e-mail, the id beside (alone once the account is deleted). */
export function Sender({ ticket }: { ticket: Pick<StaffTicket, 'user_id' | 'user_name' | 'user_email'> }) {
  return (
    <div className="ticket-sender">
      {ticket.user_name && <strong>{ticket.user_name}</strong>}
      {ticket.user_email && <a href={`mailto:${ticket.user_email}`}>{ticket.user_email}</a>}
      <span className="mono muted">{ticket.user_id}</span>
    </div>
  );
}
