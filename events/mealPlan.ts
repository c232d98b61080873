import { z } from 'zod';
import { MEAL_TIMES } from '../contract/nutrition/mealTimes.js';
import { amount, instant, PLANS, whole } from './bounds.js';

const at = instant;
const day = whole(1, PLANS.days);
const grams = amount(0, PLANS.macroGrams);

/** One meal of one day of a plan, with the macros it counts for when it is eaten. */
export const plannedMeal = z.object({
  mealPlanMealId: z.string(),
  dayNumber: day,
  mealTime: z.enum(MEAL_TIMES),
  name: z.string(),
  calories: amount(0, PLANS.mealCalories),
  proteinGrams: grams,
  carbsGrams: grams,
  fatsGrams: grams,
  allergens: z.string().nullable(),
});
export type PlannedMeal = z.infer<typeof plannedMeal>;

/** Stream `mealplan-<id>`: one plan's content, its day and the meals eaten from it. */
export const mealPlanEvents = {
  MealPlanSaved: z.object({
    mealPlanId: z.string(),
    userId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    dietType: z.string().nullable(),
    calorieGoal: amount(0, PLANS.calorieGoal),
    /** How many days the plan runs: its highest day number (a day may have no meals). */
    days: day,
    meals: z.array(plannedMeal).max(PLANS.days * PLANS.mealsPerDay),
    savedAt: at,
  }),
  MealPlanDayAdvanced: z.object({
    mealPlanId: z.string(),
    userId: z.string(),
    fromDay: day,
    toDay: day,
    advancedAt: at,
  }),
  /**
   * A meal eaten, with everything a reader needs to count it (when, which day, its macros), so the dashboard and
   * the progress charts never have to look the plan up, and a later change of the plan cannot rewrite history.
   */
  MealLogged: plannedMeal.omit({ allergens: true }).extend({
    mealLogId: z.string(),
    mealPlanId: z.string(),
    userId: z.string(),
    loggedAt: at,
  }),
  /** Takes one MealLogged back; the log it names no longer counts anywhere. */
  MealLogUndone: z.object({
    mealLogId: z.string(),
    mealPlanId: z.string(),
    userId: z.string(),
    mealPlanMealId: z.string(),
    loggedAt: at,
    undoneAt: at,
  }),
};

/**
 * Stream `user-<id>` (the owner's): the meal plan roster, what spans all of a user's meal plans. "Exactly one primary plan"
 * and "the primary plan cannot be deleted" are rules over several plans, so they are decided on the one stream
 * every plan of the user shares, where optimistic concurrency serialises a select racing a delete.
 */
export const mealPlanRosterEvents = {
  PrimaryMealPlanSelected: z.object({
    userId: z.string(),
    mealPlanId: z.string(),
    /** The plan's day when it became primary, so the profile's current_meal_day is right without the plan. */
    currentDay: day,
    selectedAt: at,
  }),
  MealPlanDeleted: z.object({ userId: z.string(), mealPlanId: z.string(), deletedAt: at }),
  /** A saved meal plan counts toward the plans one account keeps (see plans/roster.ts). */
  /** `name`: the name it was saved under, distinct among the user's meal plans (absent on those listed before names were). */
  MealPlanListed: z.object({ userId: z.string(), mealPlanId: z.string(), listedAt: at, name: z.string().optional() }),
};
