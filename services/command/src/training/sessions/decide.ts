import { TRAINING } from '../../../../../events/bounds.js';
import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import { notBefore, refuseFullSession, runningSeconds, type SESSION_SOURCES } from '../../../../../events/session.js';
import { Rejected } from '../../../../../events/rejected.js';
import { ownedRegimen, type Regimen, type RegimenExercise } from '../regimens/api.js';
import type { Session } from './session.js';
import type { SessionSlot } from './slot.js';

export const SESSION_ALREADY_ACTIVE = 'You already have a workout session in progress. End it before starting another.';
export const NO_SUCH_SESSION = 'No such workout session';
export const NO_SUCH_EXERCISE = 'No such exercise in this workout plan';
export const SESSION_ENDED = 'This workout session has already ended';
export const ALREADY_PAUSED = 'This workout session is already paused';
export const NOT_PAUSED = 'This workout session is not paused';

/** A claim whose session never got its start event (the start failed half-way) stops blocking after this. */
export const ABANDONED_CLAIM_MS = 60_000;

/** What the session holding the slot looks like in its own stream, as the start found it. */
export interface SlotHolder {
  sessionId: string;
  status: 'open' | 'ended' | 'missing';
}

export interface ClaimSlot {
  userId: string;
  sessionId: string;
  regimen: Regimen;
  /** Whether the owner deleted the regimen (their roster says). */
  deleted: boolean;
  holder: SlotHolder | null;
  now: string;
}

/** Takes the user's one active-session slot for a new session on an owned regimen. */
export function claimSessionSlot(slot: SessionSlot, { userId, sessionId, regimen, deleted, holder, now }: ClaimSlot): AppNewEvent[] {
  const owned = ownedRegimen(regimen, userId, deleted);
  const active = slot.active;
  if (active?.sessionId === sessionId) return []; // a retry of this very start
  const events: AppNewEvent[] = [];
  if (active) {
    // The slot is only as good as the session behind it: one that ended but was never released (the release is a
    // second write that can be lost) or never started does not block. Anything we did not look at does.
    const seen = holder?.sessionId === active.sessionId ? holder.status : 'open';
    const abandoned = seen === 'missing' && Date.parse(now) - Date.parse(active.claimedAt) > ABANDONED_CLAIM_MS;
    if (seen !== 'ended' && !abandoned) throw new Rejected('conflict', SESSION_ALREADY_ACTIVE);
    events.push(newEvent('ActiveSessionReleased', { userId, sessionId: active.sessionId, releasedAt: now }));
  }
  events.push(newEvent('ActiveSessionClaimed', { userId, sessionId, regimenId: owned.regimenId, claimedAt: now }));
  return events;
}

export function releaseSessionSlot(slot: SessionSlot, { userId, sessionId, now }: { userId: string; sessionId: string; now: string }): AppNewEvent[] {
  if (slot.active?.sessionId !== sessionId) return [];
  return [newEvent('ActiveSessionReleased', { userId, sessionId, releasedAt: now })];
}

export interface StartSession {
  sessionId: string;
  userId: string;
  regimenId: string;
  dayNumber: number;
  source: (typeof SESSION_SOURCES)[number];
  now: string;
}

export function startSession(state: Session, { sessionId, userId, regimenId, dayNumber, source, now }: StartSession): AppNewEvent[] {
  if (state.status !== 'none') {
    if (state.userId === userId) return []; // a retry with the same Idempotency-Key
    throw new Rejected('conflict', 'That session id is taken');
  }
  return [newEvent('WorkoutSessionStarted', { sessionId, userId, regimenId, dayNumber, source, startedAt: now })];
}

type LiveSession = Extract<Session, { startedAt: string }> & { status: 'running' | 'paused' };

/** The caller's session, still going; another user's id is a 404 like an unknown one. */
function liveSession(state: Session, userId: string): LiveSession {
  if (state.status === 'none' || state.userId !== userId) throw new Rejected('not_found', NO_SUCH_SESSION);
  if (state.status === 'ended') throw new Rejected('conflict', SESSION_ENDED);
  return state as LiveSession;
}

/*
 * In the deciders on a live session below, `now` is when the person acted (the command's acted-at, see
 * services/command/src/fields.ts), dated no earlier than the session's last event (`notBefore`).
 */

