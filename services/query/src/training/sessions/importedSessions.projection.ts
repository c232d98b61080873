import type { AppEvent } from '../../../../../events/catalog.js';
import type { ImportedWorkout, ImportSource } from '../../../../../events/imports.js';
import { lbOf } from '../../../../../contract/weightUnits.js';
import { chunksOf } from '../../chunks.js';
import type { Projection } from '../../projection.js';
import { importedSpan } from './importedSpan.js';
import { setsAsExercises, type SessionDoc, type WorkoutSessionsDoc } from './workoutSessions.projection.js';

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
const importKey = (userId: string, importId: string) => `${chunksOf(userId)}${importId}`;
/** Zero-padded, so an import's batches sort by number as strings do. */
const batchKey = (userId: string, importId: string, batch: number) => `${chunksOf(importKey(userId, importId))}b${String(batch).padStart(6, '0')}`;
const completedKey = (userId: string, importId: string) => `${chunksOf(importKey(userId, importId))}completed`;

/**
 * Imported sessions, apart from the user's sessions doc: a batch of a 100,000-row import rewrote that whole doc
 * (megabytes) each time, and with it slowed everyone's reads and writes. Here a batch writes only its own doc, an
 * import's completion a small one beside them, and its undo erases every doc of the import (`<userId>/<importId>/…`,
 * see `erases`) in the one commit of that one event. Readers take all of a user's docs with one range
 * (`chunksOf(userId)`) and count only the batches of completed imports (`completedSessions`), so an import cut short
 * stays invisible, as before.
 */
export const importedSessionsProjection: Projection<ImportedSessionsDoc> = {
  name: 'importedSessions',
  handles: ['WorkoutsImported', 'ImportCompleted', 'ImportUndone', 'AccountDeleted'],
  erases(event) {
    if (event.type === 'ImportUndone') return importKey(event.data.userId, event.data.importId);
    if (event.type === 'AccountDeleted') return event.data.userId;
    return undefined;
  },
  key(event) {
    const { userId, importId } = event.data as { userId: string; importId?: string };
    if (event.type === 'WorkoutsImported') return batchKey(userId, event.data.importId, event.data.batch);
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

/**
 * A user's sessions doc with the sessions of their completed imports in its history, by start time: what the
 * Exercise Log, progress, the dashboard and the export read. A sessions doc written before imported sessions had
 * docs of their own may still hold some (until `npm run replay`): those are left out, the docs here are the truth.
 */
export function withImportedSessions(doc: WorkoutSessionsDoc | undefined, docs: readonly ImportedSessionsDoc[]): WorkoutSessionsDoc | undefined {
  const imported = completedSessions(docs);
  const stale = doc?.history.some((s) => s.imported) ?? false;
  if (imported.length === 0 && !stale) return doc;
  const own = stale ? doc!.history.filter((s) => !s.imported) : (doc?.history ?? []);
  const history = [...own, ...imported].sort((a, b) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : 0));
  return { user_id: doc?.user_id ?? docs[0]!.user_id, open: doc?.open ?? [], history };
}

/** An imported workout as an ended session: its working sets in the log's whole-exercise shape, weights as written. */
function importedSession(importId: string, app: ImportSource, w: ImportedWorkout): SessionDoc {
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
    imported: { import_id: importId, app, name: w.name },
  };
}
