import { useState, type FormEvent } from 'react';
import { serverText } from '../../shared/api/http';
import { Button, Field, TextArea } from '../../shared/ui';
import { MAX_DESCRIPTION, useReplyToTicketMutation, type TicketReply } from './ticketsApi';
import { when } from './ticketView';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A ticket's replies, oldest first, each saying who wrote it in the words of the one reading: the person who sent the
 * ticket reads "You" and "Support team"; staff read "Support team" (any of them) and the person's name.
 */
export function TicketThread({ thread, reporter }: { thread: TicketReply[]; reporter: string }) {
  if (thread.length === 0) return <p className="muted ticket-thread__empty">No replies yet.</p>;
  const author = (from: TicketReply['from']) => (from === 'staff' ? 'Support team' : reporter);
  return (
    <ol className="ticket-thread" aria-label="Replies">
      {thread.map((reply) => (
        <li key={reply.reply_id} className={`ticket-reply ticket-reply--${reply.from}`}>
          <p className="ticket-reply__who">
            <strong>{author(reply.from)}</strong> <span className="muted">{when(reply.created_at)}</span>
          </p>
          <p className="ticket-reply__text">{reply.message}</p>
        </li>
      ))}
    </ol>
  );
}

/** Adds a reply under the ticket; says "Reply sent" once the server took it, or the server's reason when it did not. */
export function ReplyForm({ ticketId, label = 'Your reply' }: { ticketId: string; label?: string }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [reply, { isLoading }] = useReplyToTicketMutation();
  const length = message.trim().length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (length === 0) return setError('Please write a message');
    if (length > MAX_DESCRIPTION) return setError(`The message must be at most ${count(MAX_DESCRIPTION)} characters (${count(length - MAX_DESCRIPTION)} over).`);
    setError(undefined);
    const result = await reply({ id: ticketId, message: message.trim() });
    if (result.error) return setError(serverText(result.error, 'error') ?? 'The reply could not be sent. Please try again.');
    setMessage('');
    setSent(true);
  };

  return (
    <form className="stack ticket-reply-form" onSubmit={submit} noValidate>
      <Field label={label} error={error} hint={`Up to ${count(MAX_DESCRIPTION)} characters.`}>
        <TextArea
          rows={3}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            setSent(false);
          }}
        />
      </Field>
      <div className="row ticket-reply-form__actions">
        <Button type="submit" small busy={isLoading}>
          {isLoading ? 'Sending…' : 'Send reply'}
        </Button>
        <span aria-live="polite">{sent && <span className="ticket-saved">Reply sent</span>}</span>
      </div>
    </form>
  );
}
