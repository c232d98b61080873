import type { ActiveSessionAnswer, LoggedExercise } from '../../../../../contract/training/sessionAnswer';

/**
 * The active session as the tracker shows it: the server's answer (GET /api/workouts/active-session), with what this
 * device did offline applied (pendingSession.ts); `pending` marks what is not yet synced.
 */
export interface ActiveSession extends Omit<ActiveSessionAnswer, 'exercises' | 'exercises_logged'> {
  exercises: Array<LoggedExercise & { pending?: boolean }>;
  /** The server's count; a session started offline has none yet. */
  exercises_logged?: number;
  /** Started, paused or resumed on this device and not yet synced. */
  pending?: boolean;
}
