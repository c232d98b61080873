import type { AppEvent } from '../../../../events/catalog.js';
import type { PlannedMeal } from '../../../../events/mealPlan.js';

/** A meal eaten from the plan and not taken back. */
export interface MealLog {
  mealLogId: string;
  mealPlanMealId: string;
  loggedAt: string;
}

/** What the write side needs to know of one meal plan stream. Which plan is primary and which are deleted is the owner's roster: see roster.ts. */
export type MealPlan =
  | { status: 'none' }
  | {
      status: 'saved';
      mealPlanId: string;
      userId: string;
      /** What the plan says of itself, for the trainer's context when the user asks about it. */
      name: string;
      description: string | null;
      dietType: string | null;
      calorieGoal: number;
      days: number;
      currentDay: number;
      meals: PlannedMeal[];
      /** In the order they were logged. */
      logs: MealLog[];
    };

export const initialState: MealPlan = { status: 'none' };

export function evolve(state: MealPlan, event: AppEvent): MealPlan {
  switch (event.type) {
    case 'MealPlanSaved': {
      const { mealPlanId, userId, name, description, dietType, calorieGoal, days, meals } = event.data;
      return { status: 'saved', mealPlanId, userId, name, description, dietType, calorieGoal, days, currentDay: 1, meals, logs: [] };
    }
    case 'MealPlanDayAdvanced':
      return state.status === 'none' ? state : { ...state, currentDay: event.data.toDay };
    case 'MealLogged': {
      if (state.status === 'none') return state;
      const { mealLogId, mealPlanMealId, loggedAt } = event.data;
      return { ...state, logs: [...state.logs, { mealLogId, mealPlanMealId, loggedAt }] };
    }
    case 'MealLogUndone':
      return state.status === 'none' ? state : { ...state, logs: state.logs.filter((log) => log.mealLogId !== event.data.mealLogId) };
    default:
      return state;
  }
}

export const mealPlan = { initialState, evolve };
