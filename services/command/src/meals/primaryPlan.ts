import { mealPlanStream } from '../../../../events/streams.js';
import type { EventStore } from '../../../../events/store/port.js';
import type { ReferencedMealPlan } from '../../../coach/types.js';
import { load } from '../execute.js';
import { primaryPlanId } from '../plans/roster.js';
import { mealPlan, type MealPlan } from './mealPlan.js';
import { mealPlans } from './roster.js';

/** The user's primary meal plan as the log has it now (the owner's roster, then the plan's own stream), or null. */
export async function loadPrimaryMealPlan(store: EventStore, userId: string): Promise<ReferencedMealPlan | null> {
  const mealPlanId = await primaryPlanId(store, mealPlans, userId);
  if (mealPlanId === null) return null;
  const { state: plan } = await load(store, mealPlanStream(mealPlanId), mealPlan);
  if (plan.status === 'none' || plan.userId !== userId) return null;
  return referencedMealPlan(plan);
}

/** What the trainer is told of a saved meal plan. */
export function referencedMealPlan(plan: Extract<MealPlan, { status: 'saved' }>): ReferencedMealPlan {
  const { mealPlanId, name, dietType, calorieGoal, description, currentDay, days, meals } = plan;
  return { mealPlanId, name, dietType, calorieGoal, description, currentDay, days, meals };
}
