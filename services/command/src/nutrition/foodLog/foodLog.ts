import type { AppEvent } from '../../../../../events/catalog.js';
import type { MealTime } from '../../../../../contract/nutrition/mealTimes.js';

/** What an entry counts for, as logged: enough to copy it to another day. */
export interface Entry {
  entryId: string;
  day: string;
  mealTime: MealTime;
  kind: 'catalogue' | 'custom' | 'quick';
  foodId: string | null;
  name: string;
  portion: string;
  portionGrams: number | null;
  quantity: number;
  calories: number;
  proteinGrams: number;
  carbsGrams: number;
  fatsGrams: number;
}

/** What deciding on a user's `foodlog-<id>` stream needs: the entries not taken back, and every id ever used. */
export interface FoodLog {
  entries: Entry[];
  /** Ids logged before, taken back or not: logging one again (a retried request) changes nothing. */
  used: Set<string>;
}

export const initialState: FoodLog = { entries: [], used: new Set() };

export function evolve(state: FoodLog, event: AppEvent): FoodLog {
  switch (event.type) {
    case 'FoodLogged': {
      const { userId: _, loggedAt: __, insteadOfMealPlanMealId: ___, ...entry } = event.data;
      return { entries: [...state.entries, entry], used: new Set(state.used).add(entry.entryId) };
    }
    case 'FoodLogEntryDeleted':
      return { ...state, entries: state.entries.filter((entry) => entry.entryId !== event.data.entryId) };
    default:
      return state;
  }
}

export const foodLog = { initialState, evolve };
