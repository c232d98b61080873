import { useState } from 'react';
import { Button, Input, Select } from '../../shared/ui';

/**
 * What one of the file's names counts as, changed with one tap either way: the catalog exercise the importer matches
 * it to, the person's own exercise under the file's name, or another of ours typed by its name. `onChoose` gets the
 * catalog name chosen, null for the person's own, or undefined for the importer's own reading.
 */
export function NameChoice({ name, automatic, current, busy, onChoose }: {
  name: string;
  /** The catalog exercise the importer matches the name to by itself; null where it keeps the name as the person's. */
  automatic: string | null;
  /** The catalog exercise the name counts as now; null while it is kept as the person's own. */
  current: string | null;
  busy: boolean;
  onChoose: (choice: string | null | undefined) => void;
}) {
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const picked = current === null ? 'own' : current === automatic ? 'auto' : 'picked';
  const choose = (value: string) => {
    setTyping(value === 'other');
    if (value === 'auto') onChoose(undefined);
    else if (value === 'own') onChoose(automatic === null ? undefined : null);
  };
  return (
    <li className="imports__choice">
      <span className="imports__given">{name}</span>
      {/* The match in full: a select shows only what fits its width. */}
      <span className="imports__meta" data-testid="name-match">
        {current === null ? 'Kept as your own exercise' : `Counts as our ${current}`}
      </span>
      <Select value={typing ? 'other' : picked} disabled={busy} aria-label={`What ${name} counts as`} onChange={(event) => choose(event.target.value)}>
        {automatic !== null && <option value="auto">Our {automatic}</option>}
        {picked === 'picked' && <option value="picked">Our {current} (your match)</option>}
        <option value="own">My own exercise (custom)</option>
        <option value="other">Another of ours…</option>
      </Select>
      {typing && (
        <form
          className="imports__other"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() !== '') onChoose(typed.trim());
          }}
        >
          <Input value={typed} placeholder="Our name, e.g. Barbell Back Squat" aria-label={`Match ${name} to`} onChange={(event) => setTyped(event.target.value)} />
          <Button type="submit" variant="secondary" small busy={busy}>
            Match
          </Button>
        </form>
      )}
    </li>
  );
}
