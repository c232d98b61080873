import type { AppEvent } from '../../../../events/catalog.js';
import type { PastImport } from '../../../../contract/imports/importAnswer.js';
import type { Projection } from '../projection.js';

/** One import as GET /api/imports answers it (the shape is the answer's, shared with the web client). */
export type ImportDoc = PastImport;

/** One user's imports, oldest first, undone ones kept: the log keeps both an import and its undo. */
export interface ImportsDoc {
  user_id: string;
  imports: ImportDoc[];
}

export const importsProjection: Projection<ImportsDoc> = {
  name: 'imports',
  handles: ['ImportStarted', 'ImportCompleted', 'ImportUndone', 'AccountDeleted'],
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event: AppEvent) {
    if (event.type === 'AccountDeleted') return undefined;
    const current = doc ?? { user_id: (event.data as { userId: string }).userId, imports: [] };
    const change = (importId: string, to: Partial<ImportDoc>) => ({ ...current, imports: current.imports.map((i) => (i.import_id === importId ? { ...i, ...to } : i)) });
    switch (event.type) {
      case 'ImportStarted': {
        const d = event.data;
        const entry: ImportDoc = {
          import_id: d.importId,
          source: d.source,
          file_name: d.fileName,
          workouts: d.workouts,
          sets: d.sets,
          exercises: d.exercises,
          from: d.from,
          to: d.to,
          skipped: d.skipped,
          started_at: d.startedAt,
          status: 'running',
          completed_at: null,
          undone_at: null,
        };
        return { ...current, imports: [...current.imports, entry] };
      }
      case 'ImportCompleted':
        return change(event.data.importId, { status: 'completed', completed_at: event.data.completedAt });
      case 'ImportUndone':
        return change(event.data.importId, { status: 'undone', undone_at: event.data.undoneAt });
      default:
        return current;
    }
  },
};
