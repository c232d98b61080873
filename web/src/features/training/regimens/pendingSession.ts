import { localIdOf, type QueuedCommand } from '../../../shared/offline/db';
import type { Instants } from '../../../shared/offline/pending';
import type { ActiveSession } from './activeSession';

/** A logged exercise the server has not confirmed yet; `shown` of a queued log-exercise. */
export interface ShownExercise {
  name: string;
  summary: string;
}

type Entry = NonNullable<ActiveSession['exercises']>[number];
const RUNNING = 'In Progress';
const seconds = (ms: number) => Math.max(0, ms) / 1000;

/**
 * The active session as the person should see it: the server's last answer with the changes still waiting on
 * this device applied in order (started, logged, paused, resumed, ended), each marked pending. The running time
 * comes from recorded instants (when the server's answer was fetched, when each pause and resume was made), never
 * from a counter in memory, so it stays right across a reload, going offline and a sleeping phone.
 */
export function pendingSession(server: ActiveSession | null, waiting: QueuedCommand[], { fetchedAt, now }: Instants): ActiveSession | null {
  let session: ActiveSession | null = server ? { ...server, exercises: [...(server.exercises ?? [])] } : null;
  let banked = server?.runtime_seconds ?? 0;
  let runningSince: number | null = server?.status === RUNNING ? fetchedAt : null;
  const mine = (id: unknown) => session !== null && id === session.session_id;
  for (const command of waiting) {
    const { url, body } = command.request;
    const b = (body ?? {}) as Record<string, unknown>;
    const at = Date.parse(command.at);
    const action = /^\/workouts\/([^/]+)\/(pause|resume|stop)$/.exec(url);
    if ((url === '/workout-session/start' || url === '/dashboard/start-workout') && !session) {
      session = { session_id: localIdOf(command.key), regimen_id: String(b.regimenId), status: RUNNING, start_time: command.at, elapsed_seconds: 0, runtime_seconds: 0, exercises: [], pending: true };
      banked = 0;
      runningSince = at;
    } else if (url === '/workout-session/log-exercise' && mine(b.sessionId)) {
      const entry: Entry = {
        workout_id: String(b.workoutId),
        workout_name: (command.shown as ShownExercise | undefined)?.name ?? 'Exercise',
        sets: Number(b.sets),
        reps_per_set: Number(b.reps),
        weight_used_lb: Number(b.weightUsed),
        ...(typeof b.notes === 'string' && b.notes ? { notes: b.notes } : {}),
        pending: true,
      };
      session!.exercises.push(entry);
    } else if (action && mine(decodeURIComponent(action[1]!))) {
      if (action[2] === 'stop') session = null;
      else if (action[2] === 'pause' && runningSince !== null) {
        banked += seconds(at - runningSince);
        runningSince = null;
        session = { ...session!, status: 'Paused', pending: true };
      } else if (action[2] === 'resume' && runningSince === null) {
        runningSince = at;
        session = { ...session!, status: RUNNING, pending: true };
      }
    } else if (url === '/workout-session/end' && mine(b.sessionId)) session = null;
  }
  if (!session) return null;
  const runtime = Math.floor(banked + (runningSince === null ? 0 : seconds(now - runningSince)));
  return { ...session, runtime_seconds: runtime };
}
