import { useEffect, useRef, useState } from 'react';
import { Select } from '../../shared/ui';
import { TICKET_STATUSES, useSetTicketStatusMutation } from './ticketsApi';

/**
 * docs/product.md#how-things-change: the status is sent on change and on blur (once per value: a blur after a change
 * sends nothing new), then the list is reloaded. Beside it "Saved" once the server took it, or why it did not.
 */
export function StatusSelect({ ticketId, status }: { ticketId: string; status: string }) {
  const [value, setValue] = useState<string>(status);
  const [outcome, setOutcome] = useState<'saved' | 'failed'>();
  const [setStatus, { isLoading }] = useSetTicketStatusMutation();
  const sent = useRef<string>(status);
  useEffect(() => {
    setValue(status);
    sent.current = status;
  }, [status]);
  const send = (next: string) => {
    if (next === sent.current) return;
    sent.current = next;
    setOutcome(undefined);
    void setStatus({ id: ticketId, status: next }).then((result) => {
      if (result.error) console.error('ticket status update failed', result.error);
      setOutcome(result.error ? 'failed' : 'saved');
    });
  };
  return (
    <span className="ticket-status-field">
      <Select
        className="ticket-status"
        aria-label={`Status of ticket ${ticketId}`}
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
      <span aria-live="polite" className="ticket-status-field__outcome">
        {isLoading ? <span className="muted">Saving…</span> : outcome === 'saved' ? <span className="ticket-saved">Saved</span> : outcome === 'failed' ? <span className="field__error">Not saved</span> : null}
      </span>
    </span>
  );
}
