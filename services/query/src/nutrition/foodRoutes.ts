import { Router } from 'express';
import { calendarDate } from '../../../../events/bounds.js';
import { FOOD_LOG } from '../../../../contract/nutrition/foodLogLimits.js';
import type { FoodFound, FoodSearchAnswer, OwnFoodsAnswer } from '../../../../contract/nutrition/foodLogAnswer.js';
import { catalogue, type CatalogueFood } from '../../../domain/nutrition/catalogue/catalogue.js';
import { foodIndex, type FoodIndex } from '../../../domain/nutrition/catalogue/search.js';
import { requireUser, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { badRequest, queryOf } from '../../../platform/http.js';
import { localDate } from '../../../platform/time.js';
import { readAs } from '../callerDocs.js';
import { chunksOf, joinChunks, monthKey } from '../chunks.js';
import type { QueryDeps } from '../context.js';
import type { ProfileDoc } from '../accounts/api.js';
import { foodDayFrom } from './foodDay.js';
import { foodLogsProjection, ownFoodsProjection, type FoodLogsDoc, type OwnFoodsDoc } from './foodLogs.projection.js';
import type { MealLogsDoc } from './mealLogs.projection.js';
import { joinMealPlans, mealPlanListsProjection, mealPlansProjection, type MealPlanListDoc, type MealPlanView } from './mealPlans.projection.js';

const MESSAGE = 'The food log needs an active subscription';
const QUERY_LENGTH = 100;

export const asFound = (food: CatalogueFood): FoodFound => ({
  id: food.id,
  name: food.name,
  per100g: { kcal: food.kcal, protein: food.protein, carbs: food.carbs, fats: food.fat },
  portions: food.portions,
});

/** The catalogue's search index, built once, at the first search after start. */
let index: FoodIndex | undefined;
export const foodSearch = () => (index ??= foodIndex(catalogue().foods));

/** GET /api/foods?q=, GET /api/foods/mine and GET /api/food-log?date=. */
export function foodQueries(deps: QueryDeps): Router {
  const router = Router();

  router.get('/foods', requireUser(deps.tokens), async (req, res) => {
    await readAs(deps, res, SUBSCRIBER_ROLES, MESSAGE, () => Promise.resolve());
    const q = queryOf(req)?.q;
    if (typeof q !== 'string' || q.trim() === '') throw badRequest('q is required: the words of a food');
    if (q.length > QUERY_LENGTH) throw badRequest(`q must be at most ${QUERY_LENGTH} characters`);
    const answer: FoodSearchAnswer = { foods: foodSearch().search(q, FOOD_LOG.searchResults).map(asFound) };
    res.json(answer);
  });

  router.get('/foods/mine', requireUser(deps.tokens), async (_req, res) => {
    const doc = await readAs(deps, res, SUBSCRIBER_ROLES, MESSAGE, (userId) => deps.readModels.get<OwnFoodsDoc>(ownFoodsProjection.name, userId));
    const foods = (doc?.foods ?? []).map(({ last_used, ...food }) => ({ ...food, lastUsed: last_used }));
    const answer: OwnFoodsAnswer = {
      recent: foods.slice(0, FOOD_LOG.ownFoods),
      frequent: [...foods].sort((a, b) => b.times - a.times || (a.lastUsed < b.lastUsed ? 1 : -1)).slice(0, FOOD_LOG.ownFoods),
    };
    res.json(answer);
  });

  router.get('/food-log', requireUser(deps.tokens), async (req, res) => {
    const raw = queryOf(req)?.date;
    const parsed = calendarDate.safeParse(raw);
    if (raw !== undefined && !parsed.success) throw badRequest('date must be a date YYYY-MM-DD');
    const { docs, date } = await readAs(deps, res, SUBSCRIBER_ROLES, MESSAGE, async (userId) => {
      const [profile, planList, plans] = await Promise.all([
        deps.readModels.get<ProfileDoc>('profiles', userId),
        deps.readModels.get<MealPlanListDoc>(mealPlanListsProjection.name, userId),
        deps.readModels.range<MealPlanView>(mealPlansProjection.name, chunksOf(userId)),
      ]);
      if (!profile) throw badRequest('No profile for this user');
      const date = parsed.success ? parsed.data : localDate(deps.now(), profile.time_zone);
      // Only the months the day's facts are kept in, however many months the person has logged.
      const [foodLogs, ...mealLogs] = await Promise.all([
        deps.readModels.get<FoodLogsDoc>(foodLogsProjection.name, monthKey(userId, date)),
        ...utcMonthsOfDay(date).map((month) => deps.readModels.get<MealLogsDoc>('mealLogs', monthKey(userId, month))),
      ]);
      return { date, docs: { profile, foodLogs, mealLogs: joinChunks(mealLogs.filter((doc) => doc !== undefined), 'logs'), mealPlans: joinMealPlans(planList, plans) } };
    });
    res.json(foodDayFrom(docs, date));
  });

  return router;
}

/**
 * The UTC months ('YYYY-MM') that instants on a person's calendar day `date` fall in, in any zone (UTC−12 to UTC+14):
 * those of the day before and the day after, one or two. A planned meal's log is kept by the UTC month of when it was
 * logged (chunks.ts), a food entry by the month of its day.
 */
export function utcMonthsOfDay(date: string): string[] {
  const noon = Date.parse(`${date}T12:00:00Z`);
  const before = new Date(noon - 86_400_000).toISOString().slice(0, 7);
  const after = new Date(noon + 86_400_000).toISOString().slice(0, 7);
  return before === after ? [before] : [before, after];
}
