import { Router } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import type { QueryDeps } from '../context.js';
import type { MealPlansDoc, MealPlanView } from './mealPlans.projection.js';

/** Spec §3 "Meal plan", plus whether it is the primary one. */
const asListed = (plan: MealPlanView, primaryId: string | null) => ({
  meal_plan_id: plan.meal_plan_id,
  name: plan.name,
  diet_type: plan.diet_type,
  calorie_goal: plan.calorie_goal,
  description: plan.description,
  current_day: plan.current_day,
  is_primary: plan.meal_plan_id === primaryId,
  meals: plan.meals,
});

export function mealPlanQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get(
    '/meal-plans',
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Meal plans need an active subscription'),
    async (_req, res) => {
      const doc = await deps.readModels.get<MealPlansDoc>('mealPlans', currentUser(res).id);
      const primaryId = doc?.primary_meal_plan_id ?? null;
      // The primary plan first (spec §4), then the others newest first.
      const plans = [...(doc?.plans ?? [])].reverse().sort((a, b) => Number(b.meal_plan_id === primaryId) - Number(a.meal_plan_id === primaryId));
      res.json(plans.map((plan) => asListed(plan, primaryId)));
    },
  );
  return router;
}
