import { TRAINING } from '../../../../../events/bounds.js';
import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import { Rejected } from '../../../../../events/rejected.js';
import { isCustomKey, isExerciseKey } from '../../../../domain/training/exerciseIdentity.js';
import type { Merges } from './merges.js';
import { isNamed, type OwnExercises } from './own.js';

export const ONLY_CUSTOM = 'Only an exercise of your own can be merged into another';
export const NO_SUCH_EXERCISE = 'No such exercise';
export const NOT_INTO_ITSELF = 'An exercise cannot be merged into itself';
export const NOT_MERGED = 'That exercise is not merged into another, so there is nothing to undo';
export const ALREADY_MERGED = 'That exercise is already merged into another: undo that merge first';
export const TARGET_MERGED = 'The exercise to merge into is itself merged into another: merge into that one instead';
export const OTHERS_MERGED_IN = 'Other exercises are merged into that exercise: undo those merges first';
export const TOO_MANY_OWN = `You have ${TRAINING.customExercises.toLocaleString('en-US')} exercises of your own, the most one person may have: log this set under one of them, or under an exercise of ours`;

/**
 * A custom exercise logged in the app for the first time is named, once; past `TRAINING.customExercises` a new one
 * is refused, and the set with it.
 */
export function nameExercise(state: OwnExercises, { userId, exercise, now }: { userId: string; exercise: string; now: string }): AppNewEvent[] {
  if (isNamed(state, exercise)) return [];
  if (state.count >= TRAINING.customExercises) throw new Rejected('conflict', TOO_MANY_OWN);
  return [newEvent('CustomExerciseNamed', { userId, exercise, namedAt: now })];
}

const merged = (state: Merges, key: string): string | undefined => (Object.hasOwn(state.into, key) ? state.into[key] : undefined);

/**
 * A custom exercise read as another from now on: its records and history join that exercise's. Merges do not chain
 * (what is merged away takes no merges, and an exercise others are merged into is not merged away), so every key is
 * read through at most one merge and an undo parts exactly what the merge joined. The same merge again changes nothing.
 */
export function mergeExercise(state: Merges, { userId, exercise, into, now }: { userId: string; exercise: string; into: string; now: string }): AppNewEvent[] {
  if (!isCustomKey(exercise)) throw new Rejected('invalid', ONLY_CUSTOM);
  if (!isExerciseKey(into)) throw new Rejected('not_found', NO_SUCH_EXERCISE);
  if (exercise === into) throw new Rejected('invalid', NOT_INTO_ITSELF);
  const already = merged(state, exercise);
  if (already === into) return [];
  if (already !== undefined) throw new Rejected('conflict', ALREADY_MERGED);
  if (merged(state, into) !== undefined) throw new Rejected('conflict', TARGET_MERGED);
  if (Object.values(state.into).includes(exercise)) throw new Rejected('conflict', OTHERS_MERGED_IN);
  return [newEvent('CustomExerciseMerged', { userId, exercise, into, mergedAt: now })];
}

/** A merge undone: the custom exercise's own records and history are its own again. */
export function splitExercise(state: Merges, { userId, exercise, now }: { userId: string; exercise: string; now: string }): AppNewEvent[] {
  if (merged(state, exercise) === undefined) throw new Rejected('conflict', NOT_MERGED);
  return [newEvent('CustomExerciseSplit', { userId, exercise, splitAt: now })];
}
