import type { AppEvent } from '../../../../events/catalog.js';
import type { PlannedMeal } from '../../../../events/mealPlan.js';
import { mealPlanDayOn } from '../../../domain/nutrition/planDays.js';
import { localDate } from '../../../platform/time.js';

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
      /** The day the plan was set on at `daySetAt` (its save, or the last "Proceed"); it moves on by the date from there. */
      currentDay: number;
      daySetAt: string;
      meals: PlannedMeal[];
      /** In the order they were logged. */
      logs: MealLog[];
    };

export const initialState: MealPlan = { status: 'none' };

export function evolve(state: MealPlan, event: AppEvent): MealPlan {
  switch (event.type) {
    case 'MealPlanSaved': {
      const { mealPlanId, userId, name, description, dietType, calorieGoal, days, meals, savedAt } = event.data;
      return { status: 'saved', mealPlanId, userId, name, description, dietType, calorieGoal, days, currentDay: 1, daySetAt: savedAt, meals, logs: [] };
    }
    case 'MealPlanDayAdvanced':
      return state.status === 'none' ? state : { ...state, currentDay: event.data.toDay, daySetAt: event.data.advancedAt };
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

/** The plan's day at `now` in the person's zone: it moves on one day a day (docs/adr/0077). */
export const mealDayAt = (plan: { days: number; currentDay: number; daySetAt: string }, now: string, timeZone: string) =>
  mealPlanDayOn(plan.days, { dayOn: plan.currentDay, since: localDate(plan.daySetAt, timeZone) }, localDate(now, timeZone));
