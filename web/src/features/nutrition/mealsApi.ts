import { mealOrder } from '../../../../contract/nutrition/mealTimes';
import { MAX_PLANS_PER_KIND } from '../../../../contract/plans/planLimits';
import type { ListedMealPlan } from '../../../../contract/nutrition/mealPlanAnswer';
import { api } from '../../shared/api/api';

/** A meal plan as GET /api/meal-plans lists it. */
export type MealPlan = ListedMealPlan;

const mealsApi = api.injectEndpoints({
  endpoints: (build) => ({
    mealPlans: build.query<MealPlan[], void>({
      // Every plan the account keeps, in one page (the list is paged; this many is its largest page).
      query: () => `/meal-plans?limit=${MAX_PLANS_PER_KIND}`,
      // A non-array answer counts as no plans.
      transformResponse: (value: unknown) => (Array.isArray(value) ? (value as MealPlan[]) : []),
      providesTags: ['MealPlans'],
    }),
    selectMealPlan: build.mutation<unknown, string>({
      query: (id) => ({ url: `/user/meal-plans/${encodeURIComponent(id)}/select`, method: 'POST', body: {} }),
      invalidatesTags: ['MealPlans', 'Dashboard', 'Profile', 'Progress'],
    }),
    deleteMealPlan: build.mutation<unknown, string>({
      query: (id) => ({ url: `/user/meal-plans/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['MealPlans', 'Dashboard'],
    }),
    advanceMealDay: build.mutation<unknown, string>({
      query: (mealPlanId) => ({ url: '/dashboard/advance-meal-day', method: 'POST', body: { mealPlanId } }),
      invalidatesTags: ['MealPlans', 'Dashboard'],
    }),
  }),
});

export const { useMealPlansQuery, useSelectMealPlanMutation, useDeleteMealPlanMutation, useAdvanceMealDayMutation } = mealsApi;


/** The plan's meals by day, each day's meals in meal order (a stable sort keeps the plan's order within a time). */
export function mealsByDay(plan: MealPlan) {
  const days = new Map<number, MealPlan['meals']>();
  for (const meal of plan.meals) days.set(meal.day_number, [...(days.get(meal.day_number) ?? []), meal]);
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, meals]) => ({ day, meals: [...meals].sort((a, b) => mealOrder(a.meal_time) - mealOrder(b.meal_time)) }));
}
