import type { FoodDayAnswer, FoodSearchAnswer, OwnFoodsAnswer } from '../../../../contract/nutrition/foodLogAnswer';
import type { MealTime } from '../../../../contract/nutrition/mealTimes';
import { api, type Queued } from '../../shared/api/api';

const foodApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchFoods: build.query<FoodSearchAnswer, string>({
      query: (q) => `/foods?q=${encodeURIComponent(q)}`,
    }),
    ownFoods: build.query<OwnFoodsAnswer, void>({
      query: () => '/foods/mine',
      providesTags: ['FoodLog'],
    }),
    foodDay: build.query<FoodDayAnswer, string>({
      query: (date) => `/food-log?date=${date}`,
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
