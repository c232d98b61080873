import { api } from '../../app/api';

/** Spec §3 "Dashboard summary response". */
export interface DashboardSummary {
  snapshot: {
    weightLb: number | null;
    targetWeightLb: number | null;
    startWeightLb: number | null;
    bodyFat: number | null;
    targetBodyFat: number | null;
    startBodyFat: number | null;
    primaryGoal: string | null;
  };
  workout: {
    planId: string | null;
    planName: string | null;
    percentComplete: number;
    todayDone: boolean;
    currentSummary: string | null;
    nextSummary: string | null;
  };
  nutrition: {
    planId: string | null;
    planName: string | null;
    mealsToday: number;
    mealsEaten: number;
    nextMeal: { id: string; name: string; calories: number; protein: number; carbs: number; fats: number } | null;
    dailyLogged: Macros;
    dailyGoals: { [K in keyof Macros]: number | null };
  };
  schedule: Array<{ when: string; name: string; done: boolean }>;
  weekly: {
    loginDays: number[];
    loginStreak: number;
    workoutsDone: number;
    workoutsTarget: number;
    totalMinutes: number;
    mealsLogged: number;
    mealsPlanned?: number;
  };
  progress: Array<{ date: string; weightLb: number | null; bodyFat: number | null }>;
}

export interface Macros {
  calories: number;
  protein: number;
  carbs: number;
  fats: number;
}

/** The dashboard's POST actions (spec §7); their answers are not read. */
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
    // Every action changes what the summary shows (spec §4: "every action refreshes the summary"), and may change the
    // plan pages, the session and the progress page too.
    dashboardAction: build.mutation<{ position?: number; sessionId?: string }, DashboardAction>({
      query: ({ action, body }) => ({ url: `/dashboard/${action}`, method: 'POST', body: body ?? {} }),
      invalidatesTags: ['Dashboard', 'Regimens', 'MealPlans', 'ActiveSession', 'Progress'],
    }),
  }),
});

export const { useDashboardSummaryQuery, useDashboardActionMutation } = dashboardApi;
