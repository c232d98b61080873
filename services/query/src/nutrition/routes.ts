import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { requireUser, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { AnswerTexts, readAs } from '../callerDocs.js';
import { chunksOf } from '../chunks.js';
import type { QueryDeps } from '../context.js';
import type { ListedMealPlan } from '../../../../contract/nutrition/mealPlanAnswer.js';
import { pageOf } from '../paging.js';
import { listedMealPlanIds, mealDayOn, mealPlanListsProjection, mealPlansProjection, type MealPlanListDoc, type MealPlanView } from './mealPlans.projection.js';
import type { ProfileDoc } from '../accounts/api.js';
import { localDate } from '../../../platform/time.js';

/** A meal plan as GET /api/meal-plans lists it, plus whether it is the primary one; its day is today's, by the date. */
const asListed = (plan: MealPlanView, primaryId: string | null, now: Date, timeZone: string): ListedMealPlan => ({
  meal_plan_id: plan.meal_plan_id,
  name: plan.name,
  diet_type: plan.diet_type,
  calorie_goal: plan.calorie_goal,
  description: plan.description,
  current_day: mealDayOn(plan, now, timeZone),
  is_primary: plan.meal_plan_id === primaryId,
  meals: plan.meals,
});

export function mealPlanQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const texts = new AnswerTexts();
  router.get('/meal-plans', requireUser(deps.tokens), async (req, res) => {
    // Every plan of the caller (at most MAX_PLANS_PER_KIND) is read with the list, in one run of reads with the role.
    const [list, plans, profile] = await readAs(deps, res, SUBSCRIBER_ROLES, 'Meal plans need an active subscription', (userId) =>
      Promise.all([
        deps.readModels.get<MealPlanListDoc>(mealPlanListsProjection.name, userId),
        deps.readModels.range<MealPlanView>(mealPlansProjection.name, chunksOf(userId)),
        deps.readModels.get<ProfileDoc>('profiles', userId),
      ]),
    );
    // The primary plan first, then the others newest first; a page at a time.
    const page = pageOf(req, res, listedMealPlanIds(list));
    const now = deps.now();
    const timeZone = profile?.time_zone ?? 'UTC';
    // Each plan's day moves with the date, so the kept answer is kept for one local day.
    texts.send(res, [list, profile, ...plans], `${localDate(now, timeZone)} ${JSON.stringify(page)}`, () => {
      const byId = new Map(plans.map((plan) => [plan.meal_plan_id, plan]));
      return page.flatMap((id) => byId.get(id) ?? []).map((plan) => asListed(plan, list!.primary_meal_plan_id, now, timeZone));
    });
  });
  return router;
}
