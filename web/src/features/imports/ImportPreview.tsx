import { useState } from 'react';
import { Button, Input } from '../../shared/ui';
import { IMPORT_SOURCE_NAMES } from '../../../../contract/imports/importAnswer';
import { dateRange, plural } from './format';
import type { PreviewAnswer } from './importsApi';

/** How the unit was settled, as the preview tells it. */
const UNIT_SAID: Record<PreviewAnswer['unit']['source'], string> = {
  file: 'as the file says',
  chosen: 'as you chose',
  inferred: 'worked out from the weights',
  profile: 'your profile’s unit',
};

/**
 * What the file will bring in, before anything is written: the app and layout, the counts, the dates, the unit the
 * weights are read in (changed with one tap where the file does not say it), and what each of the file's names is
 * matched to: any can be matched to another of our exercises by its name; the preview is asked again.
 */
export function ImportPreview({ preview, remap, busy, onRemap, onUnit, onImport, onCancel }: {
  preview: PreviewAnswer;
  remap: Record<string, string>;
  busy: boolean;
  onRemap: (remap: Record<string, string>) => void;
  onUnit: (unit: 'kg' | 'lb') => void;
  onImport: () => void;
  onCancel: () => void;
}) {
  const [names, setNames] = useState<Record<string, string>>(remap);
  const remapped = Object.keys(remap);
  const { unit } = preview;
  const other = unit.unit === 'kg' ? 'lb' : 'kg';
  const matches = [...preview.matched.map((m) => ({ name: m.name, to: m.catalogName })), ...preview.unmatched.map((name) => ({ name, to: null }))].sort((a, b) => a.name.localeCompare(b.name));
  const kept = [preview.notes > 0 && plural(preview.notes, 'note'), preview.dropSets > 0 && plural(preview.dropSets, 'drop set'), preview.failureSets > 0 && plural(preview.failureSets, 'failure set')].filter(Boolean);
  return (
    <div className="imports__preview stack" aria-label="Import preview" role="region">
      <h3>From {IMPORT_SOURCE_NAMES[preview.source]}</h3>
      <p className="imports__meta">{preview.layout}</p>
      <dl className="imports__facts">
        <div><dt>Workouts</dt><dd data-testid="preview-workouts">{preview.workouts.toLocaleString()}</dd></div>
        <div><dt>Sets</dt><dd>{preview.sets.toLocaleString()}</dd></div>
        <div><dt>Exercises</dt><dd>{preview.exercises.toLocaleString()}</dd></div>
        <div><dt>Dates</dt><dd>{dateRange(preview.from, preview.to)}</dd></div>
      </dl>
      <div className="imports__unit" role="group" aria-label="Weight unit">
        <p>
          Weights in <strong data-testid="preview-unit">{unit.unit}</strong> ({UNIT_SAID[unit.source]}). <span className="imports__meta">{unit.why}</span>
        </p>
        {unit.source !== 'file' && (
          <Button variant="secondary" busy={busy} onClick={() => onUnit(other)}>
            They are in {other}
          </Button>
        )}
      </div>
      {kept.length > 0 && <p>Kept with the sets: {kept.join(', ')}.</p>}
      {preview.skipped > 0 && <p className="alert">{plural(preview.skipped, 'workout')} of this file you already have; they will be skipped.</p>}
      {preview.duplicateOf && (
        <p className="alert alert--error" role="alert">
          You imported this very file before. Undo that import first to bring it in again.
        </p>
      )}
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          onRemap(Object.fromEntries(Object.entries({ ...remap, ...names }).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])));
        }}
      >
        <details open={preview.unmatched.length > 0 || remapped.length > 0}>
          <summary>
            {plural(matches.length, 'exercise name')}: {preview.matched.length} matched to ours, {plural(preview.unmatched.length, 'exercise')} will be kept as your own
          </summary>
          <p className="imports__meta">Your names stay on the sets and go out again in your exports. To count a name as another of our exercises, type our name for it (for example “Barbell Back Squat”).</p>
          <ul className="imports__names imports__remap">
            {matches.map(({ name, to }) => (
              <li key={name}>
                <label>
                  <span>
                    {name} → <strong>{to ?? 'your own exercise'}</strong>
                    {remapped.includes(name) && ' (your match)'}
                  </span>
                  <Input value={names[name] ?? ''} placeholder={to ? 'Keep this match' : 'Keep as my own'} aria-label={`Match ${name} to`} onChange={(event) => setNames({ ...names, [name]: event.target.value })} />
                </label>
              </li>
            ))}
          </ul>
          <div>
            <Button type="submit" variant="ghost" busy={busy}>
              Update preview
            </Button>
          </div>
        </details>
      </form>
      <div className="imports__actions">
        <Button busy={busy} disabled={!!preview.duplicateOf || preview.workouts === 0} onClick={onImport}>
          Import {plural(preview.workouts, 'workout')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
