import type { FoodDayAnswer, FoodSearchAnswer, OwnFoodsAnswer } from '../../../../contract/nutrition/foodLogAnswer';
import type { MealTime } from '../../../../contract/nutrition/mealTimes';
import { api, type Queued } from '../../shared/api/api';
import { registerPendingView } from '../../shared/offline/pending';
import { pendingFoodDay, TODAY } from './pendingFoodDay';

// Logged or removed offline, an entry shows in today's list at once (pendingFoodDay).
registerPendingView(TODAY, (data, waiting) => pendingFoodDay(data as FoodDayAnswer | undefined, waiting));

const foodApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchFoods: build.query<FoodSearchAnswer, string>({
      query: (q) => `/foods?q=${encodeURIComponent(q)}`,
    }),
    ownFoods: build.query<OwnFoodsAnswer, void>({
      query: () => '/foods/mine',
      providesTags: ['FoodLog'],
    }),
    /** A day's food log; without a date, today in the profile's zone (the day the server logs entries on). */
    foodDay: build.query<FoodDayAnswer, string | void>({
      query: (date) => (date ? `${TODAY}?date=${date}` : TODAY),
      providesTags: ['FoodLog'],
    }),
    deleteFoodEntry: build.mutation<unknown, string>({
      query: (entryId) => ({ url: `/food-log/${encodeURIComponent(entryId)}`, method: 'DELETE' }),
      extraOptions: { queued: { what: 'Removing a logged food' } } satisfies Queued,
      invalidatesTags: ['FoodLog', 'Dashboard', 'Progress'],
    }),
    copyMeal: build.mutation<unknown, { from_date: string; meal_time: MealTime }>({
      query: (body) => ({ url: '/food-log/copy', method: 'POST', body }),
      extraOptions: { queued: { what: 'Copying a meal' } } satisfies Queued,
      invalidatesTags: ['FoodLog', 'Dashboard', 'Progress'],
    }),
  }),
});

export const { useSearchFoodsQuery, useOwnFoodsQuery, useFoodDayQuery, useDeleteFoodEntryMutation, useCopyMealMutation } = foodApi;
