import { newEvent } from '../../events/catalog.js';
import type { MealTime } from '../../contract/nutrition/mealTimes.js';
import type { PlannedMeal } from '../../events/mealPlan.js';

export const T0 = '2026-11-18T15:00:00.000Z'; // 10:00 in New York

export const meal = (mealPlanMealId: string, dayNumber: number, mealTime: MealTime, calories = 400): PlannedMeal => ({
  mealPlanMealId,
  dayNumber,
  mealTime,
  name: `${mealTime} of day ${dayNumber}`,
  calories,
  proteinGrams: 30,
  carbsGrams: 40,
  fatsGrams: 10,
  allergens: null,
});

/** A two-day plan: day 1 has breakfast and lunch, day 2 a dinner. */
export const planSaved = (mealPlanId = 'plan-1', userId = 'user-1', meals = [meal('m1', 1, 'Breakfast'), meal('m2', 1, 'Lunch', 600), meal('m3', 2, 'Dinner')]) =>
  newEvent('MealPlanSaved', {
    mealPlanId,
    userId,
    name: `Plan ${mealPlanId}`,
    description: 'Two easy days',
    dietType: 'Balanced',
    calorieGoal: 2000,
    days: Math.max(...meals.map((m) => m.dayNumber)),
    meals,
    savedAt: T0,
  });

export const primarySelected = (mealPlanId = 'plan-1', userId = 'user-1', currentDay = 1) =>
  newEvent('PrimaryMealPlanSelected', { userId, mealPlanId, currentDay, selectedAt: T0 });

export const planDeleted = (mealPlanId: string, userId = 'user-1') => newEvent('MealPlanDeleted', { userId, mealPlanId, deletedAt: T0 });

export const dayAdvanced = (fromDay: number, toDay: number, mealPlanId = 'plan-1', userId = 'user-1') =>
  newEvent('MealPlanDayAdvanced', { mealPlanId, userId, fromDay, toDay, advancedAt: T0 });

export const mealLogged = (mealLogId: string, planned: PlannedMeal, loggedAt: string, mealPlanId = 'plan-1', userId = 'user-1') =>
  newEvent('MealLogged', {
    mealLogId,
    mealPlanId,
    userId,
    mealPlanMealId: planned.mealPlanMealId,
    dayNumber: planned.dayNumber,
    mealTime: planned.mealTime,
    name: planned.name,
    calories: planned.calories,
    proteinGrams: planned.proteinGrams,
    carbsGrams: planned.carbsGrams,
    fatsGrams: planned.fatsGrams,
    loggedAt,
  });

export const logUndone = (mealLogId: string, mealPlanMealId: string, loggedAt: string, undoneAt: string, mealPlanId = 'plan-1', userId = 'user-1') =>
  newEvent('MealLogUndone', { mealLogId, mealPlanId, userId, mealPlanMealId, loggedAt, undoneAt });
