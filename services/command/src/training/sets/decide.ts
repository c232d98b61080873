import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import { Rejected } from '../../../../../events/rejected.js';
import { notBefore } from '../../../../../events/session.js';
import { setIdOf } from '../../../../../events/sets.js';
import { type WeightUnit } from '../../../../../contract/weightUnits.js';
import type { ExerciseIdentity } from '../../../../domain/training/exerciseIdentity.js';
import type { SetLog } from './setLog.js';

export const NO_SUCH_SESSION = 'No such workout session';
export const NO_SUCH_SET = 'No such set';
export const SESSION_ENDED = 'This workout session has already ended';

export interface SetEntry {
  exercise: ExerciseIdentity;
  /** The name as the person gave it (trimmed): kept in the event and shown back to them where they typed it. */
  said: string;
  weight: number;
  unit: WeightUnit;
  reps: number;
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
 * One set done (paused sessions too: people write a set down while they rest). `now`: when the person acted (the
 * command's acted-at), dated no earlier than the session's last event; the same for a deletion.
 */
export function logSet(state: SetLog, { userId, entry, now }: { userId: string; entry: SetEntry; now: string }): AppNewEvent[] {
  const s = openSession(state, userId);
  const { exercise, said, weight, unit, reps, rpe, warmup } = entry;
  return [
    newEvent('SetLogged', {
      sessionId: s.sessionId,
      userId,
      setId: setIdOf(s.sessionId, s.numbered + 1),
      exercise: exercise.key,
      exerciseName: said,
      custom: exercise.custom,
      weight,
      unit,
      reps,
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
