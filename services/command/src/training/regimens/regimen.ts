import type { AppEvent } from '../../../../../events/catalog.js';
import type { RegimenDay } from '../../../../../events/regimen.js';
import { dayAfterWorkout } from '../../../../domain/training/planDays.js';

/** What the write side needs of one regimen: its owner, its days and where the user is in the current cycle. */
export type Regimen =
  | { status: 'none' }
  | {
      status: 'saved';
      regimenId: string;
      userId: string;
      /** What the plan says of itself, for the trainer's context when the user asks about it. */
      name: string;
      description: string;
      goal: string;
      level: string;
      durationWeeks: number;
      days: RegimenDay[];
      /** 1 as saved, one more with each change in place (a swap). */
      version: number;
      currentDay: number;
      /** Day numbers completed in the current cycle (a day may appear once per completion). */
      completedDays: number[];
      /** Day numbers done in the current cycle by a session with something logged. */
      workoutDays: number[];
      /** The day of the last workout, while the plan sits on the day after it: what "Reset daily progress" takes back. */
      movedOnFrom: number | null;
      /** The sessions whose day was recorded, so a completion run again (resumed after a crash) is recorded once. */
      recordedSessions: string[];
    };

export const initialState: Regimen = { status: 'none' };

export function evolve(state: Regimen, event: AppEvent): Regimen {
  if (event.type === 'RegimenSaved.v2') {
    const { regimenId, userId, name, description, goal, level, durationWeeks, days } = event.data;
    return { status: 'saved', regimenId, userId, name, description, goal, level, durationWeeks, days, version: 1, currentDay: 1, completedDays: [], workoutDays: [], movedOnFrom: null, recordedSessions: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'RegimenDayCompleted': {
      const { dayNumber, sessionId, workout } = event.data;
      const recorded = { ...state, completedDays: [...state.completedDays, dayNumber], recordedSessions: [...state.recordedSessions, sessionId] };
      if (!workout) return recorded;
      const { currentDay, newCycle } = dayAfterWorkout(state.days.length, dayNumber, state.workoutDays);
      if (newCycle) return { ...recorded, currentDay, completedDays: [], workoutDays: [], movedOnFrom: dayNumber };
      return { ...recorded, currentDay, workoutDays: [...state.workoutDays, dayNumber], movedOnFrom: currentDay === dayNumber ? null : dayNumber };
    }
    case 'RegimenDayCompletionUndone': {
      const { dayNumber } = event.data;
      const undone = { ...state, completedDays: state.completedDays.filter((d) => d !== dayNumber), workoutDays: state.workoutDays.filter((d) => d !== dayNumber) };
      // Taking back the workout the plan moved on from puts the plan back on its day.
      return state.movedOnFrom === dayNumber ? { ...undone, currentDay: dayNumber, movedOnFrom: null } : undone;
    }
    case 'RegimenDayAdvanced': {
      const { fromDay, toDay } = event.data;
      const wrapped = toDay <= fromDay;
      return { ...state, currentDay: toDay, completedDays: wrapped ? [] : state.completedDays, workoutDays: wrapped ? [] : state.workoutDays, movedOnFrom: null };
    }
    case 'RegimenExerciseSwapped': {
      const { workoutId, name, version, sets, reps, targetReps, durationSeconds } = event.data;
      // Swaps recorded before the prescription followed the new exercise's kind carry none: the line's stays.
      const prescribed = (e: RegimenDay['exercises'][number]) => ({
        sets: sets ?? e.sets,
        reps: reps ?? e.reps,
        targetReps: targetReps ?? e.targetReps,
        durationSeconds: durationSeconds ?? e.durationSeconds,
      });
      const days = state.days.map((d) => ({ ...d, exercises: d.exercises.map((e) => (e.workoutId === workoutId ? { ...e, name, ...prescribed(e) } : e)) }));
      return { ...state, days, version };
    }
    case 'RegimenRestarted':
      return { ...state, currentDay: 1, completedDays: [], workoutDays: [], movedOnFrom: null, recordedSessions: [] };
    default:
      return state;
  }
}

export const regimen = { initialState, evolve };
