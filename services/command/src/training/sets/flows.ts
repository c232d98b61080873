import { ownExercisesStream, sessionStream } from '../../../../../events/streams.js';
import { decided, loaded, type Decided, type Flow } from '../../flow.js';
import { nameExercise } from '../exercises/decide.js';
import { ownExercises } from '../exercises/own.js';
import { logSet, type SetEntry } from './decide.js';
import { setLog, type SetLog } from './setLog.js';

/**
 * One set logged on its session. A custom exercise the person's open session holds no set of yet is first named on
 * their own exercises' stream (`nameExercise`: once, and refused past the most one person may have); an exercise of
 * the catalog, or one the session already holds, costs no other stream. `before`: the session as the set found it.
 */
export function* recordSet({ userId, sessionId, entry, now }: { userId: string; sessionId: string; entry: SetEntry; now: string }): Flow<Decided & { before: SetLog }> {
  const { key, custom } = entry.exercise;
  if (custom) {
    const session = yield* loaded(sessionStream(sessionId), setLog);
    if (session.status === 'open' && session.userId === userId && !session.live.some((l) => l.exercise === key)) {
      yield* decided(ownExercisesStream(userId), ownExercises, (own) => nameExercise(own, { userId, exercise: key, now }), 'name');
    }
  }
  let before = setLog.initialState;
  const logged = yield* decided(sessionStream(sessionId), setLog, (state) => logSet((before = state), { userId, entry, now }));
  return { ...logged, before };
}
