import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import { Rejected } from '../../../../../events/rejected.js';
import { notBefore, refuseFullSession } from '../../../../../events/session.js';
import { setIdOf } from '../../../../../events/sets.js';
import type { ExerciseIdentity } from '../../../../domain/training/exerciseIdentity.js';
import { kindNamed, misfit, type SetMeasure } from '../../../../domain/training/kinds.js';
import type { SetLog } from './setLog.js';

export const NO_SUCH_SESSION = 'No such workout session';
export const NO_SUCH_SET = 'No such set';
export const SESSION_ENDED = 'This workout session has already ended';

/** A set as the person gave it: only what they did (`SetMeasure`), which must fit the exercise's kind. */
export interface SetEntry extends SetMeasure {
  exercise: ExerciseIdentity;
  /** The name as the person gave it (trimmed): kept in the event and shown back to them where they typed it. */
  said: string;
  rpe: number | null;
  warmup: boolean;
}

/** The caller's session, still open; another user's is a 404 like an unknown one. */
function openSession(state: SetLog, userId: string): SetLog {
  if (state.status === 'none' || state.userId !== userId) throw new Rejected('not_found', NO_SUCH_SESSION);
  if (state.status === 'ended') throw new Rejected('conflict', SESSION_ENDED);
  return state;
}

/**
 * One set done (paused sessions too: people write a set down while they rest), measured as its exercise's kind
 * measures it (a 400 naming what is missing or out of place otherwise). `now`: when the person acted (the command's
 * acted-at), dated no earlier than the session's last event; the same for a deletion.
 */
export function logSet(state: SetLog, { userId, entry, now }: { userId: string; entry: SetEntry; now: string }): AppNewEvent[] {
  const s = openSession(state, userId);
  refuseFullSession(s.sets, 1);
  const { exercise, said, weight, reps, seconds, distance, rpe, warmup } = entry;
  const problem = misfit(kindNamed(said), exercise.name, entry);
  if (problem) throw new Rejected('invalid', problem);
  return [
    newEvent('SetLogged', {
      sessionId: s.sessionId,
      userId,
      setId: setIdOf(s.sessionId, s.numbered + 1),
      exercise: exercise.key,
      exerciseName: said,
      custom: exercise.custom,
      ...(weight && { weight: weight.value, unit: weight.unit }),
      ...(reps !== undefined && { reps }),
      ...(seconds !== undefined && { seconds }),
      ...(distance && { distance: distance.value, distanceUnit: distance.unit }),
      rpe,
      warmup,
      loggedAt: notBefore(now, s.lastAt),
    }),
  ];
}

/** A set taken back: only while its session is open, since an ended session's sets are its history. */
export function deleteSet(state: SetLog, { userId, setId, now }: { userId: string; setId: string; now: string }): AppNewEvent[] {
  if (state.status === 'none' || state.userId !== userId) throw new Rejected('not_found', NO_SUCH_SET);
  const s = openSession(state, userId);
  const set = s.live.find((l) => l.setId === setId);
  if (!set) throw new Rejected('not_found', NO_SUCH_SET);
  return [newEvent('SetDeleted', { sessionId: s.sessionId, userId, setId, exercise: set.exercise, loggedAt: set.loggedAt, deletedAt: notBefore(now, s.lastAt) })];
}

/** The number a new set of `exercise` gets among the session's live sets of it (1 for the first). */
export const setNumberOf = (before: SetLog, exercise: string) => before.live.filter((l) => l.exercise === exercise).length + 1;
