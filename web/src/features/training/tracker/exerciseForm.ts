import type { TrackerWorkout } from './trackerApi';

/** The Log Exercise form's fields, as typed. */
export interface ExerciseForm {
  workoutId: string;
  sets: string;
  reps: string;
  weight: string;
  notes: string;
}

export const emptyExerciseForm: ExerciseForm = { workoutId: '', sets: '', reps: '', weight: '0', notes: '' };

/**
 * A plan exercise as the form needs it. `reps_per_set` is already the whole-number lower bound of the plan's reps
 * ("8-12" → 8): the server works it out once (the regimens projection's `target_reps`).
 */
type Choice = Pick<TrackerWorkout, 'workout_id' | 'name' | 'sets' | 'reps_per_set'>;

/** docs/product.md#how-things-change: choosing an exercise pre-fills its sets and reps (the lower bound of a range) and resets weight to 0. */
export function prefill(form: ExerciseForm, workout: Choice | undefined): ExerciseForm {
  if (!workout) return { ...emptyExerciseForm, notes: form.notes };
  return { ...form, workoutId: workout.workout_id, sets: String(workout.sets), reps: String(workout.reps_per_set), weight: '0' };
}

/** docs/product.md#what-input-is-accepted: Save needs an active session and a chosen exercise. */
export const canSave = (form: ExerciseForm, sessionId: string | undefined) => Boolean(sessionId && form.workoutId);

const whole = (text: string, min: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min ? n : undefined;
};

/** The entry the form describes, or a message saying which field is wrong. */
export function entryFrom(form: ExerciseForm, workouts: Choice[]): { entry?: { workoutId: string; name: string; sets: number; reps: number; weight: number; notes: string }; problem?: string } {
  const workout = workouts.find((w) => w.workout_id === form.workoutId);
  if (!workout) return { problem: 'Choose an exercise' };
  const sets = whole(form.sets, 1);
  if (sets === undefined) return { problem: 'Sets must be a whole number of at least 1' };
  const reps = whole(form.reps, 1);
  if (reps === undefined) return { problem: 'Reps per set must be a whole number of at least 1' };
  const weight = form.weight.trim() === '' ? 0 : Number(form.weight);
  if (!Number.isFinite(weight) || weight < 0) return { problem: 'Weight must be 0 or more' };
  return { entry: { workoutId: workout.workout_id, name: workout.name, sets, reps, weight, notes: form.notes.trim() } };
}
