import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import type { RegimenDay } from '../../../../../events/regimen.js';
import { Rejected } from '../../../../../events/rejected.js';
import { ownedPlan } from '../../plans/api.js';
import { exerciseIdentity } from '../../../../domain/training/exerciseIdentity.js';
import { swappedLine } from '../../../../domain/training/swappedLine.js';
import type { Regimen } from './regimen.js';
import { regimens } from './roster.js';

/** The regimen if the caller owns it and has not deleted it (the roster says); otherwise the same 404 whoever owns it. */
export const ownedRegimen = (state: Regimen, userId: string, deleted: boolean) => ownedPlan(state, userId, deleted, regimens.noSuchPlan);

/** A workout plan as the workouts slice saves it: the plan data of the request, in the domain's words. */
export interface WorkoutPlan {
  name: string;
  description: string;
  goal: string;
  level: string;
  durationWeeks: number;
  days: { dayNumber: number; summary: string; exercises: { name: string; sets: number; reps: string; targetReps: number; durationSeconds: number; why?: string }[] }[];
}

export interface SaveRegimen {
  regimenId: string;
  userId: string;
  plan: WorkoutPlan;
  now: string;
}

/**
 * The plan's days in order, each exercise with its id `d<day>-e<n>`: its place in the plan as saved, unique within the
 * regimen (a saved regimen never changes). A position, not an identity: records, history and targets know an exercise
 * by `exerciseIdentity` (its name), never by this id (docs/adr/0073-exercises-are-identified-by-name.md).
 */
export const regimenDaysOf = (plan: WorkoutPlan): RegimenDay[] =>
  [...plan.days]
    .sort((a, b) => a.dayNumber - b.dayNumber)
    .map(({ dayNumber, summary, exercises }) => ({
      dayNumber,
      summary,
      exercises: exercises.map((e, i) => ({ workoutId: `d${dayNumber}-e${i + 1}`, ...e })),
    }));

export function saveRegimen(state: Regimen, { regimenId, userId, plan, now }: SaveRegimen): AppNewEvent[] {
  // Only a retry of the same request (same Idempotency-Key) can find the stream taken.
  if (state.status !== 'none') {
    if (state.userId === userId) return [];
    throw new Rejected('conflict', 'That workout plan id is taken');
  }
  const { name, description, goal, level, durationWeeks } = plan;
  return [newEvent('RegimenSaved.v2', { regimenId, userId, name, description, goal, level, durationWeeks, days: regimenDaysOf(plan), savedAt: now })];
}

export interface ProgressCommand {
  userId: string;
  /** From the roster, loaded beside the regimen. */
  deleted: boolean;
  now: string;
}

const owned = (state: Regimen, { userId, deleted }: ProgressCommand) => ownedRegimen(state, userId, deleted);

/** "Proceed to next day": one day on; from the last day it wraps to day 1 and a new cycle begins. */
export function advanceDay(state: Regimen, command: ProgressCommand): AppNewEvent[] {
  const r = owned(state, command);
  const lastDay = r.days.length;
  const toDay = r.currentDay >= lastDay ? 1 : r.currentDay + 1;
  return [newEvent('RegimenDayAdvanced', { regimenId: r.regimenId, userId: r.userId, fromDay: r.currentDay, toDay, advancedAt: command.now })];
}

/**
 * "Reset daily progress": the day just done no longer counts as done, and the plan goes back to it when a workout
 * had moved it on; otherwise the current day's completions go. Nothing to undo is not an error.
 */
export function undoDayCompletion(state: Regimen, command: ProgressCommand): AppNewEvent[] {
  const r = owned(state, command);
  const dayNumber = r.movedOnFrom ?? r.currentDay;
  if (!r.completedDays.includes(dayNumber)) return [];
  return [newEvent('RegimenDayCompletionUndone', { regimenId: r.regimenId, userId: r.userId, dayNumber, undoneAt: command.now })];
}

/** "Restart regimen": day 1, completions cleared; recorded even at day 1, as the user's choice to begin again. */
export function restartRegimen(state: Regimen, command: ProgressCommand): AppNewEvent[] {
  const r = owned(state, command);
  return [newEvent('RegimenRestarted', { regimenId: r.regimenId, userId: r.userId, fromDay: r.currentDay, restartedAt: command.now })];
}

export const NO_SUCH_EXERCISE = 'No such exercise in this workout plan';

/**
 * A swap, from the plans page or the chat: the exercise at `workoutId` becomes `name` in the plan itself, a new
 * version of the same plan on the same day, prescribed by the new exercise's kind (`swappedLine`); nothing is
 * appended when it is that exercise already.
 */
export function swapExercise(state: Regimen, command: ProgressCommand & { workoutId: string; name: string }): AppNewEvent[] {
  const r = owned(state, command);
  const exercise = r.days.flatMap((d) => d.exercises).find((e) => e.workoutId === command.workoutId);
  if (!exercise) throw new Rejected('not_found', NO_SUCH_EXERCISE);
  if (exerciseIdentity(exercise.name).key === exerciseIdentity(command.name).key) return [];
  const line = swappedLine({ name: exercise.name, sets: exercise.sets, reps: exercise.reps, rest: exercise.durationSeconds }, command.name);
  const reps = String(line.reps);
  return [
    newEvent('RegimenExerciseSwapped', {
      regimenId: r.regimenId,
      userId: r.userId,
      workoutId: command.workoutId,
      replaced: exercise.name,
      name: line.name,
      version: r.version + 1,
      swappedAt: command.now,
      sets: line.sets,
      reps,
      // The whole-number target the tracker pre-fills: the line's own while its reps stay as written.
      targetReps: reps === exercise.reps ? exercise.targetReps : Number(line.reps),
      durationSeconds: line.rest,
    }),
  ];
}

export interface CompleteDay {
  userId: string;
  sessionId: string;
  dayNumber: number;
  /** The session had something logged: a workout, after which the plan moves on to the day after. */
  workout: boolean;
  deleted: boolean;
  now: string;
}

/**
 * A session on the regimen ended: its day counts as done, once per session, and a workout moves the plan on to the
 * day after (services/domain/training/planDays.ts). A regimen deleted meanwhile records nothing.
 */
export function completeDay(state: Regimen, { userId, sessionId, dayNumber, workout, deleted, now }: CompleteDay): AppNewEvent[] {
  if (state.status === 'none' || state.userId !== userId || deleted || state.recordedSessions.includes(sessionId)) return [];
  // A session started before a restart may name a day the regimen no longer sits on; it still did that day's workout.
  return [newEvent('RegimenDayCompleted', { regimenId: state.regimenId, userId, dayNumber, sessionId, completedAt: now, workout })];
}
