import type { AppEvent } from '../../../../../events/catalog.js';

/** A name and those before it: each event adds one in constant time, where copying a set would grow with the names. */
interface Named {
  exercise: string;
  before: Named | undefined;
}

/**
 * What naming an exercise of one's own needs of the user's `exercises-<id>` stream: the custom keys named so far,
 * newest first, and how many. A key is named once (the decider names only a new one, on this stream's revision).
 */
export interface OwnExercises {
  count: number;
  latest: Named | undefined;
}

export const initialState: OwnExercises = { count: 0, latest: undefined };

export function evolve(state: OwnExercises, event: AppEvent): OwnExercises {
  if (event.type !== 'CustomExerciseNamed') return state;
  return { count: state.count + 1, latest: { exercise: event.data.exercise, before: state.latest } };
}

/** Whether `exercise` was named. */
export function isNamed(state: OwnExercises, exercise: string): boolean {
  for (let at = state.latest; at; at = at.before) if (at.exercise === exercise) return true;
  return false;
}

export const ownExercises = { initialState, evolve };
