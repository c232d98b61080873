import type { AppEvent } from '../../../../events/catalog.js';
import { exerciseIdentity } from '../../../coach/exerciseIdentity.js';
import { setFact, type SetFact } from './strength.js';

/** A set with the exercise it is of. */
export interface ExerciseSet extends SetFact {
  exercise: string;
  name: string;
}

/**
 * The sets an event adds: one for a set logged one by one, or `sets` equal working sets for an exercise logged
 * whole (log-exercise, the tracker's form), named by the same exercise identity so both kinds share one history.
 */
export function setsOf(event: AppEvent): ExerciseSet[] {
  if (event.type === 'SetLogged') {
    const d = event.data;
    return [{ ...setFact({ set_id: d.setId, session_id: d.sessionId, at: d.loggedAt, weight: d.weight, unit: d.unit, reps: d.reps, rpe: d.rpe, warmup: d.warmup }), exercise: d.exercise, name: d.exerciseName }];
  }
  if (event.type === 'ExerciseLogged') {
    const d = event.data;
    const { key, name } = exerciseIdentity(d.name);
    return Array.from({ length: d.sets }, (_, i) => ({
      ...setFact({ set_id: `${event.id}-${i + 1}`, session_id: d.sessionId, at: d.loggedAt, weight: d.weightLb, unit: 'lb', reps: d.reps, rpe: null, warmup: false }),
      exercise: key,
      name,
    }));
  }
  return [];
}

/** The exercise an event's sets are of (the one a deletion names) and when they were done, for readers keyed by both. */
export function exerciseOf(event: AppEvent): { exercise: string; at: string } | undefined {
  if (event.type === 'SetLogged' || event.type === 'SetDeleted') return { exercise: event.data.exercise, at: event.data.loggedAt };
  if (event.type === 'ExerciseLogged') return { exercise: exerciseIdentity(event.data.name).key, at: event.data.loggedAt };
  return undefined;
}
