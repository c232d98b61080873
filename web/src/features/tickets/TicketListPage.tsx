import { useEffect, useRef, useState } from 'react';
import { ButtonLink, Select, Spinner } from '../../app/ui';
import { TICKET_STATUSES, useGetTicketsQuery, useSetTicketStatusMutation, type Ticket } from './ticketsApi';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Spec §4: the status is sent on change and on blur (once per value: a blur after a change sends nothing new),
 * then the list is reloaded. Errors of the list are only logged (spec §8).
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

export default function TicketListPage() {
  const { data, isLoading, error } = useGetTicketsQuery();
  useEffect(() => {
    if (error) console.error('ticket list failed to load', error);
  }, [error]);
  const tickets = Array.isArray(data) ? data : [];
  return (
    <main className="page">
      <header className="page-header row">
        <div>
          <h1>Tickets</h1>
          <p>Every reported problem, newest first. Change a status to move it along.</p>
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
              {[...tickets]
                .sort((a, b) => b.created_at.localeCompare(a.created_at))
                .map((t) => (
                  <tr key={t.ticket_id}>
                    <td className="mono">{t.ticket_id}</td>
                    <td className="mono">{t.user_id}</td>
                    <td>{t.component}</td>
                    <td>{t.description}</td>
                    <td>{when(t.created_at)}</td>
                    <td>
                      <StatusSelect ticket={t} />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
