import type { DistanceUnit, ExerciseKind } from '../../../contract/training/exerciseKinds.js';
import type { WeightUnit } from '../../../contract/weightUnits.js';
import { catalogExercise, exerciseNamed } from './exerciseIdentity.js';

/**
 * What a set of each kind of exercise is measured in, in one place: the set logger's refusals, the records each
 * kind keeps and the target's wording read it (docs/adr/0078-sets-carry-what-their-exercise-kind-measures.md).
 */

export type { ExerciseKind };

/** An exercise's kind: the catalog's; null for the person's own, which is measured by what each set carries. */
export const kindOf = (exercise: string): ExerciseKind | null => catalogExercise(exercise)?.kind ?? null;

/**
 * The kind of the exercise a name (typed, or a plan's line) stands for: its catalog exercise's, read without a plan
 * line's bracketed detail ("Brisk Walk (15 min)" is cardio) as `exerciseNamed` reads it; null for the person's own.
 */
export const kindNamed = (name: string): ExerciseKind | null => exerciseNamed(name)?.kind ?? null;

/** What one set says was done. */
export interface SetMeasure {
  weight?: { value: number; unit: WeightUnit };
  reps?: number;
  seconds?: number;
  distance?: { value: number; unit: DistanceUnit };
}

/** The kind a set measures, read from its fields: for the person's own exercises, which have no kind of their own. */
export const kindOfSet = (set: SetMeasure): ExerciseKind =>
  set.distance ? 'distance' : set.seconds !== undefined ? 'timed' : set.weight && set.weight.value > 0 ? 'weighted' : 'bodyweight';

/**
 * Why a set does not fit its exercise's kind, as a 400 says it; null when it fits. `name`: the exercise as shown.
 * Weighted: load and reps. Body weight: reps, load optional (added). Timed: seconds, load optional (a carry).
 * Cardio: seconds, distance optional (a bike has none to give). The person's own exercise: reps or seconds, and a
 * distance only with seconds.
 */
export function misfit(kind: ExerciseKind | null, name: string, set: SetMeasure): string | null {
  const has = { weight: set.weight !== undefined, reps: set.reps !== undefined, seconds: set.seconds !== undefined, distance: set.distance !== undefined };
  switch (kind) {
    case 'weighted':
      if (!has.weight || !has.reps) return `${name} is a weighted exercise: give weightLb or weightKg, and reps`;
      if (has.seconds || has.distance) return `${name} is counted in reps at a weight: leave out seconds and distance`;
      return null;
    case 'bodyweight':
      if (!has.reps) return `${name} is a body-weight exercise: give reps (and weightLb or weightKg only for added load)`;
      if (has.seconds || has.distance) return `${name} is counted in reps: leave out seconds and distance`;
      return null;
    case 'timed':
      if (!has.seconds) return `${name} is held for time: give seconds`;
      if (has.reps || has.distance) return `${name} is held for time: leave out reps and distance`;
      return null;
    case 'distance':
      if (!has.seconds) return `${name} is cardio: give seconds (and distanceKm or distanceMi)`;
      if (has.reps || has.weight) return `${name} is cardio: leave out reps and weight`;
      return null;
    default:
      if (!has.reps && !has.seconds) return `Give reps or seconds for ${name}`;
      if (has.distance && !has.seconds) return `A distance needs the seconds it took`;
      return null;
  }
}
