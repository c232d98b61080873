import { useState } from 'react';
import { FilePicker } from './FilePicker';
import { ImportPreview } from './ImportPreview';
import { PastImports } from './PastImports';
import { messageOf, plural } from './format';
import { useImportWorkoutsMutation, usePreviewImportMutation, type PreviewAnswer } from './importsApi';
import { ACCEPTED_LAYOUTS } from '../../../../contract/imports/importAnswer';
import './imports.css';

/**
 * "Import workouts": a Strong or Hevy export is previewed first (nothing is written), then imported as one batch the
 * user can undo from the list below.
 */
export function ImportWorkouts() {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [remap, setRemap] = useState<Record<string, string>>({});
  const [unit, setUnit] = useState<'kg' | 'lb' | undefined>();
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [askPreview, previewState] = usePreviewImportMutation();
  const [importWorkouts, importState] = useImportWorkoutsMutation();
  const error = previewState.error ?? importState.error;

  const previewOf = async (chosen: { name: string; text: string }, names: Record<string, string>, inUnit: 'kg' | 'lb' | undefined) => {
    setDone(null);
    const answer = await askPreview({ file: chosen.text, name: chosen.name, remap: names, unit: inUnit });
    setPreview(answer.data ?? null);
  };
  const importNow = async (chosen: { name: string; text: string }) => {
    const answer = await importWorkouts({ file: chosen.text, name: chosen.name, remap, unit });
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
              void previewOf(chosen, {}, undefined);
            }}
          />
          <details>
            <summary>Files this reads</summary>
            <ul className="imports__layouts" data-testid="accepted-layouts">
              {ACCEPTED_LAYOUTS.map((layout) => (
                <li key={layout}>{layout}</li>
              ))}
            </ul>
          </details>
        </>
      )}
      {previewState.isLoading && <p aria-live="polite">Reading {file?.name}…</p>}
      {error && (
        <p className="alert alert--error" role="alert">
          {messageOf(error)}
        </p>
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
          busy={previewState.isLoading || importState.isLoading}
          onRemap={(names) => {
            setRemap(names);
            void previewOf(file, names, unit);
          }}
          onUnit={(chosen) => {
            setUnit(chosen);
            void previewOf(file, remap, chosen);
          }}
          onImport={() => void importNow(file)}
          onCancel={reset}
        />
      )}
      <PastImports />
    </div>
  );
}
