import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_ROLE } from '../../shared/auth/access';
import { selectClaims } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { Button, ButtonLink, Field, Input, Select, Spinner } from '../../shared/ui';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { NotStaff } from './NotStaff';
import { StatusSelect } from './StatusSelect';
import { MAX_TICKET_SEARCH, TICKET_COMPONENTS, TICKET_PAGE_SIZE, TICKET_STATUSES, useGetTicketsQuery } from './ticketsApi';
import { Sender, when } from './ticketView';
import './tickets.css';

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

const NO_FILTER = { status: '', component: '', q: '' };

/** Status, component and a search: the list narrows when the form is sent, from its first page. */
function TicketFilters({ filter, onChange }: { filter: typeof NO_FILTER; onChange: (filter: typeof NO_FILTER) => void }) {
  const [draft, setDraft] = useState(filter);
  const apply = (next: typeof NO_FILTER) => {
    setDraft(next);
    onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  const narrowed = filter.status || filter.component || filter.q;
  return (
    <form className="card tickets-filter" role="search" aria-label="Filter tickets" onSubmit={submit}>
      <Field label="Status">
        <Select value={draft.status} onChange={(e) => apply({ ...draft, status: e.target.value })}>
          <option value="">Any status</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Select>
      </Field>
      <Field label="Component">
        <Select value={draft.component} onChange={(e) => apply({ ...draft, component: e.target.value })}>
          <option value="">Any component</option>
          {TICKET_COMPONENTS.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </Field>
      <Field label="Search" className="tickets-filter__search">
        <Input type="search" value={draft.q} maxLength={MAX_TICKET_SEARCH} placeholder="Words of a ticket or a reply" onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
      </Field>
      <div className="row tickets-filter__actions">
        <Button type="submit" small>
          Search
        </Button>
        {narrowed && (
          <Button variant="ghost" small onClick={() => apply(NO_FILTER)}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}

function StaffTicketList() {
  const [filter, setFilter] = useState(NO_FILTER);
  // The cursors of the pages opened after the first, so Newer goes back the way Older came.
  const [cursors, setCursors] = useState<string[]>([]);
  const { data, isLoading, isFetching, error, refetch } = useGetTicketsQuery({ ...filter, cursor: cursors.at(-1) });
  const tickets = data?.tickets ?? [];
  const first = cursors.length * TICKET_PAGE_SIZE + 1;
  const paged = cursors.length > 0 || Boolean(data?.next);
  const narrow = (next: typeof NO_FILTER) => {
    setFilter(next);
    setCursors([]);
  };
  return (
    <main className="page">
      <header className="page-header row">
        <div>
          <h1>Tickets</h1>
          <p>Every reported problem, newest first, {TICKET_PAGE_SIZE} to a page. Open one to read its thread and answer; change a status to move it along.</p>
        </div>
        <ButtonLink to="/ticket" variant="secondary" small className="tickets__new">
          Submit a ticket
        </ButtonLink>
      </header>
      <TicketFilters filter={filter} onChange={narrow} />
      {isLoading ? (
        <Spinner label="Loading tickets…" />
      ) : error ? (
        <LoadFailed what="Failed to load the tickets." error={error} retry={refetch} busy={isFetching} />
      ) : tickets.length === 0 ? (
        <p className="card muted">{filter.status || filter.component || filter.q ? 'No tickets match.' : 'No tickets to show.'}</p>
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
                      <Link to={`/tickets/${t.ticket_id}`} aria-label={`Open ticket ${t.ticket_id}`}>
                        {t.ticket_id}
                      </Link>
                      {t.replies > 0 && <span className="muted tickets__replies">{t.replies === 1 ? '1 reply' : `${t.replies} replies`}</span>}
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
                      <StatusSelect ticketId={t.ticket_id} status={t.status} />
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
