/**
 * What other slices (and the workers) may read of meals: the meal plans and meal logs docs, their projections, the
 * primary plan and today's meals.
 */
export { type MealLogsDoc, mealLogView, type MealLogView } from './mealLogs.projection.js';
export { joinMealPlans, type MealPlanListDoc, mealPlanKey, mealPlanListsProjection, type MealPlansDoc, mealPlansProjection, type MealPlanView, primaryPlanOf } from './mealPlans.projection.js';
export { mealDayToday } from './today.js';
export { type FoodEntryView, type FoodLogsDoc } from './foodLogs.projection.js';
export { dayTargets, eaten, foodDayFrom, totalsByDay } from './foodDay.js';
