import { z } from 'zod';
import { amount, instant, MAX_WEIGHT, PLANS, TRAINING, whole } from './bounds.js';
import { Rejected } from './rejected.js';

const id = z.string().min(1);
const at = instant;
const day = whole(1, PLANS.days);

/** Where a session was started: the plans page (and dashboard) timer, or the workout tracker. */
export const SESSION_SOURCES = ['plans', 'tracker'] as const;

/**
 * Stream `session-<id>`: one workout session from start to end.
 * Stream `workouts-<userId>` (the roster) holds the claim on the user's one active-session slot, so "one active
 * session per user" is decided on a single stream without reading read models.
 */
export const sessionEvents = {
  /** Roster stream: the slot is taken by this session (appended before the session's own start). */
  ActiveSessionClaimed: z.object({ userId: id, sessionId: id, regimenId: id, claimedAt: at }),
  /** Roster stream: the slot is free again (the session ended, or its start failed). */
  ActiveSessionReleased: z.object({ userId: id, sessionId: id, releasedAt: at }),
  WorkoutSessionStarted: z.object({
    sessionId: id,
    userId: id,
    regimenId: id,
    /** The regimen day being worked out: the regimen's current day when the session started. */
    dayNumber: day,
    source: z.enum(SESSION_SOURCES),
    startedAt: at,
  }),
  WorkoutSessionPaused: z.object({ sessionId: id, userId: id, pausedAt: at }),
  WorkoutSessionResumed: z.object({ sessionId: id, userId: id, resumedAt: at }),
  /** Name copied from the regimen so the history reads the same after the regimen is deleted. */
  ExerciseLogged: z.object({
    sessionId: id,
    userId: id,
    regimenId: id,
    workoutId: id,
    name: z.string(),
    sets: whole(1, TRAINING.sets),
    reps: whole(1, TRAINING.reps),
    weightLb: amount(0, MAX_WEIGHT.lb),
    notes: z.string().nullable(),
    loggedAt: at,
  }),
  WorkoutSessionEnded: z.object({
    sessionId: id,
    userId: id,
    regimenId: id,
    dayNumber: day,
    endedAt: at,
    /** Running time (pauses left out) as the server counted it. */
    runtimeSeconds: whole(0, TRAINING.workoutMinutes * 60),
    /** The session's length in whole minutes as logged: the tracker's own count (capped at wall time), else runtime. */
    totalDurationMinutes: whole(0, TRAINING.workoutMinutes),
    /** `stopped` from the plans page, `ended` from the tracker. */
    endedBy: z.enum(['stopped', 'ended']),
  }),
};

/**
 * A session's running time in whole seconds at `now` (epoch ms): wall time since the start less the pauses already
 * over (`pausedMs`) and the one going on (since `pausedSince`). The command side records it when a session ends; the
 * read side shows it while one runs: one arithmetic for both.
 */
export function runningSeconds({ startedAt, pausedMs, pausedSince }: { startedAt: string; pausedMs: number; pausedSince: string | null }, now: number): number {
  const elapsedMs = Math.max(0, now - Date.parse(startedAt));
  const pausingMs = pausedSince === null ? 0 : Math.max(0, now - Date.parse(pausedSince));
  return Math.max(0, Math.floor((elapsedMs - pausedMs - pausingMs) / 1000));
}

/** The instant a session stream's event happened at (the time its own field records), if it has one. */
export function instantOf(event: { type: string; data: Record<string, unknown> }): string | undefined {
  const d = event.data;
  const at = d.startedAt ?? d.pausedAt ?? d.resumedAt ?? d.deletedAt ?? d.loggedAt ?? d.endedAt;
  return typeof at === 'string' ? at : undefined;
}

/**
 * When a command on a session is dated: when the person acted (the command's acted-at,
 * docs/adr/0069-commands-are-dated-when-the-person-acted.md), but never before the session's last event, so its
 * instants stay in order whatever a device's clock said.
 */
export const notBefore = (at: string, lastAt: string | undefined): string => (lastAt && Date.parse(lastAt) > Date.parse(at) ? lastAt : at);

/** The sets an event of a session's stream adds to it: one for a set, an exercise's sets for an exercise logged whole. */
export function setsAdded(event: { type: string; data: Record<string, unknown> }): number {
  if (event.type === 'SetLogged') return 1;
  if (event.type === 'ExerciseLogged' && typeof event.data.sets === 'number') return event.data.sets;
  return 0;
}

export const FULL_SESSION = `A workout session holds at most ${TRAINING.setsPerSession} sets: end it and start another`;

/**
 * A session holds at most `TRAINING.setsPerSession` sets, sets taken back counted too: far past a real one, and what
 * every set logged in it rewrites (its session's docs, the person's records) stays bounded, whatever one account
 * sends. Its end still logs what the tracker shows completed and the server has not (at most 200 entries, once): a
 * session always ends.
 */
export function refuseFullSession(logged: number, adding: number): void {
  if (logged + adding > TRAINING.setsPerSession) throw new Rejected('conflict', FULL_SESSION);
}
