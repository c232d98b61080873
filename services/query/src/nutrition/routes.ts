import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { requireUser, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { AnswerTexts, readAs } from '../callerDocs.js';
import { chunksOf } from '../chunks.js';
import type { QueryDeps } from '../context.js';
import type { ListedMealPlan } from '../../../../contract/nutrition/mealPlanAnswer.js';
import { pageOf } from '../paging.js';
import { listedMealPlanIds, mealPlanListsProjection, mealPlansProjection, type MealPlanListDoc, type MealPlanView } from './mealPlans.projection.js';

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

export function mealPlanQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const texts = new AnswerTexts();
  router.get('/meal-plans', requireUser(deps.tokens), async (req, res) => {
    // Every plan of the caller (at most MAX_PLANS_PER_KIND) is read with the list, in one run of reads with the role.
    const [list, plans] = await readAs(deps, res, SUBSCRIBER_ROLES, 'Meal plans need an active subscription', (userId) =>
      Promise.all([deps.readModels.get<MealPlanListDoc>(mealPlanListsProjection.name, userId), deps.readModels.range<MealPlanView>(mealPlansProjection.name, chunksOf(userId))]),
    );
    // The primary plan first, then the others newest first; a page at a time.
    const page = pageOf(req, res, listedMealPlanIds(list));
    texts.send(res, [list, ...plans], JSON.stringify(page), () => {
      const byId = new Map(plans.map((plan) => [plan.meal_plan_id, plan]));
      return page.flatMap((id) => byId.get(id) ?? []).map((plan) => asListed(plan, list!.primary_meal_plan_id));
    });
  });
  return router;
}
