import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import { Rejected } from '../../../../events/rejected.js';
import { regimenDaysOf, type WorkoutPlanInput } from './planInput.js';
import type { Regimen } from './regimen.js';
import type { Roster } from './roster.js';

export const NO_SUCH_REGIMEN = 'No such workout plan';
export const PRIMARY_CANNOT_BE_DELETED = 'The primary workout plan cannot be deleted. Make another plan primary first.';

type SavedRegimen = Extract<Regimen, { status: 'saved' }>;

/** The regimen if the caller owns it and has not deleted it; otherwise the same 404 whoever owns it. */
export function ownedRegimen(regimen: Regimen, userId: string, roster: Pick<Roster, 'deletedRegimenIds'>): SavedRegimen {
  if (regimen.status === 'none' || regimen.userId !== userId || roster.deletedRegimenIds.includes(regimen.regimenId)) {
    throw new Rejected('not_found', NO_SUCH_REGIMEN);
  }
  return regimen;
}

export interface SaveRegimen {
  regimenId: string;
  userId: string;
  plan: WorkoutPlanInput;
  now: string;
}

export function saveRegimen(state: Regimen, { regimenId, userId, plan, now }: SaveRegimen): AppNewEvent[] {
  // Only a retry of the same request (same Idempotency-Key) can find the stream taken.
  if (state.status !== 'none') {
    if (state.userId === userId) return [];
    throw new Rejected('conflict', 'That workout plan id is taken');
  }
  return [
    newEvent('RegimenSaved.v2', {
      regimenId,
      userId,
      name: plan.name,
      description: plan.description,
      goal: plan.goal,
      level: plan.level,
      durationWeeks: plan.duration_weeks,
      days: regimenDaysOf(plan),
      savedAt: now,
    }),
  ];
}

/** The first regimen a user saves becomes primary, so "exactly one primary" holds from the first save on. */
export function selectFirstPrimary(roster: Roster, { userId, regimenId, now }: { userId: string; regimenId: string; now: string }): AppNewEvent[] {
  if (roster.primaryRegimenId !== null) return [];
  return [newEvent('PrimaryRegimenSelected', { userId, regimenId, previousRegimenId: null, currentDay: 1, selectedAt: now })];
}

export interface RosterCommand {
  userId: string;
  /** The regimen the command names, loaded from its own stream (its owner and days never change). */
  regimen: Regimen;
  now: string;
}

export function selectPrimary(roster: Roster, { userId, regimen, now }: RosterCommand): AppNewEvent[] {
  const owned = ownedRegimen(regimen, userId, roster);
  if (roster.primaryRegimenId === owned.regimenId) return [];
  return [
    newEvent('PrimaryRegimenSelected', {
      userId,
      regimenId: owned.regimenId,
      previousRegimenId: roster.primaryRegimenId,
      currentDay: owned.currentDay,
      selectedAt: now,
    }),
  ];
}

export function deleteRegimen(roster: Roster, { userId, regimen, now }: RosterCommand): AppNewEvent[] {
  const owned = ownedRegimen(regimen, userId, roster);
  if (roster.primaryRegimenId === owned.regimenId) throw new Rejected('conflict', PRIMARY_CANNOT_BE_DELETED);
  return [newEvent('RegimenDeleted', { userId, regimenId: owned.regimenId, deletedAt: now })];
}

export interface ProgressCommand {
  userId: string;
  /** From the roster, loaded beside the regimen. */
  deleted: boolean;
  now: string;
}

const owned = (state: Regimen, { userId, deleted }: ProgressCommand) =>
  ownedRegimen(state, userId, { deletedRegimenIds: deleted && state.status === 'saved' ? [state.regimenId] : [] });

/** "Proceed to next day": one day on; from the last day it wraps to day 1 and a new cycle begins. */
export function advanceDay(state: Regimen, command: ProgressCommand): AppNewEvent[] {
  const r = owned(state, command);
  const lastDay = r.days.length;
  const toDay = r.currentDay >= lastDay ? 1 : r.currentDay + 1;
  return [newEvent('RegimenDayAdvanced', { regimenId: r.regimenId, userId: r.userId, fromDay: r.currentDay, toDay, advancedAt: command.now })];
}

/** "Reset daily progress": the current day no longer counts as done. Nothing to undo is not an error. */
export function undoDayCompletion(state: Regimen, command: ProgressCommand): AppNewEvent[] {
  const r = owned(state, command);
  if (!r.completedDays.includes(r.currentDay)) return [];
  return [newEvent('RegimenDayCompletionUndone', { regimenId: r.regimenId, userId: r.userId, dayNumber: r.currentDay, undoneAt: command.now })];
}

/** "Restart regimen": day 1, completions cleared; recorded even at day 1, as the user's choice to begin again. */
export function restartRegimen(state: Regimen, command: ProgressCommand): AppNewEvent[] {
  const r = owned(state, command);
  return [newEvent('RegimenRestarted', { regimenId: r.regimenId, userId: r.userId, fromDay: r.currentDay, restartedAt: command.now })];
}

export interface CompleteDay {
  userId: string;
  sessionId: string;
  dayNumber: number;
  deleted: boolean;
  now: string;
}

/** A session on the regimen ended: its day counts as done. A regimen deleted meanwhile records nothing. */
export function completeDay(state: Regimen, { userId, sessionId, dayNumber, deleted, now }: CompleteDay): AppNewEvent[] {
  if (state.status === 'none' || state.userId !== userId || deleted) return [];
  // A session started before a restart may name a day the regimen no longer sits on; it still did that day's workout.
  return [newEvent('RegimenDayCompleted', { regimenId: state.regimenId, userId, dayNumber, sessionId, completedAt: now })];
}
