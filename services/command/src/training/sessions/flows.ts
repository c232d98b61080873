import type { AppNewEvent } from '../../../../../events/catalog.js';
import { sessionStream, workoutRosterStream } from '../../../../../events/streams.js';
import type { SESSION_SOURCES } from '../../../../../events/session.js';
import { decided, freshId, loaded, type Decided, type Flow } from '../../flow.js';
import { completeRegimenDay, exercisesOf, regimenWithRoster } from '../regimens/api.js';
import { claimSessionSlot, endSession, logExercise, releaseSessionSlot, startSession, type EndHow, type ExerciseEntry, type SlotHolder } from './decide.js';
import { isWorkout, session, type Session } from './session.js';
import { sessionSlot } from './slot.js';

function* slotHolder(sessionId: string): Flow<SlotHolder> {
  const state = yield* loaded(sessionStream(sessionId), session);
  return { sessionId, status: state.status === 'none' ? 'missing' : state.status === 'ended' ? 'ended' : 'open' };
}

/** The exercises of the session's regimen; none when the session is not the caller's (the decider then says 404). */
function* exercisesOfSession(state: Session, userId: string) {
  return state.status !== 'none' && state.userId === userId ? exercisesOf((yield* regimenWithRoster(userId, state.regimenId)).regimen) : [];
}

/**
 * Starts a session on a regimen: first the user's one slot is claimed (where concurrent starts collide), then the
 * session's own stream begins. A start that fails after the claim gives the slot back.
 */
export function* beginSession({
  userId,
  regimenId,
  source,
  now,
  at,
}: {
  userId: string;
  regimenId: string;
  source: (typeof SESSION_SOURCES)[number];
  /** The server's clock: the slot's claim, whose abandonment is judged by it. */
  now: string;
  /** When the person acted: the session's start. */
  at: string;
}): Flow<{ sessionId: string; position: number }> {
  const { regimen, deleted } = yield* regimenWithRoster(userId, regimenId);
  const slotStream = workoutRosterStream(userId);
  const { active } = yield* loaded(slotStream, sessionSlot);
  const holder = active ? yield* slotHolder(active.sessionId) : null;
  const sessionId = yield* freshId('session');
  const claimed = yield* decided(slotStream, sessionSlot, (slot) => claimSessionSlot(slot, { userId, sessionId, regimen, deleted, holder, now }), 'claim');
  const dayNumber = regimen.status === 'saved' ? regimen.currentDay : 1;
  try {
    const started = yield* decided(sessionStream(sessionId), session, (state) => startSession(state, { sessionId, userId, regimenId, dayNumber, source, now: at }), 'start');
    return { sessionId, position: Math.max(claimed.position, started.position) };
  } catch (error) {
    try {
      yield* decided(slotStream, sessionSlot, (slot) => releaseSessionSlot(slot, { userId, sessionId, now }), 'unclaim');
    } catch {
      // the claim then expires as abandoned; the first error is the one to report
    }
    throw error;
  }
}

/** Pause or resume: decided on the session's own stream. */
export function* onSession(sessionId: string, decide: (state: Session) => AppNewEvent[]): Flow<Decided> {
  return yield* decided(sessionStream(sessionId), session, decide);
}

/** One exercise logged: it must be one of the session's regimen. */
export function* recordExercise({ userId, sessionId, entry, now }: { userId: string; sessionId: string; entry: ExerciseEntry; now: string }): Flow<Decided> {
  const before = yield* loaded(sessionStream(sessionId), session);
  const exercises = yield* exercisesOfSession(before, userId);
  return yield* decided(sessionStream(sessionId), session, (state) => logExercise(state, { userId, entry, exercises, now }));
}

/**
 * Ends a session, then records its day as completed on the regimen and frees the user's slot (`afterSessionEnded`).
 * Those two later writes are other streams: should the process die before them, the session still ended, and the
 * workers run them from the session's end event (services/workers/src/training/afterSessionEnded.ts).
 */
export function* finishSession({
  userId,
  sessionId,
  how,
  now,
  at,
}: {
  userId: string;
  sessionId: string;
  how: EndHow;
  /** The server's clock: the slot's release. */
  now: string;
  /** When the person acted: the end, and the regimen day's completion. */
  at: string;
}): Flow<{ position: number; totalDurationMinutes: number; runtimeSeconds: number }> {
  const before = yield* loaded(sessionStream(sessionId), session);
  const exercises = how.endedBy === 'ended' ? yield* exercisesOfSession(before, userId) : [];
  const ended = yield* decided(sessionStream(sessionId), session, (state) => endSession(state, { userId, exercises, how, now: at }), 'end');
  const fact = ended.events.find((e) => e.type === 'WorkoutSessionEnded');
  if (fact?.type !== 'WorkoutSessionEnded') throw new Error('endSession decided no WorkoutSessionEnded');
  const { totalDurationMinutes, runtimeSeconds } = fact.data;
  const after = yield* afterSessionEnded(fact.data, now);
  return { position: Math.max(ended.position, after), totalDurationMinutes, runtimeSeconds };
}

/**
 * What follows a session's end, on other streams: its day recorded on the regimen (once per session) and the user's
 * slot freed (only while this session holds it). Run again, it changes nothing. Returns the last position written.
 */
export function* afterSessionEnded(
  { userId, sessionId, regimenId, dayNumber, endedAt }: { userId: string; sessionId: string; regimenId: string; dayNumber: number; endedAt: string },
  now: string,
): Flow<number> {
  // A workout is a session with something logged (docs/adr/0064): only a workout moves the plan on.
  const workout = isWorkout(yield* loaded(sessionStream(sessionId), session));
  const completed = yield* completeRegimenDay({ userId, regimenId, sessionId, dayNumber, workout, now: endedAt }, 'complete');
  const released = yield* decided(workoutRosterStream(userId), sessionSlot, (slot) => releaseSessionSlot(slot, { userId, sessionId, now }), 'release');
  return Math.max(completed.position, released.position);
}
