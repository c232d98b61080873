import { formatDate } from '../../shared/dates';
/** How a ticket's time reads on both lists. */
export const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_CLASS: Record<string, string> = { New: 'is-new', 'In Progress': 'is-progress', Completed: 'is-done' };

/** A ticket's status as the person who sent it sees it (staff change it with a select instead). */
export function TicketStatusBadge({ status }: { status: string }) {
  return <span className={`ticket-badge ${STATUS_CLASS[status] ?? ''}`}>{status}</span>;
}
