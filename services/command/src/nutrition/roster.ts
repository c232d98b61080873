import { newEvent } from '../../../../events/catalog.js';
import { mealPlanRosterStream, mealPlanStream } from '../../../../events/streams.js';
import { MAX_PLANS_PER_KIND } from '../../../../contract/plans/planLimits.js';
import { planKind, type DeletedFact, type ListedFact, type SelectedFact } from '../plans/api.js';
import { mealPlan } from './mealPlan.js';

/** Meal plans as a kind of plan: their roster is on the user's own stream (see `mealPlanRosterStream`). */
export const mealPlans = planKind({
  streams: { roster: mealPlanRosterStream, plan: mealPlanStream },
  plan: mealPlan,
  events: {
    // The meal plan's event never named the plan it replaces.
    selected: ({ userId, planId, currentDay, now }: SelectedFact) => newEvent('PrimaryMealPlanSelected', { userId, mealPlanId: planId, currentDay, selectedAt: now }),
    deleted: ({ userId, planId, now }: DeletedFact) => newEvent('MealPlanDeleted', { userId, mealPlanId: planId, deletedAt: now }),
    listed: ({ userId, planId, name, now }: ListedFact) => newEvent('MealPlanListed', { userId, mealPlanId: planId, listedAt: now, name }),
  },
  id: 'mealPlanId',
  words: {
    noSuchPlan: 'No such meal plan',
    primaryCannotBeDeleted: 'The primary meal plan cannot be deleted. Make another plan primary first.',
    full: `You have ${MAX_PLANS_PER_KIND} saved meal plans, the most one account keeps. Delete one you no longer use to save another.`,
  },
});
