import { useEffect, useRef, useState } from 'react';
import { ADMIN_ROLE, isSubscriberRole, SUBSCRIBE_PATH } from '../../shared/auth/access';
import { selectClaims } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { Button, ButtonLink, Select, Spinner } from '../../shared/ui';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { TICKET_PAGE_SIZE, TICKET_STATUSES, useGetTicketsQuery, useSetTicketStatusMutation, type StaffTicket } from './ticketsApi';
import { when } from './ticketView';
import './tickets.css';

/**
 * docs/product.md#how-things-change: the status is sent on change and on blur (once per value: a blur after a change sends nothing new),
 * then the list is reloaded. Errors of the list are only logged (docs/product.md#what-the-user-is-told-when-something-fails).
 */
function StatusSelect({ ticket }: { ticket: StaffTicket }) {
  const [value, setValue] = useState<string>(ticket.status);
  const [setStatus] = useSetTicketStatusMutation();
  const sent = useRef<string>(ticket.status);
  useEffect(() => {
    setValue(ticket.status);
    sent.current = ticket.status;
  }, [ticket.status]);
  const send = (status: string) => {
    if (status === sent.current) return;
    sent.current = status;
    void setStatus({ id: ticket.ticket_id, status }).then((result) => result.error && console.error('ticket status update failed', result.error));
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

/**
 * The spec puts no guard on /tickets, so anyone may open it: someone who is not staff is told what the page is and
 * where their own way is, instead of the staff's texts over a list the server refuses them.
 */
export default function TicketListPage() {
  const claims = useAppSelector(selectClaims);
  if (claims?.role !== ADMIN_ROLE) return <NotStaff role={claims?.role} />;
  return <StaffTicketList />;
}

function NotStaff({ role }: { role: number | undefined }) {
  return (
    <main className="page page--narrow">
      <header className="page-header">
        <h1>Tickets</h1>
      </header>
      <div className="card stack">
        <p>The ticket list is for our support team.</p>
        {role === undefined ? (
          <>
            <p className="muted">Sign in to report a problem or to see the tickets you sent.</p>
            <div>
              <ButtonLink to="/login">Sign In</ButtonLink>
            </div>
          </>
        ) : isSubscriberRole(role) ? (
          <>
            <p className="muted">The tickets you sent, and what became of each, are on the Help &amp; support page.</p>
            <div>
              <ButtonLink to="/ticket">See your tickets</ButtonLink>
            </div>
          </>
        ) : (
          <>
            <p className="muted">Reporting a problem through a ticket comes with the subscription. You can always write to support@kinetic.example, and download or delete your account yourself on your profile.</p>
            <div className="row">
              <ButtonLink to={SUBSCRIBE_PATH}>See the subscription</ButtonLink>
              <ButtonLink to="/prof#delete" variant="secondary">
                Your data and account
              </ButtonLink>
            </div>
          </>
        )}
      </div>
    </main>
  );
}

/** The person who sent a ticket: name and e-mail, the id beside (alone once the account is deleted). */
function Sender({ ticket }: { ticket: StaffTicket }) {
  return (
    <div className="ticket-sender">
      {ticket.user_name && <strong>{ticket.user_name}</strong>}
      {ticket.user_email && <a href={`mailto:${ticket.user_email}`}>{ticket.user_email}</a>}
      <span className="mono muted">{ticket.user_id}</span>
    </div>
  );
}

function StaffTicketList() {
  // The cursors of the pages opened after the first, so Newer goes back the way Older came.
  const [cursors, setCursors] = useState<string[]>([]);
  const { data, isLoading, isFetching, error, refetch } = useGetTicketsQuery(cursors.at(-1));
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
      ) : error ? (
        <LoadFailed what="Failed to load the tickets." error={error} retry={refetch} busy={isFetching} />
      ) : tickets.length === 0 ? (
        <p className="card muted">No tickets to show.</p>
      ) : (
        <>
          <div className="table-wrap tickets-table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Ticket ID</th>
                  <th scope="col">User</th>
                  <th scope="col">Component</th>
                  <th scope="col">Description</th>
                  <th scope="col">Create Time</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {tickets.map((t) => (
                  <tr key={t.ticket_id}>
                    {/* data-label: at phone width each row is a card whose cells say what they are. */}
                    <td className="mono" data-label="Ticket ID">
                      {t.ticket_id}
                    </td>
                    <td data-label="User">
                      <Sender ticket={t} />
                    </td>
                    <td data-label="Component">{t.component}</td>
                    <td data-label="Description">
                      <Description text={t.description} />
                    </td>
                    <td data-label="Create Time">{when(t.created_at)}</td>
                    <td data-label="Status">
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
