import type { MealTime } from '../../../../contract/nutrition/mealTimes';
import { api, type Queued } from './api';

/**
 * What POST /api/food-log takes: one of a catalogue food (with a portion), a typed food, or calories alone. Shared:
 * the food log page logs with it, and the chat's "Log it" sends the trainer's offer as it is.
 */
export interface LogFood {
  meal_time: MealTime;
  date?: string;
  food?: string;
  portion?: string;
  quantity?: number;
  custom?: { name: string; kcal: number; protein?: number; carbs?: number; fats?: number };
  kcal?: number;
  name?: string;
  instead_of?: string;
}

/** What an entry counts for, as the page shows it while the entry waits offline (the server works it out when sent). */
export interface ShownFood {
  name: string;
  calories: number;
  protein: number;
  carbs: number;
  fats: number;
}

const foodLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    logFood: build.mutation<{ entryId: string; position: number }, LogFood & { shown: ShownFood }>({
      query: ({ shown, ...body }) => ({ url: '/food-log', method: 'POST', body, shown }),
      extraOptions: { queued: { what: 'A logged food', creates: 'entryId' } } satisfies Queued,
      invalidatesTags: ['FoodLog', 'Dashboard', 'Progress'],
    }),
  }),
});

export const { useLogFoodMutation } = foodLogApi;
