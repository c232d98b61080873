import type { AppEvent } from '../../../../../events/catalog.js';
import { chunksOf } from '../../chunks.js';
import { primaryThenNewest } from '../../planOrder.js';
import { erasesAccount, type Projection } from '../../projection.js';
import { dayAfterWorkout } from '../../../../domain/training/planDays.js';
import type { ListedExercise, ListedRegimen } from '../../../../../contract/training/regimenAnswer.js';
import { howToDo, type HowTo } from '../../../../domain/training/howTo.js';

export interface RegimenExerciseDoc extends Omit<ListedExercise, 'how'> {
  /** The whole-number lower bound of `reps`: what the tracker pre-fills. */
  target_reps: number;
}

export interface RegimenWorkoutDoc {
  day_number: number;
  summary_name: string;
  exercises: RegimenExerciseDoc[];
}

export interface DayCompletion {
  day_number: number;
  completed_at: string;
  session_id: string;
  /** The session had something logged (absent on completions recorded before plans moved on by themselves). */
  workout?: boolean;
}

/** One regimen as listed, plus the dated progress facts the dashboard computes today / percent from. */
export interface RegimenDoc extends Omit<ListedRegimen, 'is_primary' | 'workouts'> {
  saved_at: string;
  workouts: RegimenWorkoutDoc[];
  /** Number of days in one cycle (the last day_number). */
  day_count: number;
  /** When the current cycle began: the save, the last restart, or the last wrap from the last day to day 1. */
  cycle_started_at: string;
  /**
   * Completions in the current cycle, oldest first; an undone day's are removed. Of each day only those its readers
   * can still need are kept (`keptCompletions`), so a cycle that stays complete for years does not grow the doc.
   */
  completions: DayCompletion[];
  last_advanced_at: string | null;
  /** The last workout done on the plan, kept across a new cycle: what "done today" is judged by. */
  last_workout?: { day_number: number; completed_at: string } | null;
  /** The day of the last workout while the plan sits on the day after it (moved on by that workout). */
  moved_on_from?: number | null;
  /** 1 as saved, one more with each exercise swapped in place. */
  version?: number;
  /** The last `RESTARTS_KEPT` restarts, oldest first. */
  restarts: { restarted_at: string; from_day: number }[];
}

/**
 * Which regimens one user has (not deleted), in the order saved, and which one is primary: small, so saving the
 * hundredth plan rewrites a list of ids, not the hundred plans.
 */
export interface RegimenListDoc {
  user_id: string;
  primary_regimen_id: string | null;
  regimen_ids: string[];
}

/** Every live regimen of one user and which one is primary, as the dashboard, progress and export read them. */
export interface RegimensDoc {
  user_id: string;
  primary_regimen_id: string | null;
  regimens: RegimenDoc[];
}

const planHandles = ['RegimenSaved.v2', 'RegimenDeleted', 'RegimenDayCompleted', 'RegimenDayAdvanced', 'RegimenDayCompletionUndone', 'RegimenRestarted', 'RegimenExerciseSwapped'] as const;

/** Reps as written; a plain whole number reads back as the number it was (and as every regimen saved before v2 had). */
const asWritten = (reps: string): number | string => (/^\d+$/.test(reps) ? Number(reps) : reps);

/** A regimen's doc key: among its owner's chunks (chunks.ts), so all of a user's plans are one range. */
export const regimenKey = (userId: string, regimenId: string) => `${chunksOf(userId)}${regimenId}`;

export const regimenListsProjection: Projection<RegimenListDoc> = {
  name: 'regimenLists',
  handles: ['RegimenSaved.v2', 'PrimaryRegimenSelected', 'RegimenDeleted', 'AccountDeleted'],
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event: AppEvent) {
    if (event.type === 'AccountDeleted') return undefined;
    const current = doc ?? { user_id: (event.data as { userId: string }).userId, primary_regimen_id: null, regimen_ids: [] };
    switch (event.type) {
      case 'RegimenSaved.v2':
        return current.regimen_ids.includes(event.data.regimenId) ? current : { ...current, regimen_ids: [...current.regimen_ids, event.data.regimenId] };
      case 'PrimaryRegimenSelected':
        return { ...current, primary_regimen_id: event.data.regimenId };
      case 'RegimenDeleted':
        return { ...current, regimen_ids: current.regimen_ids.filter((id) => id !== event.data.regimenId) };
      default:
        return doc;
    }
  },
};

