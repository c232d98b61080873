import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { ADMIN_ROLE, isSubscriberRole, SUBSCRIBE_PATH } from '../../shared/auth/access';
import { selectClaims } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { serverText } from '../../shared/api/http';
import { Button, ButtonLink, Field, Select, TextArea } from '../../shared/ui';
import { MyTickets } from './MyTickets';
import { MAX_DESCRIPTION, TICKET_COMPONENTS, useGetMyTicketsQuery, useSubmitTicketMutation } from './ticketsApi';
import './tickets.css';

const count = (n: number) => n.toLocaleString('en-US');

/** Report a problem (admins also get the way to the ticket list); below, the person's own tickets and their status. */
export default function TicketPage() {
  const claims = useAppSelector(selectClaims);
  if (isSubscriberRole(claims?.role)) return <SubscriberTicketPage />;
  return <FormerSubscriberTicketPage />;
}

/**
 * Someone whose subscription lapsed still reads and answers the tickets they sent (a reply mail links here); sending
 * a new one stays part of the subscription. With no tickets there is nothing here for them: the plan cards say why.
 */
function FormerSubscriberTicketPage() {
  const { data, isLoading } = useGetMyTicketsQuery(undefined);
  if (!isLoading && data && data.tickets.length === 0) return <Navigate to={SUBSCRIBE_PATH} replace state={{ deniedPage: 'Support' }} />;
  return (
    <main className="page page--narrow">
      <header className="page-header">
        <h1>Support</h1>
        <p>Read what our team answered about the problems you reported, and reply.</p>
      </header>
      <div className="card row ticket-lapsed">
        <p>Sending a new ticket is part of the subscription.</p>
        <ButtonLink to={SUBSCRIBE_PATH} variant="secondary" small>
          See the plans
        </ButtonLink>
      </div>
      <MyTickets />
    </main>
  );
}

function SubscriberTicketPage() {
  const claims = useAppSelector(selectClaims);
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ category?: string; description?: string }>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [submitTicket, { isLoading }] = useSubmitTicketMutation();
  // Counted as the server counts it (what is sent is trimmed). Nothing is cut: a description over the limit stays
  // as typed, marked, so the person chooses what to leave out.
  const length = description.trim().length;
  const over = length - MAX_DESCRIPTION;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      category: category ? undefined : 'Please select a category',
      description: !description.trim()
        ? 'Please describe the problem.'
        : over > 0
          ? `The description must be at most ${count(MAX_DESCRIPTION)} characters (${count(over)} over).`
          : undefined,
    };
    setErrors(found);
    if (found.category || found.description) return setOutcome(undefined);
    const result = await submitTicket({ component: category, description: description.trim() });
    if (result.data) {
      setOutcome({ ok: true, text: `Ticket submitted successfully for ${category}!` });
      setCategory('');
      setDescription('');
    } else setOutcome({ ok: false, text: serverText(result.error, 'error') ?? 'An error occurred while submitting the ticket' });
  };

  return (
    <main className="page page--narrow">
      <header className="page-header">
        <h1>Report a problem</h1>
        <p>Something not working as it should? Tell us and our team will look into it.</p>
      </header>
      <form className="card stack" onSubmit={submit} noValidate>
        <Field label="Category" error={errors.category}>
          <Select required value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">Select a category</option>
            {TICKET_COMPONENTS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <Field
          label="Description"
          error={errors.description}
          hint={
            <span className="ticket-counter">
              <span>Up to {count(MAX_DESCRIPTION)} characters.</span>
              <span className={over > 0 ? 'ticket-counter__count is-over' : 'ticket-counter__count'} aria-live="polite">
                {count(length)} / {count(MAX_DESCRIPTION)}
              </span>
            </span>
          }
        >
          <TextArea required value={description} onChange={(e) => setDescription(e.target.value)} placeholder="What happened, and what did you expect?" />
        </Field>
        <div aria-live="polite">{outcome && <p className={outcome.ok ? 'alert alert--success' : 'alert alert--error'}>{outcome.text}</p>}</div>
        <div className="row">
          <Button type="submit" busy={isLoading}>
            {isLoading ? 'Submitting…' : 'Submit Ticket'}
          </Button>
          {claims?.role === ADMIN_ROLE && (
            <ButtonLink to="/tickets" variant="secondary">
              View Ticket List
            </ButtonLink>
          )}
        </div>
      </form>
      <MyTickets />
    </main>
  );
}
