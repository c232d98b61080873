import { useParams } from 'react-router-dom';
import { ADMIN_ROLE } from '../../shared/auth/access';
import { selectClaims } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { ButtonLink, Spinner } from '../../shared/ui';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { NotStaff } from './NotStaff';
import { StatusSelect } from './StatusSelect';
import { ReplyForm, TicketThread } from './TicketThread';
import { useGetTicketQuery, type StaffTicketThread } from './ticketsApi';
import { Sender, when } from './ticketView';
import './tickets.css';

const SUBSCRIPTION_WORDS: Record<string, string> = { active: 'Active', cancelled: 'Cancelled', ended: 'Ended' };

/** /tickets/{id}, for staff: the ticket, who sent it and what they train by, its thread, a reply and its status. */
export default function TicketDetailPage() {
  const claims = useAppSelector(selectClaims);
  if (claims?.role !== ADMIN_ROLE) return <NotStaff role={claims?.role} />;
  return <StaffTicketDetail />;
}

function StaffTicketDetail() {
  const { ticketId = '' } = useParams();
  const { data, isLoading, isFetching, error, refetch } = useGetTicketQuery(ticketId);
  const ticket = data as StaffTicketThread | undefined;
  return (
    <main className="page page--narrow ticket-detail">
      <header className="page-header">
        <ButtonLink to="/tickets" variant="ghost" small>
          ← All tickets
        </ButtonLink>
        <h1>{ticket ? `${ticket.component} ticket` : 'Ticket'}</h1>
        {ticket && <p className="muted">Sent {when(ticket.created_at)}</p>}
      </header>
      {isLoading ? (
        <Spinner label="Loading the ticket…" />
      ) : error || !ticket ? (
        <LoadFailed what="Failed to load the ticket." error={error} retry={refetch} busy={isFetching} />
      ) : (
        <>
          <section className="card stack" aria-label="The ticket">
            <div className="ticket-detail__status">
              <span className="field__label">Status</span>
              <StatusSelect ticketId={ticket.ticket_id} status={ticket.status} />
            </div>
            <p className="ticket-description">{ticket.description}</p>
            <dl className="ticket-detail__facts">
              <dt>From</dt>
              <dd>
                <Sender ticket={ticket} />
              </dd>
              <dt>Subscription</dt>
              <dd>{ticket.context.subscription ? SUBSCRIPTION_WORDS[ticket.context.subscription] : 'None'}</dd>
              <dt>Workout plan</dt>
              <dd>{ticket.context.plan_name ?? 'None chosen'}</dd>
            </dl>
          </section>
          <section className="card stack" aria-labelledby="thread-title">
            <h2 id="thread-title">Thread</h2>
            <TicketThread thread={ticket.thread} reporter={ticket.user_name ?? 'The person'} />
            <ReplyForm ticketId={ticket.ticket_id} label="Reply to the person" />
          </section>
        </>
      )}
    </main>
  );
}
