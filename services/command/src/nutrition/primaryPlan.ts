import type { ReferencedMealPlan } from '../../../domain/coach/types.js';
import type { MealPlan } from './mealPlan.js';

/** What the trainer is told of a saved meal plan. */
export function referencedMealPlan(plan: Extract<MealPlan, { status: 'saved' }>): ReferencedMealPlan {
  const { mealPlanId, name, dietType, calorieGoal, description, currentDay, days, meals } = plan;
  return { mealPlanId, name, dietType, calorieGoal, description, currentDay, days, meals };
}