const update = (doc: RegimenDoc | undefined, change: (r: RegimenDoc) => RegimenDoc) => doc && change(doc);

/** Completions of a day not done by a workout kept after its last workout (the newest of them). */
export const NOT_WORKOUTS_KEPT = 4;
/** Restarts a plan's doc keeps (the newest). */
export const RESTARTS_KEPT = 10;

/**
 * The completions a plan's doc keeps (docs/adr/0409-a-plans-doc-keeps-what-its-readers-need.md). Its readers (the
 * dashboard's workout card, and the sessions /prog and the dashboard read) take each day's completions newest first
 * and stop at the first done by a workout: so of each day, newest first, the doc keeps every completion up to and
 * including the first with `workout: true`, of those with `workout: false` only the newest `NOT_WORKOUTS_KEPT`, and
 * every one recorded before completions said (no `workout`), which the readers judge by the session itself.
 */
export function keptCompletions(completions: readonly DayCompletion[]): DayCompletion[] {
  const workoutSeen = new Set<number>();
  const notWorkouts = new Map<number, number>();
  const kept: DayCompletion[] = [];
  for (let i = completions.length - 1; i >= 0; i -= 1) {
    const c = completions[i]!;
    if (workoutSeen.has(c.day_number)) continue;
    if (c.workout === true) workoutSeen.add(c.day_number);
    else if (c.workout === false) {
      const seen = (notWorkouts.get(c.day_number) ?? 0) + 1;
      notWorkouts.set(c.day_number, seen);
      if (seen > NOT_WORKOUTS_KEPT) continue;
    }
    kept.push(c);
  }
  return kept.reverse();
}

/** One doc per regimen: a save, a day done or a delete writes that plan's doc alone. */
export const regimensProjection: Projection<RegimenDoc> = {
  name: 'regimenPlans',
  // 2: a workout moves the plan on to the day after (services/domain/training/planDays.ts); swaps change it in place.
  // 3: completions and restarts are kept within bounds (`keptCompletions`, `RESTARTS_KEPT`).
  version: 3,
  handles: [...planHandles, 'AccountDeleted'],
  // An erased account's plans go with it.
  erases: erasesAccount,
  key: (event) => {
    const { userId, regimenId } = event.data as { userId: string; regimenId: string };
    return regimenKey(userId, regimenId);
  },
  evolve(doc, event: AppEvent) {
    switch (event.type) {
      case 'RegimenSaved.v2': {
        const d = event.data;
        if (doc) return doc;
        return {
          regimen_id: d.regimenId,
          name: d.name,
          description: d.description,
          goal: d.goal,
          level: d.level,
          duration_weeks: d.durationWeeks,
          saved_at: d.savedAt,
          workouts: d.days.map((day) => ({
            day_number: day.dayNumber,
            summary_name: day.summary,
            exercises: day.exercises.map((e) => ({
              workout_id: e.workoutId,
              name: e.name,
              sets: e.sets,
              reps: asWritten(e.reps),
              target_reps: e.targetReps,
              rest: e.durationSeconds,
            })),
          })),
          day_count: d.days.length,
          current_day: 1,
          cycle_started_at: d.savedAt,
          completions: [],
          last_advanced_at: null,
          restarts: [],
        };
      }
      case 'RegimenDeleted':
        return undefined;
      case 'RegimenDayCompleted': {
        const { dayNumber, completedAt, sessionId, workout } = event.data;
        return update(doc, (r) => {
          const completion: DayCompletion = { day_number: dayNumber, completed_at: completedAt, session_id: sessionId, ...(workout === undefined ? {} : { workout }) };
          const recorded = { ...r, completions: keptCompletions([...r.completions, completion]) };
          if (!workout) return recorded;
          const done = r.completions.filter((c) => c.workout === true).map((c) => c.day_number);
          const { currentDay, newCycle } = dayAfterWorkout(r.day_count, dayNumber, done);
          const last_workout = { day_number: dayNumber, completed_at: completedAt };
          if (newCycle) return { ...recorded, current_day: currentDay, cycle_started_at: completedAt, completions: [], last_workout, moved_on_from: dayNumber };
          return { ...recorded, current_day: currentDay, last_workout, moved_on_from: currentDay === dayNumber ? null : dayNumber };
        });
      }
      case 'RegimenDayAdvanced': {
        const { fromDay, toDay, advancedAt } = event.data;
        const wrapped = toDay <= fromDay;
        return update(doc, (r) => ({
          ...r,
          current_day: toDay,
          moved_on_from: null,
          last_advanced_at: advancedAt,
          cycle_started_at: wrapped ? advancedAt : r.cycle_started_at,
          completions: wrapped ? [] : r.completions,
        }));
      }
      case 'RegimenDayCompletionUndone': {
        const { dayNumber } = event.data;
        return update(doc, (r) => {
          const undone = { ...r, completions: r.completions.filter((c) => c.day_number !== dayNumber) };
          // Taking back the workout the plan moved on from puts the plan back on its day, not done.
          return r.moved_on_from === dayNumber ? { ...undone, current_day: dayNumber, moved_on_from: null, last_workout: null } : undone;
        });
      }
      case 'RegimenExerciseSwapped': {
        const { workoutId, name, version, sets, reps, targetReps, durationSeconds } = event.data;
        // Swaps recorded before the prescription followed the new exercise's kind carry none: the line's stays.
        const prescribed = {
          ...(sets === undefined ? {} : { sets }),
          ...(reps === undefined ? {} : { reps: asWritten(reps) }),
          ...(targetReps === undefined ? {} : { target_reps: targetReps }),
          ...(durationSeconds === undefined ? {} : { rest: durationSeconds }),
        };
        return update(doc, (r) => ({
          ...r,
          version,
          workouts: r.workouts.map((w) => ({ ...w, exercises: w.exercises.map((e) => (e.workout_id === workoutId ? { ...e, name, ...prescribed } : e)) })),
        }));
      }
      case 'RegimenRestarted': {
        const { fromDay, restartedAt } = event.data;
        return update(doc, (r) => ({
          ...r,
          current_day: 1,
          moved_on_from: null,
          cycle_started_at: restartedAt,
          completions: [],
          restarts: [...r.restarts, { restarted_at: restartedAt, from_day: fromDay }].slice(-RESTARTS_KEPT),
        }));
      }
      default:
        return doc;
    }
  },
};

