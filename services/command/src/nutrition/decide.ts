import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import type { PlannedMeal } from '../../../../events/mealPlan.js';
import { Rejected } from '../../../../events/rejected.js';
import { localDate } from '../../../platform/time.js';
import { uuidFrom } from '../../../../events/ids.js';
import { ownedPlan } from '../plans/api.js';
import { mealDayAt, type MealPlan } from './mealPlan.js';
import { mealPlans } from './roster.js';

export const NO_SUCH_MEAL = 'No such meal in your primary meal plan';
export const ALREADY_LOGGED_TODAY = 'That meal is already logged today';
export const NOTHING_TO_UNDO = 'No meal logged today to undo';

/** A meal plan as the meals slice saves it: the plan data of the request, in the domain's words. */
export interface MealPlanContent {
  name: string;
  description: string | null;
  dietType: string | null;
  calorieGoal: number;
  meals: Omit<PlannedMeal, 'mealPlanMealId'>[];
}

export interface SaveMealPlan {
  mealPlanId: string;
  userId: string;
  plan: MealPlanContent;
  now: string;
}

/** On the new plan's stream. Saving again under the same id (a retried request) changes nothing. */
export function saveMealPlan(state: MealPlan, { mealPlanId, userId, plan, now }: SaveMealPlan): AppNewEvent[] {
  if (state.status !== 'none') {
    if (state.userId !== userId) throw new Rejected('conflict', 'That meal plan id is taken');
    return [];
  }
  const meals = plan.meals.map((meal, index) => ({
    // Derived, not random, so the decider stays pure; unique across plans because the plan id is.
    mealPlanMealId: uuidFrom(`${mealPlanId}:meal:${index}`),
    ...meal,
  }));
  const days = Math.max(...meals.map((meal) => meal.dayNumber));
  const { name, description, dietType, calorieGoal } = plan;
  return [newEvent('MealPlanSaved', { mealPlanId, userId, name, description, dietType, calorieGoal, days, meals, savedAt: now })];
}

export interface AdvanceMealDay {
  userId: string;
  /** From the owner's roster, loaded beside the plan. */
  deleted: boolean;
  now: string;
  /** The user's zone: the plan's day today is counted on their calendar. */
  timeZone: string;
}

/** "Proceed to next day": one day on from today's; a meal plan is a rotation, past its last day it starts over at day 1. */
export function advanceMealDay(state: MealPlan, { userId, deleted, now, timeZone }: AdvanceMealDay): AppNewEvent[] {
  const plan = ownedPlan(state, userId, deleted, mealPlans.noSuchPlan);
  const fromDay = mealDayAt(plan, now, timeZone);
  const toDay = fromDay >= plan.days ? 1 : fromDay + 1;
  return [newEvent('MealPlanDayAdvanced', { mealPlanId: plan.mealPlanId, userId, fromDay, toDay, advancedAt: now })];
}

export interface LogMeal {
  userId: string;
  mealPlanMealId: string;
  mealLogId: string;
  now: string;
  /** The user's zone: "the same day" is their calendar day. */
  timeZone: string;
}

/** On the primary plan's stream: the meal must be one of its current day's, not yet eaten today. */
export function logMeal(state: MealPlan, { userId, mealPlanMealId, mealLogId, now, timeZone }: LogMeal): AppNewEvent[] {
  if (state.status === 'none' || state.userId !== userId) throw new Rejected('not_found', NO_SUCH_MEAL);
  const meal = state.meals.find((m) => m.mealPlanMealId === mealPlanMealId);
  if (!meal) throw new Rejected('not_found', NO_SUCH_MEAL);
  const planDay = mealDayAt(state, now, timeZone);
  if (meal.dayNumber !== planDay) {
    throw new Rejected('conflict', `That meal is on day ${meal.dayNumber} of the plan, which is on day ${planDay} today`);
  }
  const today = localDate(now, timeZone);
  if (state.logs.some((log) => log.mealPlanMealId === mealPlanMealId && localDate(log.loggedAt, timeZone) === today)) {
    throw new Rejected('conflict', ALREADY_LOGGED_TODAY);
  }
  const { dayNumber, mealTime, name, calories, proteinGrams, carbsGrams, fatsGrams } = meal;
  return [
    newEvent('MealLogged', {
      mealLogId,
      mealPlanId: state.mealPlanId,
      userId,
      mealPlanMealId,
      dayNumber,
      mealTime,
      name,
      calories,
      proteinGrams,
      carbsGrams,
      fatsGrams,
      loggedAt: now,
    }),
  ];
}

export interface UndoMeal {
  userId: string;
  now: string;
  timeZone: string;
}

/** On the primary plan's stream: takes back the meal logged last today; yesterday's meals are history. */
export function undoMeal(state: MealPlan, { userId, now, timeZone }: UndoMeal): AppNewEvent[] {
  if (state.status === 'none' || state.userId !== userId) throw new Rejected('conflict', NOTHING_TO_UNDO);
  const today = localDate(now, timeZone);
  const last = state.logs.findLast((log) => localDate(log.loggedAt, timeZone) === today);
  if (!last) throw new Rejected('conflict', NOTHING_TO_UNDO);
  const { mealLogId, mealPlanMealId, loggedAt } = last;
  return [newEvent('MealLogUndone', { mealLogId, mealPlanId: state.mealPlanId, userId, mealPlanMealId, loggedAt, undoneAt: now })];
}
