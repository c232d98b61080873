import { regimenStream, sessionStream, workoutRosterStream } from '../../../../events/streams.js';
import type { SESSION_SOURCES } from '../../../../events/session.js';
import { execute, load, newId, stepContext, type CommandContext } from '../execute.js';
import { completeDay } from '../workouts/decide.js';
import { loadRegimenAndRoster } from '../workouts/load.js';
import { regimen, type Regimen } from '../workouts/regimen.js';
import { roster } from '../workouts/roster.js';
import { claimSessionSlot, endSession, releaseSessionSlot, startSession, type EndHow, type RegimenExercise, type SlotHolder } from './decide.js';
import { session } from './session.js';

/** Every exercise of a regimen, each with its stable id. */
export const exercisesOf = (r: Regimen): RegimenExercise[] =>
  r.status === 'saved' ? r.days.flatMap((d) => d.exercises.map(({ workoutId, name }) => ({ workoutId, name }))) : [];

async function slotHolder(ctx: CommandContext, sessionId: string): Promise<SlotHolder> {
  const { state } = await load(ctx.store, sessionStream(sessionId), session);
  return { sessionId, status: state.status === 'none' ? 'missing' : state.status === 'ended' ? 'ended' : 'open' };
}

/**
 * Starts a session on a regimen: first the user's one slot is claimed on the roster (where concurrent starts
 * collide), then the session's own stream begins. A start that fails after the claim gives the slot back.
 */
export async function beginSession(
  ctx: CommandContext,
  { userId, regimenId, source, now }: { userId: string; regimenId: string; source: (typeof SESSION_SOURCES)[number]; now: string },
): Promise<{ sessionId: string; position: number }> {
  const loaded = await loadRegimenAndRoster(ctx.store, userId, regimenId);
  const active = loaded.roster.activeSession;
  const holder = active ? await slotHolder(ctx, active.sessionId) : null;
  const sessionId = newId(ctx, 'session');
  const rosterStream = workoutRosterStream(userId);
  const claimed = await execute(stepContext(ctx, 'claim'), rosterStream, roster, (state) =>
    claimSessionSlot(state, { userId, sessionId, regimen: loaded.regimen, holder, now }),
  );
  const dayNumber = loaded.regimen.status === 'saved' ? loaded.regimen.currentDay : 1;
  try {
    const started = await execute(stepContext(ctx, 'start'), sessionStream(sessionId), session, (state) =>
      startSession(state, { sessionId, userId, regimenId, dayNumber, source, now }),
    );
    return { sessionId, position: Math.max(claimed.position, started.position) };
  } catch (error) {
    await execute(stepContext(ctx, 'unclaim'), rosterStream, roster, (state) => releaseSessionSlot(state, { userId, sessionId, now })).catch(
      () => {}, // the claim then expires as abandoned; the first error is the one to report
    );
    throw error;
  }
}

/**
 * Ends a session, then records its day as completed on the regimen and frees the user's slot. Those two later
 * writes are other streams: if one is lost the session still ended, and the next start sees the slot's session
 * has ended and takes it anyway.
 */
export async function finishSession(
  ctx: CommandContext,
  { userId, sessionId, how, now }: { userId: string; sessionId: string; how: EndHow; now: string },
): Promise<{ position: number; totalDurationMinutes: number; runtimeSeconds: number }> {
  const { state: before } = await load(ctx.store, sessionStream(sessionId), session);
  const owned = before.status !== 'none' && before.userId === userId;
  const exercises = owned && how.endedBy === 'ended' ? exercisesOf((await load(ctx.store, regimenStream(before.regimenId), regimen)).state) : [];
  const ended = await execute(stepContext(ctx, 'end'), sessionStream(sessionId), session, (state) =>
    endSession(state, { userId, exercises, how, now }),
  );
  const fact = ended.events.find((e) => e.type === 'WorkoutSessionEnded');
  if (fact?.type !== 'WorkoutSessionEnded') throw new Error('endSession decided no WorkoutSessionEnded');
  const { regimenId, dayNumber, totalDurationMinutes, runtimeSeconds } = fact.data;
  const { state: owner } = await load(ctx.store, workoutRosterStream(userId), roster);
  const deleted = owner.deletedRegimenIds.includes(regimenId);
  const completed = await execute(stepContext(ctx, 'complete'), regimenStream(regimenId), regimen, (state) =>
    completeDay(state, { userId, sessionId, dayNumber, deleted, now }),
  );
  const released = await execute(stepContext(ctx, 'release'), workoutRosterStream(userId), roster, (state) =>
    releaseSessionSlot(state, { userId, sessionId, now }),
  );
  return { position: Math.max(ended.position, completed.position, released.position), totalDurationMinutes, runtimeSeconds };
}
