import { Router } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import type { QueryDeps } from '../context.js';
import type { ListedMealPlan } from './mealPlanAnswer.js';
import { pageOf } from '../paging.js';
import { listedMealPlanIds, mealPlanKey, mealPlanListsProjection, mealPlansProjection, type MealPlanListDoc, type MealPlanView } from './mealPlans.projection.js';

/** A meal plan as GET /api/meal-plans lists it, plus whether it is the primary one. */
const asListed = (plan: MealPlanView, primaryId: string | null): ListedMealPlan => ({
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
    async (req, res) => {
      const userId = currentUser(res).id;
      const list = await deps.readModels.get<MealPlanListDoc>(mealPlanListsProjection.name, userId);
      // The primary plan first, then the others newest first; a page at a time.
      const page = pageOf(req, res, listedMealPlanIds(list));
      const plans = await Promise.all(page.map((id) => deps.readModels.get<MealPlanView>(mealPlansProjection.name, mealPlanKey(userId, id))));
      res.json(plans.flatMap((plan) => (plan ? [asListed(plan, list!.primary_meal_plan_id)] : [])));
    },
  );
  return router;
}
