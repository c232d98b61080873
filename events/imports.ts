import { z } from 'zod';
import { IMPORT_SOURCES } from './importAnswer.js';
import { WEIGHT_UNITS } from './sets.js';

const id = z.string().min(1);
const at = z.string().min(1);

export { IMPORT_SOURCES, type ImportSource } from './importAnswer.js';

/**
 * One set as the file had it: the weight as written, in its unit; a cardio row has distance or seconds instead. The
 * notes are not kept: nothing reads them. The names are the person's (or their file's) words, sealed
 * (events/personal.ts).
 */
export const importedSet = z.object({
  exercise: id,
  exerciseName: z.string().min(1),
  custom: z.boolean(),
  weight: z.number().min(0),
  unit: z.enum(WEIGHT_UNITS),
  /** 0 for a row with no reps (a cardio row, a timed hold). */
  reps: z.number().int().min(0),
  rpe: z.number().min(0).max(10).nullable(),
  warmup: z.boolean(),
  distance: z.number().min(0).nullable(),
  distanceUnit: z.enum(['km', 'mi']).nullable(),
  seconds: z.number().min(0).nullable(),
});
export type ImportedSet = z.infer<typeof importedSet>;

export const importedWorkout = z.object({
  /** `<importId>-w<n>`. */
  sessionId: id,
  name: z.string(),
  startedAt: at,
  durationMinutes: z.number().int().min(0),
  sets: z.array(importedSet),
});
export type ImportedWorkout = z.infer<typeof importedWorkout>;

/**
 * Workouts brought in from another app's export. The user's stream `imports-<userId>` holds each import's start
 * (with the file's content hash, so the same file is recognised), its completion and its undo; the import's own
 * stream `import-<importId>` holds its workouts in batches, so no event grows with the file. An import counts only
 * once `ImportCompleted` is in the log: one cut short (a crash mid-way) stays invisible everywhere.
 */
export const importEvents = {
  ImportStarted: z.object({
    importId: id,
    userId: id,
    source: z.enum(IMPORT_SOURCES),
    contentHash: z.string().min(1),
    fileName: z.string().nullable(),
    workouts: z.number().int().min(0),
    sets: z.number().int().min(0),
    exercises: z.number().int().min(0),
    from: at.nullable(),
    to: at.nullable(),
    /** Workouts of the file left out because the user already had a session starting that minute. */
    skipped: z.number().int().min(0),
    startedAt: at,
  }),
  WorkoutsImported: z.object({ importId: id, userId: id, source: z.enum(IMPORT_SOURCES), batch: z.number().int().min(0), workouts: z.array(importedWorkout) }),
  ImportCompleted: z.object({ importId: id, userId: id, completedAt: at }),
  ImportUndone: z.object({ importId: id, userId: id, undoneAt: at }),
};

/** The session id of the `n`th workout of an import. */
export const importedSessionId = (importId: string, n: number) => `${importId}-w${n}`;
/** The import a session id was handed out by, or undefined for a session logged in the app. */
export const importOfSession = (sessionId: string) => /^(.+)-w\d{1,7}$/.exec(sessionId)?.[1];
/** The minute a session started, as overlap is judged: two sessions starting the same minute are one. */
export const startMinute = (instant: string) => new Date(Math.floor(Date.parse(instant) / 60_000) * 60_000).toISOString();
