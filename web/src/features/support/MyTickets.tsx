import { useEffect, useRef, useState } from 'react';
import { Button, Spinner } from '../../shared/ui';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { useGetMyTicketsQuery, useGetTicketQuery, useMarkTicketReadMutation, type OwnTicket } from './ticketsApi';
import { ReplyForm, TicketThread } from './TicketThread';
import { TicketStatusBadge, when } from './ticketView';

const replies = (n: number) => (n === 1 ? '1 reply' : `${n} replies`);

/**
 * The thread of one of the person's tickets, opened: reading it marks its staff replies read (once per reply that
 * came, so the unread mark goes and the list says so), and the person may answer.
 */
function OwnThread({ ticket }: { ticket: OwnTicket }) {
  const { data, isLoading, isFetching, error, refetch } = useGetTicketQuery(ticket.ticket_id);
  const [markRead] = useMarkTicketReadMutation();
  const marked = useRef(0);
  useEffect(() => {
    // Marked once the thread is on screen, for the replies counted then; a later reply marks again.
    if (!data || ticket.unread === 0 || marked.current === ticket.replies) return;
    marked.current = ticket.replies;
    void markRead(ticket.ticket_id);
  }, [data, ticket.unread, ticket.replies, ticket.ticket_id, markRead]);
  if (isLoading) return <Spinner label="Loading the replies…" />;
  if (error || !data) return <LoadFailed what="Failed to load the replies." error={error} retry={refetch} busy={isFetching} />;
  return (
    <div className="stack my-tickets__thread">
      <TicketThread thread={data.thread} reporter="You" />
      <ReplyForm ticketId={ticket.ticket_id} label="Reply to our team" />
    </div>
  );
}

/** One of the person's tickets: what they sent, what became of it, and its thread behind a button. */
function OwnTicketItem({ ticket: t }: { ticket: OwnTicket }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={t.unread > 0 ? 'my-tickets__item has-unread' : 'my-tickets__item'}>
      <div className="my-tickets__head">
        <strong>{t.component}</strong>
        <span className="row my-tickets__marks">
          {t.unread > 0 && <span className="ticket-badge ticket-unread">{t.unread === 1 ? '1 new reply' : `${t.unread} new replies`}</span>}
          <TicketStatusBadge status={t.status} />
        </span>
      </div>
      <p className="ticket-description ticket-description--clamped">{t.description}</p>
      <div className="my-tickets__foot">
        <p className="muted my-tickets__when">Sent {when(t.created_at)}</p>
        <Button variant="ghost" small aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide replies' : t.replies > 0 ? `Show ${replies(t.replies)}` : 'Add a reply'}
        </Button>
      </div>
      {open && <OwnThread ticket={t} />}
    </li>
  );
}

/** The person's own tickets, newest first, with what became of each and its replies; older ones a page at a time. */
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
              <OwnTicketItem key={t.ticket_id} ticket={t} />
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
