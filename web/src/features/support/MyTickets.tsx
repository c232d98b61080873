import { useState } from 'react';
import { Button, Spinner } from '../../shared/ui';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { useGetMyTicketsQuery } from './ticketsApi';
import { TicketStatusBadge, when } from './ticketView';

/** The person's own tickets, newest first, with what became of each; older ones a page at a time. */
export function MyTickets() {
  // The cursors of the pages opened after the first, so Newer goes back the way Older came.
  const [cursors, setCursors] = useState<string[]>([]);
  const { data, isLoading, isFetching, error, refetch } = useGetMyTicketsQuery(cursors.at(-1));
  const tickets = data?.tickets ?? [];
  return (
    <section className="card stack my-tickets" aria-labelledby="my-tickets-title">
      <h2 id="my-tickets-title">Your tickets</h2>
      {isLoading ? (
        <Spinner label="Loading your tickets…" />
      ) : error ? (
        <LoadFailed what="Failed to load your tickets." error={error} retry={refetch} busy={isFetching} />
      ) : tickets.length === 0 ? (
        <p className="muted">You have not sent a ticket yet.</p>
      ) : (
        <>
          <ul className="my-tickets__list" aria-label="Your tickets">
            {tickets.map((t) => (
              <li key={t.ticket_id} className="my-tickets__item">
                <div className="my-tickets__head">
                  <strong>{t.component}</strong>
                  <TicketStatusBadge status={t.status} />
                </div>
                <p className="ticket-description ticket-description--clamped">{t.description}</p>
                <p className="muted my-tickets__when">Sent {when(t.created_at)}</p>
              </li>
            ))}
          </ul>
          {(cursors.length > 0 || data?.next) && (
            <nav className="row tickets__pages" aria-label="Your ticket pages">
              <Button variant="secondary" small disabled={cursors.length === 0 || isFetching} onClick={() => setCursors(cursors.slice(0, -1))}>
                Newer
              </Button>
              <Button variant="secondary" small disabled={!data?.next || isFetching} onClick={() => data?.next && setCursors([...cursors, data.next])}>
                Older
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
