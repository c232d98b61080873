import { useState, type FormEvent } from 'react';
import { ADMIN_ROLE } from '../../app/access';
import { selectClaims } from '../../app/authSlice';
import { useAppSelector } from '../../app/hooks';
import { serverText } from '../../app/http';
import { Button, ButtonLink, Field, Select, TextArea } from '../../app/ui';
import { TICKET_CATEGORIES, useSubmitTicketMutation } from './ticketsApi';

/** docs/product.md#screens, docs/product.md#input-rules, docs/product.md#errors: report a problem; admins also get the way to the ticket list. */
export default function TicketPage() {
  const claims = useAppSelector(selectClaims);
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ category?: string; description?: string }>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [submitTicket, { isLoading }] = useSubmitTicketMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      category: category ? undefined : 'Please select a category',
      description: description.trim() ? undefined : 'Please describe the problem.',
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
            {TICKET_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <Field label="Description" error={errors.description}>
          <TextArea required value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} placeholder="What happened, and what did you expect?" />
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
    </main>
  );
}
