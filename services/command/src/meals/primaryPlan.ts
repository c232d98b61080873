import { mealPlanStream, userStream } from '../../../../events/streams.js';
import type { EventStore } from '../../../../events/store/port.js';
import type { ReferencedMealPlan } from '../../../coach/types.js';
import { load } from '../execute.js';
import { mealPlan } from './mealPlan.js';
import { mealPlanChoice } from './mealPlanChoice.js';

/** The user's primary meal plan as the log has it now (the owner's choices, then the plan's own stream), or null. */
export async function loadPrimaryMealPlan(store: EventStore, userId: string): Promise<ReferencedMealPlan | null> {
  const { state: choice } = await load(store, userStream(userId), mealPlanChoice);
  const mealPlanId = choice.primaryMealPlanId;
  if (mealPlanId === null || choice.deletedMealPlanIds.includes(mealPlanId)) return null;
  const { state: plan } = await load(store, mealPlanStream(mealPlanId), mealPlan);
  if (plan.status === 'none' || plan.userId !== userId) return null;
  const { name, dietType, calorieGoal, description, currentDay, days, meals } = plan;
  return { mealPlanId, name, dietType, calorieGoal, description, currentDay, days, meals };
}
