import { useState } from 'react';
import { Button, Input } from '../../shared/ui';
import { IMPORT_SOURCE_NAMES } from '../../../../contract/imports/importAnswer';
import { dateRange, plural } from './format';
import type { PreviewAnswer } from './importsApi';

/**
 * What the file will bring in, before anything is written: the app, the counts, the dates, and which names match our
 * exercises. A name kept as custom can be matched to a catalog exercise by its name; the preview is asked again.
 */
export function ImportPreview({ preview, remap, busy, onRemap, onImport, onCancel }: {
  preview: PreviewAnswer;
  remap: Record<string, string>;
  busy: boolean;
  onRemap: (remap: Record<string, string>) => void;
  onImport: () => void;
  onCancel: () => void;
}) {
  const [names, setNames] = useState<Record<string, string>>(remap);
  const remapped = Object.keys(remap);
  return (
    <div className="imports__preview stack" aria-label="Import preview" role="region">
      <h3>From {IMPORT_SOURCE_NAMES[preview.source]}</h3>
      <dl className="imports__facts">
        <div><dt>Workouts</dt><dd data-testid="preview-workouts">{preview.workouts.toLocaleString()}</dd></div>
        <div><dt>Sets</dt><dd>{preview.sets.toLocaleString()}</dd></div>
        <div><dt>Exercises</dt><dd>{preview.exercises.toLocaleString()}</dd></div>
        <div><dt>Dates</dt><dd>{dateRange(preview.from, preview.to)}</dd></div>
      </dl>
      {preview.skipped > 0 && <p className="alert">{plural(preview.skipped, 'workout')} of this file you already have; they will be skipped.</p>}
      {preview.duplicateOf && (
        <p className="alert alert--error" role="alert">
          You imported this very file before. Undo that import first to bring it in again.
        </p>
      )}
      {preview.matched.length > 0 && (
        <details>
          <summary>{plural(preview.matched.length, 'exercise')} matched to ours</summary>
          <ul className="imports__names">
            {preview.matched.map((m) => (
              <li key={m.name}>
                {m.name} → <strong>{m.catalogName}</strong>
                {remapped.includes(m.name) && ' (your match)'}
              </li>
            ))}
          </ul>
        </details>
      )}
      {preview.unmatched.length > 0 && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            onRemap(Object.fromEntries(Object.entries({ ...remap, ...names }).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])));
          }}
        >
          <p>
            {plural(preview.unmatched.length, 'exercise')} will be kept as your own. To count one as one of ours, type our name for it (for
            example “Barbell Back Squat”).
          </p>
          <ul className="imports__names imports__remap">
            {preview.unmatched.map((name) => (
              <li key={name}>
                <label>
                  <span>{name}</span>
                  <Input value={names[name] ?? ''} placeholder="Keep as my own" onChange={(event) => setNames({ ...names, [name]: event.target.value })} />
                </label>
              </li>
            ))}
          </ul>
          <div>
            <Button type="submit" variant="ghost" busy={busy}>
              Update preview
            </Button>
          </div>
        </form>
      )}
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