export function pauseSession(state: Session, { userId, now }: { userId: string; now: string }): AppNewEvent[] {
  const s = liveSession(state, userId);
  if (s.status === 'paused') throw new Rejected('conflict', ALREADY_PAUSED);
  return [newEvent('WorkoutSessionPaused', { sessionId: s.sessionId, userId, pausedAt: notBefore(now, s.lastAt) })];
}

export function resumeSession(state: Session, { userId, now }: { userId: string; now: string }): AppNewEvent[] {
  const s = liveSession(state, userId);
  if (s.status !== 'paused') throw new Rejected('conflict', NOT_PAUSED);
  return [newEvent('WorkoutSessionResumed', { sessionId: s.sessionId, userId, resumedAt: notBefore(now, s.lastAt) })];
}

/** One exercise done: sets of `reps` with `weightLb`, and what the user noted. */
export interface ExerciseEntry {
  workoutId: string;
  sets: number;
  reps: number;
  weightLb: number;
  notes: string | null;
}

export interface LogExercise {
  userId: string;
  entry: ExerciseEntry;
  /** The session's regimen's exercises, as the flow found them there. */
  exercises: RegimenExercise[];
  now: string;
}

/** Logging is allowed while paused too: people write down a set while they rest. */
export function logExercise(state: Session, { userId, entry, exercises, now }: LogExercise): AppNewEvent[] {
  const s = liveSession(state, userId);
  refuseFullSession(s.sets, entry.sets);
  return [loggedEvent(s, exercises, entry, notBefore(now, s.lastAt))];
}

function loggedEvent(s: LiveSession, exercises: RegimenExercise[], entry: ExerciseEntry, now: string) {
  const exercise = exercises.find((e) => e.workoutId === entry.workoutId);
  if (!exercise) throw new Rejected('not_found', NO_SUCH_EXERCISE);
  const { workoutId, sets, reps, weightLb, notes } = entry;
  return newEvent('ExerciseLogged', {
    sessionId: s.sessionId,
    userId: s.userId,
    regimenId: s.regimenId,
    workoutId,
    name: exercise.name,
    sets,
    reps,
    weightLb,
    notes,
    loggedAt: now,
  });
}

export type EndHow =
  | { endedBy: 'stopped' }
  | { endedBy: 'ended'; reportedMinutes: number; completed: ExerciseEntry[] };

export interface EndSession {
  userId: string;
  exercises: RegimenExercise[];
  how: EndHow;
  now: string;
}

/**
 * Ends the session. The tracker sends the exercises it shows as completed; any the server has not logged (a
 * log-exercise call the client only wrote to its console when it failed) is logged now, so the history matches
 * what the user saw. Minutes: the tracker's own count (its pause is client-side), capped at the wall time since
 * the start; from the plans page, the server's running time. Either is capped at a day (events/bounds.ts): a session
 * open longer (a start dated days back by acted-at, a timer left running) was not trained through, and it still ends,
 * at the instant the person ended it, so the slot it holds is freed.
 */
export function endSession(state: Session, { userId, exercises, how, now: actedAt }: EndSession): AppNewEvent[] {
  const s = liveSession(state, userId);
  const now = notBefore(actedAt, s.lastAt);
  const runtimeSeconds = Math.min(runningSeconds(s, Date.parse(now)), TRAINING.workoutMinutes * 60);
  const events: AppNewEvent[] = [];
  let totalDurationMinutes = Math.floor(runtimeSeconds / 60);
  if (how.endedBy === 'ended') {
    const unmatched = [...s.logged];
    for (const c of how.completed) {
      const i = unmatched.findIndex((l) => l.workoutId === c.workoutId && l.sets === c.sets && l.reps === c.reps && l.weightLb === c.weightLb);
      if (i >= 0) unmatched.splice(i, 1);
      else events.push(loggedEvent(s, exercises, c, now));
    }
    const wallMinutes = Math.ceil((Date.parse(now) - Date.parse(s.startedAt)) / 60_000);
    totalDurationMinutes = Math.max(0, Math.min(how.reportedMinutes, wallMinutes, TRAINING.workoutMinutes));
  }
  events.push(
    newEvent('WorkoutSessionEnded', {
      sessionId: s.sessionId,
      userId,
      regimenId: s.regimenId,
      dayNumber: s.dayNumber,
      endedAt: now,
      runtimeSeconds,
      totalDurationMinutes,
      endedBy: how.endedBy,
    }),
  );
  return events;
}
