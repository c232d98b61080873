import type { AppEvent } from '../../../../events/catalog.js';
import type { Projection } from '../projection.js';

export interface RegimenExerciseDoc {
  workout_id: string;
  name: string;
  sets: number;
  /** As the plan wrote it: a number when it is a whole number, else the text (`"8-12"`, `"10 per leg"`). */
  reps: number | string;
  /** The whole-number lower bound of `reps`: what the tracker pre-fills. */
  target_reps: number;
  /** The AI plan's per-exercise seconds (`duration`), shown as rest on the plans page. */
  rest: number;
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
}

/** One regimen as listed, plus the dated progress facts the dashboard computes today / percent from. */
export interface RegimenDoc {
  regimen_id: string;
  name: string;
  description: string;
  goal: string;
  level: string;
  duration_weeks: number;
  saved_at: string;
  workouts: RegimenWorkoutDoc[];
  /** Number of days in one cycle (the last day_number). */
  day_count: number;
  current_day: number;
  /** When the current cycle began: the save, the last restart, or the last wrap from the last day to day 1. */
  cycle_started_at: string;
  /** Completions in the current cycle, oldest first; an undone day's are removed. */
  completions: DayCompletion[];
  last_advanced_at: string | null;
  restarts: { restarted_at: string; from_day: number }[];
}

/** Every live (not deleted) regimen of one user and which one is primary. */
export interface RegimensDoc {
  user_id: string;
  primary_regimen_id: string | null;
  regimens: RegimenDoc[];
}

const handles = [
  'RegimenSaved.v2',
  'PrimaryRegimenSelected',
  'RegimenDeleted',
  'RegimenDayCompleted',
  'RegimenDayAdvanced',
  'RegimenDayCompletionUndone',
  'RegimenRestarted',
  'AccountDeleted',
] as const;

/** Reps as written; a plain whole number reads back as the number it was (and as every regimen saved before v2 had). */
const asWritten = (reps: string): number | string => (/^\d+$/.test(reps) ? Number(reps) : reps);

const emptyDoc = (userId: string): RegimensDoc => ({ user_id: userId, primary_regimen_id: null, regimens: [] });

const update = (doc: RegimensDoc | undefined, regimenId: string, change: (r: RegimenDoc) => RegimenDoc) =>
  doc && { ...doc, regimens: doc.regimens.map((r) => (r.regimen_id === regimenId ? change(r) : r)) };

export const regimensProjection: Projection<RegimensDoc> = {
  name: 'regimens',
  handles,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event: AppEvent) {
    switch (event.type) {
      case 'AccountDeleted':
        return undefined;
      case 'RegimenSaved.v2': {
        const d = event.data;
        const current = doc ?? emptyDoc(d.userId);
        if (current.regimens.some((r) => r.regimen_id === d.regimenId)) return current;
        const regimen: RegimenDoc = {
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
        return { ...current, regimens: [...current.regimens, regimen] };
      }
      case 'PrimaryRegimenSelected':
        return { ...(doc ?? emptyDoc(event.data.userId)), primary_regimen_id: event.data.regimenId };
      case 'RegimenDeleted':
        return doc && { ...doc, regimens: doc.regimens.filter((r) => r.regimen_id !== event.data.regimenId) };
      case 'RegimenDayCompleted': {
        const { dayNumber, completedAt, sessionId } = event.data;
        return update(doc, event.data.regimenId, (r) => ({
          ...r,
          completions: [...r.completions, { day_number: dayNumber, completed_at: completedAt, session_id: sessionId }],
        }));
      }
      case 'RegimenDayAdvanced': {
        const { fromDay, toDay, advancedAt } = event.data;
        const wrapped = toDay <= fromDay;
        return update(doc, event.data.regimenId, (r) => ({
          ...r,
          current_day: toDay,
          last_advanced_at: advancedAt,
          cycle_started_at: wrapped ? advancedAt : r.cycle_started_at,
          completions: wrapped ? [] : r.completions,
        }));
      }
      case 'RegimenDayCompletionUndone':
        return update(doc, event.data.regimenId, (r) => ({
          ...r,
          completions: r.completions.filter((c) => c.day_number !== event.data.dayNumber),
        }));
      case 'RegimenRestarted': {
        const { fromDay, restartedAt } = event.data;
        return update(doc, event.data.regimenId, (r) => ({
          ...r,
          current_day: 1,
          cycle_started_at: restartedAt,
          completions: [],
          restarts: [...r.restarts, { restarted_at: restartedAt, from_day: fromDay }],
        }));
      }
      default:
        return doc;
    }
  },
};

/** Spec §3 "Workout regimen (plans list)", primary first (tagged `is_primary`), then the newest saved first. */
export function regimenList(doc: RegimensDoc | undefined) {
  if (!doc) return [];
  const primary = doc.primary_regimen_id;
  // Docs hold regimens in save order; reversed, the newest comes first (a stable sort keeps that below the primary).
  return [...doc.regimens]
    .reverse()
    .sort((a, b) => Number(b.regimen_id === primary) - Number(a.regimen_id === primary))
    .map((r) => ({
      regimen_id: r.regimen_id,
      name: r.name,
      description: r.description,
      goal: r.goal,
      level: r.level,
      duration_weeks: r.duration_weeks,
      current_day: r.current_day,
      is_primary: r.regimen_id === primary,
      workouts: r.workouts.map((w) => ({
        day_number: w.day_number,
        summary_name: w.summary_name,
        exercises: w.exercises.map((e) => ({ workout_id: e.workout_id, name: e.name, sets: e.sets, reps: e.reps, rest: e.rest })),
      })),
    }));
}

/** Spec §3 "Workout": every exercise of the regimen, today's (the current day's) first, then the days after it. */
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
