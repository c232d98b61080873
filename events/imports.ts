import { z } from 'zod';
import { IMPORT_SOURCES } from '../contract/imports/importAnswer.js';
import { WEIGHT_UNITS } from '../contract/weightUnits.js';
import { withinWeight } from './sets.js';
import { amount, importCount, instant, MAX_IMPORT_ROWS, MAX_WEIGHT, TRAINING, whole } from './bounds.js';

const id = z.string().min(1);
const at = instant;

export { IMPORT_SOURCES, type ImportSource } from '../contract/imports/importAnswer.js';

/** A working set the file marks as more than a plain one: a drop set or a set taken to failure. */
export const IMPORTED_SET_TYPES = ['drop', 'failure'] as const;
export type ImportedSetType = (typeof IMPORTED_SET_TYPES)[number];

/**
 * One set as the file had it: the weight as written, in its unit; a cardio row has distance or seconds instead.
 * `exerciseName` is the name of the identity matched (the catalog's, or the custom name); `givenName` the file's own
 * name for it when that differs, which the exports write back. The names and notes are the person's (or their
 * file's) words, sealed (events/personal.ts). Batches written before these fields were kept have none of them.
 */
export const importedSet = z
  .object({
    exercise: id,
    exerciseName: z.string().min(1),
    custom: z.boolean(),
    weight: amount(0, MAX_WEIGHT.lb),
    unit: z.enum(WEIGHT_UNITS),
    /** 0 for a row with no reps (a cardio row, a timed hold). */
    reps: whole(0, TRAINING.reps),
    rpe: amount(0, TRAINING.rpe).nullable(),
    warmup: z.boolean(),
    distance: amount(0, TRAINING.distance).nullable(),
    distanceUnit: z.enum(['km', 'mi']).nullable(),
    seconds: amount(0, TRAINING.setSeconds).nullable(),
    givenName: z.string().min(1).optional(),
    setType: z.enum(IMPORTED_SET_TYPES).optional(),
    notes: z.string().min(1).optional(),
  })
  .superRefine(withinWeight);
export type ImportedSet = z.infer<typeof importedSet>;

export const importedWorkout = z.object({
  /** `<importId>-w<n>`. */
  sessionId: id,
  name: z.string(),
  startedAt: at,
  durationMinutes: whole(0, TRAINING.workoutMinutes),
  /** The workout's own notes (Strong's Workout Notes, Hevy's description). */
  notes: z.string().min(1).optional(),
  sets: z.array(importedSet).max(TRAINING.setsPerWorkout),
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
    workouts: importCount,
    sets: importCount,
    exercises: importCount,
    from: at.nullable(),
    to: at.nullable(),
    /** Workouts of the file left out because the user already had a session starting that minute. */
    skipped: importCount,
    startedAt: at,
  }),
  WorkoutsImported: z.object({ importId: id, userId: id, source: z.enum(IMPORT_SOURCES), batch: whole(0, MAX_IMPORT_ROWS), workouts: z.array(importedWorkout).max(MAX_IMPORT_ROWS) }),
  ImportCompleted: z.object({ importId: id, userId: id, completedAt: at }),
  ImportUndone: z.object({ importId: id, userId: id, undoneAt: at }),
};

/** The session id of the `n`th workout of an import. */
export const importedSessionId = (importId: string, n: number) => `${importId}-w${n}`;
/** The import a session id was handed out by, or undefined for a session logged in the app. */
export const importOfSession = (sessionId: string) => /^(.+)-w\d{1,7}$/.exec(sessionId)?.[1];
/** The minute a session started, as overlap is judged: two sessions starting the same minute are one. */
export const startMinute = (instant: string) => new Date(Math.floor(Date.parse(instant) / 60_000) * 60_000).toISOString();
