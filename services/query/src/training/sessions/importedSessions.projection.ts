import type { AppEvent } from '../../../../../events/catalog.js';
import type { ImportedWorkout, ImportSource } from '../../../../../events/imports.js';
import { lbOf } from '../../../../../contract/weightUnits.js';
import { chunksOf } from '../../chunks.js';
import type { Projection } from '../../projection.js';
import { importedSpan } from './importedSpan.js';
import { setsAsExercises, type SessionDoc } from './sessionDoc.js';

/** One batch of an import: its workouts as ended sessions, written once, by its own `WorkoutsImported`. */
export interface ImportedBatchDoc {
  user_id: string;
  import_id: string;
  batch: number;
  sessions: SessionDoc[];
}

/** That an import completed: its sessions count from here on. */
export interface ImportCompletedDoc {
  user_id: string;
  import_id: string;
  completed_at: string;
}

export type ImportedSessionsDoc = ImportedBatchDoc | ImportCompletedDoc;

/** Every doc of one import (its batches and its completion) is keyed under this. */
export const importKey = (userId: string, importId: string) => `${chunksOf(userId)}${importId}`;
/**
 * A batch by the latest start month of its workouts, then its number (zero-padded, so batches sort by number as
 * strings do): every session of month M is in a doc keyed at M or later, so a reader going newest first knows every
 * imported session of month M once it has read the docs keyed from M on (sessionHistory.ts).
 */
const batchKey = (userId: string, importId: string, month: string, batch: number) => `${chunksOf(importKey(userId, importId))}${month}/b${String(batch).padStart(6, '0')}`;
/** Sorts after every batch's key (a month starts with a digit). */
export const completedKey = (userId: string, importId: string) => `${chunksOf(importKey(userId, importId))}completed`;
/** The month of the latest start among a batch's workouts ('0000-00' for a batch with no dated one). */
const latestMonth = (workouts: readonly ImportedWorkout[]) =>
  workouts.reduce((latest, w) => {
    const month = w.startedAt.slice(0, 7);
    return /^\d{4}-\d{2}$/.test(month) && month > latest ? month : latest;
  }, '0000-00');

/**
 * Imported sessions, apart from the app's sessions: a batch of a 100,000-row import once rewrote a whole sessions doc
 * (megabytes) each time, and with it slowed everyone's reads and writes. Here a batch writes only its own doc, an
 * import's completion a small one beside them, and its undo erases every doc of the import (`<userId>/<importId>/…`,
 * see `erases`) in the one commit of that one event. Readers count only the batches of completed imports, so an
 * import cut short stays invisible: those that want them all take a user's docs with one range (`completedSessions`),
 * the Exercise Log an import's batches by month, newest first (sessionHistory.ts).
 */
export const importedSessionsProjection: Projection<ImportedSessionsDoc> = {
  name: 'importedBatches',
  handles: ['WorkoutsImported', 'ImportCompleted', 'ImportUndone', 'AccountDeleted'],
  erases(event) {
    if (event.type === 'ImportUndone') return importKey(event.data.userId, event.data.importId);
    if (event.type === 'AccountDeleted') return event.data.userId;
    return undefined;
  },
  key(event) {
    const { userId, importId } = event.data as { userId: string; importId?: string };
    if (event.type === 'WorkoutsImported') return batchKey(userId, event.data.importId, latestMonth(event.data.workouts), event.data.batch);
    if (event.type === 'ImportCompleted') return completedKey(userId, event.data.importId);
    // The erasing events are not keyed by the projector; a repair asking anyway gets a key no doc has.
    return importId === undefined ? userId : importKey(userId, importId);
  },
  evolve(doc, event: AppEvent) {
    switch (event.type) {
      case 'WorkoutsImported': {
        const { userId, importId, batch, source, workouts } = event.data;
        return { user_id: userId, import_id: importId, batch, sessions: workouts.map((w) => importedSession(importId, source, w)) };
      }
      case 'ImportCompleted':
        return { user_id: event.data.userId, import_id: event.data.importId, completed_at: event.data.completedAt };
      default:
        return doc;
    }
  },
};

/** The sessions of the completed imports among one user's imported-sessions docs (a running import's wait). */
export function completedSessions(docs: readonly ImportedSessionsDoc[]): SessionDoc[] {
  const completed = new Set(docs.flatMap((d) => ('completed_at' in d ? [d.import_id] : [])));
  if (completed.size === 0) return [];
  return docs.flatMap((d) => ('sessions' in d && completed.has(d.import_id) ? d.sessions : []));
}

/** An imported workout as an ended session: its working sets in the log's whole-exercise shape, weights as written. */
export function importedSession(importId: string, app: ImportSource, w: ImportedWorkout): SessionDoc {
  const entries = setsAsExercises(
    w.sets.map((set) => {
      // A row without reps (a run, a loaded carry) keeps its distance and time.
      const cardio = set.reps === 0;
      return {
        exercise: set.exercise,
        name: set.exerciseName,
        reps: set.reps,
        weight_lb: lbOf(set.weight, set.unit),
        weight: set.weight,
        unit: set.unit,
        warmup: set.warmup,
        logged_at: w.startedAt,
        ...(cardio && set.distance !== null && set.distanceUnit !== null ? { distance: set.distance, distance_unit: set.distanceUnit } : {}),
        ...(cardio && set.seconds !== null ? { seconds: set.seconds } : {}),
        ...(set.setType ? { set_type: set.setType } : {}),
        ...(set.notes ? { notes: set.notes } : {}),
      };
    }),
  );
  const { endedAt, minutes } = importedSpan(w.startedAt, w.durationMinutes);
  return {
    session_id: w.sessionId,
    regimen_id: 'imported',
    day_number: 1,
    source: 'tracker',
    start_time: w.startedAt,
    status: 'Ended',
    pauses: [],
    paused_ms: 0,
    exercises: entries,
    end_time: endedAt ?? w.startedAt,
    runtime_seconds: minutes * 60,
    total_duration_minutes: minutes,
    ended_by: 'ended',
    imported: { import_id: importId, app, name: w.name, ...(w.notes ? { notes: w.notes } : {}) },
  };
}
