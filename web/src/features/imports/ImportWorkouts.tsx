import { useState } from 'react';
import { FilePicker } from './FilePicker';
import { ImportPreview } from './ImportPreview';
import { PastImports } from './PastImports';
import { deviceDateOrder, messageOf, plural } from './format';
import { useImportWorkoutsMutation, usePreviewImportMutation, type PreviewAnswer, type Remap } from './importsApi';
import { ACCEPTED_LAYOUTS, type DateOrder } from '../../../../contract/imports/importAnswer';
import './imports.css';

type Chosen = { name: string; text: string };

/**
 * "Import workouts": a Strong or Hevy export is previewed first (nothing is written), then imported as one batch the
 * user can undo from the list below. Importing takes a subscription; the list and its undo are for everyone who has
 * imports, so one who cancelled still takes back what they brought in.
 */
export function ImportWorkouts({ subscriber }: { subscriber: boolean }) {
  const [file, setFile] = useState<Chosen | null>(null);
  const [remap, setRemap] = useState<Remap>({});
  const [automatic, setAutomatic] = useState<Record<string, string>>({});
  const [unit, setUnit] = useState<'kg' | 'lb' | undefined>();
  const [dates, setDates] = useState<{ order: DateOrder; chosen: boolean }>(() => ({ order: deviceDateOrder(), chosen: false }));
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [askPreview, previewState] = usePreviewImportMutation();
  const [importWorkouts, importState] = useImportWorkoutsMutation();
  const error = previewState.error ?? importState.error;
  const refused = !!previewState.error && 'status' in previewState.error && previewState.error.status === 400;

  const previewOf = async (chosen: Chosen, names: Remap, inUnit: 'kg' | 'lb' | undefined, order: DateOrder) => {
    setDone(null);
    const answer = await askPreview({ file: chosen.text, name: chosen.name, remap: names, unit: inUnit, dates: order });
    setPreview(answer.data ?? null);
    // The file's first preview is the importer's own reading of its names, which any choice can go back to.
    if (answer.data && Object.keys(names).length === 0) setAutomatic(Object.fromEntries(answer.data.matched.map((m) => [m.name, m.catalogName])));
  };
  const importNow = async (chosen: Chosen) => {
    const answer = await importWorkouts({ file: chosen.text, name: chosen.name, remap, unit, dates: dates.order });
    if (!answer.data) return;
    setDone(`Imported ${plural(answer.data.workouts, 'workout')} and ${plural(answer.data.sets, 'set')}${answer.data.skipped ? ` (${answer.data.skipped} skipped: already here)` : ''}.`);
    setFile(null);
    setPreview(null);
  };
  const reset = () => {
    setFile(null);
    setPreview(null);
    setRemap({});
    setUnit(undefined);
    previewState.reset();
  };

  if (!subscriber)
    return (
      <div className="stack imports">
        <p>
          Importing a history from Strong or Hevy comes with a subscription (<a href="#subscription">Manage Subscription</a>). Any imports you made stay listed here, and you can undo them.
        </p>
        <PastImports />
      </div>
    );

  return (
    <div className="stack imports">
      <p>Bring your history from Strong or Hevy: export your workouts there as CSV and choose the file here. You see what it holds before anything is imported.</p>
      {!preview && (
        <>
          <FilePicker
            disabled={previewState.isLoading}
            onFile={(chosen) => {
              setFile(chosen);
              setRemap({});
              setUnit(undefined);
              void previewOf(chosen, {}, undefined, dates.order);
            }}
          />
        </>
      )}
      {previewState.isLoading && <p aria-live="polite">Reading {file?.name}…</p>}
      {error && (
        <p className="alert alert--error" role="alert">
          {messageOf(error)}
        </p>
      )}
      {!preview && (
        // A file refused as neither app's export opens the list of the files this reads, beside its refusal.
        <details open={refused || undefined}>
          <summary>Files this reads</summary>
          <ul className="imports__layouts" data-testid="accepted-layouts">
            {ACCEPTED_LAYOUTS.map((layout) => (
              <li key={layout}>{layout}</li>
            ))}
          </ul>
        </details>
      )}
      {done && (
        <p className="alert alert--success" role="status">
          {done}
        </p>
      )}
      {preview && file && (
        <ImportPreview
          key={JSON.stringify(remap)}
          preview={preview}
          remap={remap}
          automatic={automatic}
          // Said of the preview shown: the one asked with the person's order, not the one before it that is still on screen.
          datesChosen={dates.chosen && preview.dates?.order === dates.order}
          busy={previewState.isLoading || importState.isLoading}
          onRemap={(names) => {
            setRemap(names);
            void previewOf(file, names, unit, dates.order);
          }}
          onUnit={(chosen) => {
            setUnit(chosen);
            void previewOf(file, remap, chosen, dates.order);
          }}
          onDates={(order) => {
            setDates({ order, chosen: true });
            void previewOf(file, remap, unit, order);
          }}
          onImport={() => void importNow(file)}
          onCancel={reset}
        />
      )}
      <PastImports />
    </div>
  );
}
