import { z } from 'zod';
import { MAX_WEIGHT, TRAINING } from '../../../../../events/bounds.js';
import { idField, text, wholeNumber } from '../../fields.js';
import type { ExerciseEntry } from './decide.js';

const weight = z
  .number({ error: (issue) => (issue.input === undefined ? 'weightUsed is required' : 'weightUsed must be a number') })
  .min(0, 'weightUsed must be at least 0')
  .max(MAX_WEIGHT.lb, `weightUsed must be at most ${MAX_WEIGHT.lb} (lb)`);

const notes = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string({ error: 'notes must be text' }).trim().max(500, 'notes must be at most 500 characters').nullable().optional(),
);

export const startInput = z.object({ regimenId: idField('regimenId') }).strict();

export const logExerciseInput = z
  .object({
    sessionId: idField('sessionId'),
    workoutId: idField('workoutId'),
    sets: wholeNumber('sets', 1, TRAINING.sets),
    reps: wholeNumber('reps', 1, TRAINING.reps),
    weightUsed: weight,
    notes,
  })
  .strict();

/** POST /api/workout-session/log-exercise's body as the entry the decider logs. */
export const entryOfLogged = ({ workoutId, sets, reps, weightUsed, notes }: z.infer<typeof logExerciseInput>): ExerciseEntry => ({
  workoutId,
  sets,
  reps,
  weightLb: weightUsed,
  notes: notes ?? null,
});

/** docs/product.md#what-the-app-keeps-and-answers "Exercise log entry", as the tracker lists what the user completed. */
const completedExercise = z
  .object({
    workout_id: idField('workout_id'),
    name: text('name', 100),
    sets: wholeNumber('sets', 1, TRAINING.sets),
    reps_per_set: wholeNumber('reps_per_set', 1, TRAINING.reps),
    weight_used_lb: z.number({ error: 'weight_used_lb must be a number' }).min(0).max(MAX_WEIGHT.lb),
    notes,
  })
  .strict();

/** One of the tracker's completed exercises (docs/product.md#what-the-app-keeps-and-answers field names) as an entry. */
export const entryOfCompleted = (c: z.infer<typeof completedExercise>): ExerciseEntry => ({
  workoutId: c.workout_id,
  sets: c.sets,
  reps: c.reps_per_set,
  weightLb: c.weight_used_lb,
  notes: c.notes ?? null,
});

export const endInput = z
  .object({
    sessionId: idField('sessionId'),
    // Whole minutes as the tracker's timer counted them; a year is far above any real session.
    totalDuration: wholeNumber('totalDuration', 0, 525600),
    completedExercises: z
      .array(completedExercise, { error: (issue) => (issue.input === undefined ? 'completedExercises is required' : 'completedExercises must be a list') })
      .max(200, 'completedExercises has at most 200 entries'),
  })
  .strict();
