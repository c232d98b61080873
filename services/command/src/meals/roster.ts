import { newEvent } from '../../../../events/catalog.js';
import { mealPlanRosterStream, mealPlanStream } from '../../../../events/streams.js';
import { planKind } from '../plans/roster.js';
import { mealPlan } from './mealPlan.js';

export const NO_SUCH_PLAN = 'No such meal plan';
export const PRIMARY_CANNOT_BE_DELETED = 'The primary meal plan cannot be deleted. Make another plan primary first.';

/** Meal plans as a kind of plan: their roster is on the user's own stream. */
export const mealPlans = planKind({
  rosterStream: mealPlanRosterStream,
  selectedIn: (event) => (event.type === 'PrimaryMealPlanSelected' ? event.data.mealPlanId : undefined),
  deletedIn: (event) => (event.type === 'MealPlanDeleted' ? event.data.mealPlanId : undefined),
  // The meal plan's event never named the plan it replaces.
  selected: ({ userId, planId, currentDay, now }) => newEvent('PrimaryMealPlanSelected', { userId, mealPlanId: planId, currentDay, selectedAt: now }),
  deleted: ({ userId, planId, now }) => newEvent('MealPlanDeleted', { userId, mealPlanId: planId, deletedAt: now }),
  planStream: mealPlanStream,
  plan: mealPlan,
  refOf: (p) => (p.status === 'none' ? p : { status: 'saved', planId: p.mealPlanId, userId: p.userId, currentDay: p.currentDay }),
  noSuchPlan: NO_SUCH_PLAN,
  primaryCannotBeDeleted: PRIMARY_CANNOT_BE_DELETED,
});
