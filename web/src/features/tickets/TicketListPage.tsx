import { useEffect, useRef, useState } from 'react';
import { Button, ButtonLink, Select, Spinner } from '../../app/ui';
import { TICKET_PAGE_SIZE, TICKET_STATUSES, useGetTicketsQuery, useSetTicketStatusMutation, type Ticket } from './ticketsApi';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * docs/product.md#how-things-change: the status is sent on change and on blur (once per value: a blur after a change sends nothing new),
 * then the list is reloaded. Errors of the list are only logged (docs/product.md#errors).
 */
function StatusSelect({ ticket }: { ticket: Ticket }) {
  const [value, setValue] = useState(ticket.status);
  const [setStatus] = useSetTicketStatusMutation();
  const sent = useRef(ticket.status);
  useEffect(() => {
    setValue(ticket.status);
    sent.current = ticket.status;
  }, [ticket.status]);
  const send = (status: string) => {
    if (status === sent.current) return;
    sent.current = status;
    setStatus({ id: ticket.ticket_id, status }).then((result) => result.error && console.error('ticket status update failed', result.error));
  };
  return (
    <Select
      className="ticket-status"
      aria-label={`Status of ticket ${ticket.ticket_id}`}
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        send(e.target.value);
      }}
      onBlur={() => send(value)}
    >
      {TICKET_STATUSES.map((s) => (
        <option key={s}>{s}</option>
      ))}
    </Select>
  );
}

/** Reports past this many characters show their first lines, with a button for the rest: one long report must not push
 * the rest of the page out of sight. */
const LONG_DESCRIPTION = 280;

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (text.length <= LONG_DESCRIPTION) return <>{text}</>;
  return (
    <>
      <p className={open ? 'ticket-description' : 'ticket-description ticket-description--clamped'}>{text}</p>
      <Button variant="ghost" small aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Show less' : `Show all ${text.length.toLocaleString()} characters`}
      </Button>
    </>
  );
}

export default function TicketListPage() {
  // The cursors of the pages opened after the first, so Newer goes back the way Older came.
  const [cursors, setCursors] = useState<string[]>([]);
  const { data, isLoading, isFetching, error } = useGetTicketsQuery(cursors.at(-1));
  useEffect(() => {
    if (error) console.error('ticket list failed to load', error);
  }, [error]);
  const tickets = data?.tickets ?? [];
  const first = cursors.length * TICKET_PAGE_SIZE + 1;
  const paged = cursors.length > 0 || Boolean(data?.next);
  return (
    <main className="page">
      <header className="page-header row">
        <div>
          <h1>Tickets</h1>
          <p>Every reported problem, newest first, {TICKET_PAGE_SIZE} to a page. Change a status to move it along.</p>
        </div>
        <ButtonLink to="/ticket" variant="secondary" small className="tickets__new">
          Submit a ticket
        </ButtonLink>
      </header>
      {isLoading ? (
        <Spinner label="Loading tickets…" />
      ) : tickets.length === 0 ? (
        <p className="card muted">No tickets to show.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Ticket ID</th>
                  <th scope="col">User ID</th>
                  <th scope="col">Component</th>
                  <th scope="col">Description</th>
                  <th scope="col">Create Time</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {tickets.map((t) => (
                  <tr key={t.ticket_id}>
                    <td className="mono">{t.ticket_id}</td>
                    <td className="mono">{t.user_id}</td>
                    <td>{t.component}</td>
                    <td>
                      <Description text={t.description} />
                    </td>
                    <td>{when(t.created_at)}</td>
                    <td>
                      <StatusSelect ticket={t} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {paged && (
            <nav className="row tickets__pages" aria-label="Ticket pages">
              <Button variant="secondary" small disabled={cursors.length === 0 || isFetching} onClick={() => setCursors(cursors.slice(0, -1))}>
                Newer
              </Button>
              <span className="muted" aria-live="polite">
                Tickets {first}–{first + tickets.length - 1}
              </span>
              <Button variant="secondary" small disabled={!data?.next || isFetching} onClick={() => data?.next && setCursors([...cursors, data.next])}>
                Older
              </Button>
            </nav>
          )}
        </>
      )}
    </main>
  );
}
