import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import { Rejected } from '../../../../events/rejected.js';
import { localDate } from '../../../platform/time.js';
import { uuidFrom } from '../execute.js';
import type { MealPlan } from './mealPlan.js';
import type { MealPlanChoice } from './mealPlanChoice.js';
import type { MealPlanInput } from './planInput.js';

export const NO_SUCH_PLAN = 'No such meal plan';
export const NO_SUCH_MEAL = 'No such meal in your primary meal plan';
export const PRIMARY_CANNOT_BE_DELETED = 'The primary meal plan cannot be deleted. Make another plan primary first.';
export const ALREADY_LOGGED_TODAY = 'That meal is already logged today';
export const NOTHING_TO_UNDO = 'No meal logged today to undo';

type SavedPlan = Extract<MealPlan, { status: 'saved' }>;

/** The plan when the caller owns it and has not deleted it; otherwise 404, so another user's ids cannot be probed. */
function owned(plan: MealPlan, userId: string, deletedIds: readonly string[]): SavedPlan {
  if (plan.status === 'none' || plan.userId !== userId || deletedIds.includes(plan.mealPlanId)) {
    throw new Rejected('not_found', NO_SUCH_PLAN);
  }
  return plan;
}

export interface SaveMealPlan {
  mealPlanId: string;
  userId: string;
  plan: MealPlanInput;
  now: string;
}

/** On the new plan's stream. Saving again under the same id (a retried request) changes nothing. */
export function saveMealPlan(state: MealPlan, { mealPlanId, userId, plan, now }: SaveMealPlan): AppNewEvent[] {
  if (state.status !== 'none') {
    if (state.userId !== userId) throw new Rejected('conflict', 'That meal plan id is taken');
    return [];
  }
  const meals = plan.meals.map(({ day, ...meal }, index) => ({
    // Derived, not random, so the decider stays pure; unique across plans because the plan id is.
    mealPlanMealId: uuidFrom(`${mealPlanId}:meal:${index}`),
    dayNumber: day,
    ...meal,
  }));
  const days = Math.max(...meals.map((meal) => meal.dayNumber));
  const { name, description, dietType, calorieGoal } = plan;
  return [newEvent('MealPlanSaved', { mealPlanId, userId, name, description, dietType, calorieGoal, days, meals, savedAt: now })];
}

/** On the owner's stream, after a save: the user's first plan (more exactly, a plan saved while none is primary) becomes primary. */
export function makePrimaryIfNone(choice: MealPlanChoice, { userId, mealPlanId, now }: { userId: string; mealPlanId: string; now: string }): AppNewEvent[] {
  if (choice.primaryMealPlanId !== null) return [];
  return [newEvent('PrimaryMealPlanSelected', { userId, mealPlanId, currentDay: 1, selectedAt: now })];
}

export interface ChoosePlan {
  userId: string;
  /** The plan's own stream, loaded by the handler. */
  plan: MealPlan;
  now: string;
}

/** On the owner's stream. Selecting the plan that is already primary changes nothing. */
export function selectPrimaryMealPlan(choice: MealPlanChoice, { userId, plan, now }: ChoosePlan): AppNewEvent[] {
  const chosen = owned(plan, userId, choice.deletedMealPlanIds);
  if (choice.primaryMealPlanId === chosen.mealPlanId) return [];
  return [newEvent('PrimaryMealPlanSelected', { userId, mealPlanId: chosen.mealPlanId, currentDay: chosen.currentDay, selectedAt: now })];
}

/** On the owner's stream, where the primary choice lives, so a concurrent select of this plan is seen. */
export function deleteMealPlan(choice: MealPlanChoice, { userId, plan, now }: ChoosePlan): AppNewEvent[] {
  const doomed = owned(plan, userId, choice.deletedMealPlanIds);
  if (choice.primaryMealPlanId === doomed.mealPlanId) throw new Rejected('conflict', PRIMARY_CANNOT_BE_DELETED);
  return [newEvent('MealPlanDeleted', { userId, mealPlanId: doomed.mealPlanId, deletedAt: now })];
}

export interface AdvanceMealDay {
  userId: string;
  deletedIds: readonly string[];
  now: string;
}

/** A meal plan is a rotation: past its last day it starts over at day 1. */
export function advanceMealDay(state: MealPlan, { userId, deletedIds, now }: AdvanceMealDay): AppNewEvent[] {
  const plan = owned(state, userId, deletedIds);
  const toDay = plan.currentDay >= plan.days ? 1 : plan.currentDay + 1;
  return [newEvent('MealPlanDayAdvanced', { mealPlanId: plan.mealPlanId, userId, fromDay: plan.currentDay, toDay, advancedAt: now })];
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
  if (meal.dayNumber !== state.currentDay) {
    throw new Rejected('conflict', `That meal is on day ${meal.dayNumber} of the plan, which is on day ${state.currentDay}`);
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
