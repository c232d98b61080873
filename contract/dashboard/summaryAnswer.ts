/**
 * The answer of GET /api/dashboard/summary as a type, written once for both sides: summary.ts builds it and the web
 * client's dashboard reads it. Types only, importing nothing, so the web build takes nothing else from the server.
 */

/** docs/product.md#what-the-app-keeps-and-answers "Dashboard summary response"; `weekly.mealsPlanned` is left out when there is no primary meal plan. */
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
    nextMeal: { id: string; mealTime: string; name: string; calories: number; protein: number; carbs: number; fats: number } | null;
    /**
     * What was eaten today in the person's zone, the food log's totals (GET /api/food-log): foods logged and planned
     * meals ticked. Null when nothing is logged today: unknown, not 0 kcal.
     */
    dailyLogged: Macros | null;
    /** The day's targets (the food log's), at the primary plan's calorie goal when there is one. */
    dailyGoals: Macros;
  };
  schedule: Array<{ when: string; name: string; done: boolean }>;
  weekly: {
    /** The days of this week (0 Monday … 6 Sunday) the person showed up: the spec's login boxes. */
    loginDays: number[];
    /** Consecutive days shown up, to today or yesterday: the spec's login streak. */
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
