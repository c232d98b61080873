import type { DashboardSummary } from '../../../../contract/dashboard/summaryAnswer';
import { api } from '../../shared/api/api';

export type { DashboardSummary } from '../../../../contract/dashboard/summaryAnswer';

/** The dashboard's POST actions (docs/product.md#the-calls); their answers are not read. */
export type DashboardAction =
  | { action: 'start-workout' | 'advance-workout-day' | 'reset-workout-progress' | 'reset-workout-regimen'; body: { regimenId: string } }
  | { action: 'advance-meal-day'; body: { mealPlanId: string } }
  | { action: 'log-meal'; body: { mealPlanMealId: string } }
  | { action: 'undo-meal'; body?: undefined };

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardSummary: build.query<DashboardSummary, void>({
      query: () => '/dashboard/summary',
      providesTags: ['Dashboard'],
    }),
    // Every action changes what the summary shows (docs/product.md#how-things-change: "every action refreshes the summary"), and may change the
    // plan pages, the session and the progress page too.
    dashboardAction: build.mutation<{ position?: number; sessionId?: string }, DashboardAction>({
      query: ({ action, body }) => ({ url: `/dashboard/${action}`, method: 'POST', body: body ?? {} }),
      invalidatesTags: ['Dashboard', 'Regimens', 'MealPlans', 'ActiveSession', 'Progress'],
    }),
  }),
});

export const { useDashboardSummaryQuery, useDashboardActionMutation } = dashboardApi;
