import { Button } from '../../shared/ui';
import { IMPORT_SOURCE_NAMES } from '../../../../contract/imports/importAnswer';
import { dateRange, messageOf, plural } from './format';
import { useImportsQuery, useUndoImportMutation } from './importsApi';

const STATUS = { running: 'Importing…', completed: 'Imported', undone: 'Undone' } as const;

/**
 * The user's imports, newest first; an import that counts can be undone (its workouts leave every page), and so can
 * one that never finished (cut short, it would stay running for good).
 */
export function PastImports() {
  const { data: imports = [] } = useImportsQuery();
  const [undo, { isLoading, error, originalArgs }] = useUndoImportMutation();
  if (imports.length === 0) return null;
  return (
    <div className="stack">
      <h3>Your imports</h3>
      {error && (
        <p className="alert alert--error" role="alert">
          {messageOf(error)}
        </p>
      )}
      <ul className="imports__list">
        {imports.map((i) => (
          <li key={i.import_id} className="imports__item" data-testid="past-import">
            <div>
              <strong>{IMPORT_SOURCE_NAMES[i.source]}</strong>
              {i.file_name && <span className="imports__file"> · {i.file_name}</span>}
              <div className="imports__meta">
                {plural(i.workouts, 'workout')}, {plural(i.sets, 'set')} · {dateRange(i.from, i.to)}
                {i.skipped > 0 && ` · ${i.skipped} skipped`} · <span>{STATUS[i.status]}</span>
              </div>
            </div>
            {i.status !== 'undone' && (
              <Button variant="danger" small busy={isLoading && originalArgs === i.import_id} onClick={() => void undo(i.import_id)}>
                Undo
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