/** A user's regimens joined from their list and their plans' docs, in the order saved. */
export function joinRegimens(list: RegimenListDoc | undefined, plans: RegimenDoc[]): RegimensDoc | undefined {
  if (!list) return undefined;
  const byId = new Map(plans.map((r) => [r.regimen_id, r]));
  return {
    user_id: list.user_id,
    primary_regimen_id: list.primary_regimen_id,
    regimens: list.regimen_ids.flatMap((id) => byId.get(id) ?? []),
  };
}

/** The ids as the plans list shows them: the primary first, then the newest saved first. */
export function listedRegimenIds(list: RegimenListDoc | undefined): string[] {
  return list ? primaryThenNewest(list.regimen_ids, list.primary_regimen_id) : [];
}

/** An exercise with how to do it, where the catalog has it. */
export function withHowTo<E extends { name: string }>(e: E): E & { how?: HowTo } {
  const how = howToDo(e.name);
  return how ? { ...e, how } : e;
}

/** A regimen as GET /api/workouts lists it, tagged `is_primary`. */
export function listedRegimen(r: RegimenDoc, primaryId: string | null): ListedRegimen {
  return {
    regimen_id: r.regimen_id,
    name: r.name,
    description: r.description,
    goal: r.goal,
    level: r.level,
    duration_weeks: r.duration_weeks,
    current_day: r.current_day,
    is_primary: r.regimen_id === primaryId,
    workouts: r.workouts.map((w) => ({
      day_number: w.day_number,
      summary_name: w.summary_name,
      exercises: w.exercises.map((e) => withHowTo({ workout_id: e.workout_id, name: e.name, sets: e.sets, reps: e.reps, rest: e.rest })),
    })),
  };
}

/** docs/product.md#what-the-app-keeps-and-answers "Workout": every exercise of the regimen, today's (the current day's) first, then the days after it. */
export function regimenWorkouts(r: RegimenDoc) {
  const order = (day: number) => (day - r.current_day + r.day_count) % r.day_count;
  return [...r.workouts]
    .sort((a, b) => order(a.day_number) - order(b.day_number))
    .flatMap((w) =>
      w.exercises.map((e) => ({
        workout_id: e.workout_id,
        name: e.name,
        sets: e.sets,
        // Docs stored before RegimenSaved.v2 have no target_reps; their reps were always a whole number.
        reps_per_set: e.target_reps ?? (e.reps as number),
        day_number: w.day_number,
      })),
    );
}
