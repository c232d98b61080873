import { localDate } from '../../../platform/time.js';
import type { FoodLogsDoc } from './foodLogs.projection.js';
import type { MealLogsDoc } from './mealLogs.projection.js';
import type { MealPlanMeal } from '../../../../contract/nutrition/mealPlanAnswer.js';
import { mealDayOn, primaryPlanOf, type MealPlansDoc, type MealPlanView } from './mealPlans.projection.js';

export interface MealToday extends MealPlanMeal {
  /** Logged today, or something else logged in its place ("Ate something else"). */
  eaten: boolean;
  logged_at: string | null;
  /** What was logged in its place today ("Ate something else"), by name; null when nothing was. */
  eaten_instead: string | null;
}

/** The primary plan's day as the dashboard's nutrition card shows it. */
export interface MealDayToday {
  plan: MealPlanView;
  day: number;
  /** The current day's meals in meal order, each eaten when it was logged today (the user's calendar day). */
  meals: MealToday[];
  nextMeal: MealToday | null;
}

/**
 * What "today" means for meals, in one place: the primary plan's day today (it moves on by the date), and a meal of
 * it counts as eaten when it was logged during today's local date. Undefined when the user has no primary plan.
 */
export function mealDayToday(plans: MealPlansDoc | undefined, logs: MealLogsDoc | undefined, now: Date, timeZone: string, foods?: FoodLogsDoc): MealDayToday | undefined {
  const plan = primaryPlanOf(plans);
  if (!plan) return undefined;
  const today = localDate(now, timeZone);
  const loggedToday = (logs?.logs ?? []).filter((log) => localDate(log.logged_at, timeZone) === today);
  const day = mealDayOn(plan, now, timeZone);
  const insteadToday = (foods?.entries ?? []).filter((entry) => entry.insteadOfMealPlanMealId !== null && entry.day === today);
  const meals = plan.meals
    .filter((meal) => meal.day_number === day)
    .map((meal) => {
      const logged = loggedToday.find((l) => l.meal_plan_meal_id === meal.meal_plan_meal_id)?.logged_at;
      const instead = insteadToday.filter((e) => e.insteadOfMealPlanMealId === meal.meal_plan_meal_id);
      const at = logged ?? instead[0]?.loggedAt;
      return { ...meal, eaten: at !== undefined, logged_at: at ?? null, eaten_instead: instead.length > 0 ? instead.map((e) => e.name).join(', ') : null };
    });
  return { plan, day, meals, nextMeal: meals.find((meal) => !meal.eaten) ?? null };
}
