import { Button } from '../../shared/ui';
import { IMPORT_SOURCE_NAMES, type DateOrder } from '../../../../contract/imports/importAnswer';
import { dateRange, plural } from './format';
import { NameChoice } from './NameChoice';
import type { PreviewAnswer, Remap } from './importsApi';

/** How the unit was settled, as the preview tells it. */
const UNIT_SAID: Record<PreviewAnswer['unit']['source'], string> = {
  file: 'as the file says',
  chosen: 'as you chose',
  inferred: 'worked out from the weights',
  profile: 'your profile’s unit',
};

/** Each order of a slashed date, as the preview tells it. */
const DATE_ORDER_SAID: Record<DateOrder, string> = { dmy: 'day first (29/11)', mdy: 'month first (11/29)' };

/**
 * What the file will bring in, before anything is written: the app and layout, the counts, the dates, the unit the
 * weights are read in and the order of slashed dates (each changed with one tap where the file does not settle it), and
 * what each of the file's names counts as: any can be changed, to our match, to the person's own exercise, or to
 * another of ours; the preview is asked again.
 */
export function ImportPreview({ preview, remap, automatic, datesChosen, busy, onRemap, onUnit, onDates, onImport, onCancel }: {
  preview: PreviewAnswer;
  remap: Remap;
  /** What the importer matches each name to by itself (the catalog's name), from the file's first preview. */
  automatic: Record<string, string>;
  /** Whether the person chose the order of the dates, rather than their device's language. */
  datesChosen: boolean;
  busy: boolean;
  onRemap: (remap: Remap) => void;
  onUnit: (unit: 'kg' | 'lb') => void;
  onDates: (order: DateOrder) => void;
  onImport: () => void;
  onCancel: () => void;
}) {
  const { unit, dates } = preview;
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
      {dates && (
        <div className="imports__unit" role="group" aria-label="Date order">
          <p>
            Dates read <strong data-testid="preview-dates">{DATE_ORDER_SAID[dates.order]}</strong> ({dates.source === 'file' ? 'as the file shows' : datesChosen ? 'as you chose' : 'as your device writes dates'}). <span className="imports__meta">{dates.why}</span>
          </p>
          {dates.source !== 'file' && (
            <Button variant="secondary" busy={busy} onClick={() => onDates(dates.order === 'dmy' ? 'mdy' : 'dmy')}>
              They are {dates.order === 'dmy' ? 'month' : 'day'} first
            </Button>
          )}
        </div>
      )}
      {kept.length > 0 && <p>Kept with the sets: {kept.join(', ')}.</p>}
      {preview.skipped > 0 && <p className="alert">{plural(preview.skipped, 'workout')} of this file you already have; they will be skipped.</p>}
      {preview.duplicateOf && (
        <p className="alert alert--error" role="alert">
          You imported this very file before. Undo that import first to bring it in again.
        </p>
      )}
      <details open={preview.unmatched.length > 0 || Object.keys(remap).length > 0}>
        <summary>
          {plural(matches.length, 'exercise name')}: {preview.matched.length} matched to ours, {plural(preview.unmatched.length, 'exercise')} will be kept as your own
        </summary>
        <p className="imports__meta">Your names stay on the sets and go out again in your exports. Change what any of them counts as: our exercise, your own, or another of ours.</p>
        <ul className="imports__remap">
          {matches.map(({ name, to }) => (
            <NameChoice
              key={name}
              name={name}
              automatic={automatic[name] ?? null}
              current={to}
              busy={busy}
              onChoose={(choice) => {
                const { [name]: _was, ...others } = remap;
                onRemap(choice === undefined ? others : { ...others, [name]: choice });
              }}
            />
          ))}
        </ul>
      </details>
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
