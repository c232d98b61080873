import type { AppEvent } from '../../../../../events/catalog.js';
import type { RegimenDay } from '../../../../../events/regimen.js';

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
      currentDay: number;
      /** Day numbers completed in the current cycle (a day may appear once per completion). */
      completedDays: number[];
      /** The sessions whose day was recorded, so a completion run again (resumed after a crash) is recorded once. */
      recordedSessions: string[];
    };

export const initialState: Regimen = { status: 'none' };

export function evolve(state: Regimen, event: AppEvent): Regimen {
  if (event.type === 'RegimenSaved.v2') {
    const { regimenId, userId, name, description, goal, level, durationWeeks, days } = event.data;
    return { status: 'saved', regimenId, userId, name, description, goal, level, durationWeeks, days, currentDay: 1, completedDays: [], recordedSessions: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'RegimenDayCompleted':
      return { ...state, completedDays: [...state.completedDays, event.data.dayNumber], recordedSessions: [...state.recordedSessions, event.data.sessionId] };
    case 'RegimenDayCompletionUndone':
      return { ...state, completedDays: state.completedDays.filter((d) => d !== event.data.dayNumber) };
    case 'RegimenDayAdvanced': {
      const { fromDay, toDay } = event.data;
      return { ...state, currentDay: toDay, completedDays: toDay <= fromDay ? [] : state.completedDays };
    }
    case 'RegimenRestarted':
      return { ...state, currentDay: 1, completedDays: [], recordedSessions: [] };
    default:
      return state;
  }
}

export const regimen = { initialState, evolve };
