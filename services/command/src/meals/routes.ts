import { Router, type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppNewEvent, EventData, EventType } from '../../../../events/catalog.js';
import { mealPlanStream, userStream } from '../../../../events/streams.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { Rejected } from '../../../../events/rejected.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, load } from '../execute.js';
import { advanceMealDay, deleteMealPlan, logMeal, NO_SUCH_MEAL, NO_SUCH_PLAN, NOTHING_TO_UNDO, selectPrimaryMealPlan, undoMeal } from './decide.js';
import { mealPlan } from './mealPlan.js';
import { mealPlanChoice, timeZoneOf } from './mealPlanChoice.js';

const id = (field: string) =>
  z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(100, `${field} must be at most 100 characters`);
const advanceInput = z.object({ mealPlanId: id('mealPlanId') }).strict();
const logInput = z.object({ mealPlanMealId: id('mealPlanMealId') }).strict();
const undoInput = z.object({}).strict();

/** An id in the path that no plan could have is answered like an unknown one. */
function pathId(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) throw new Rejected('not_found', NO_SUCH_PLAN);
  return value;
}

/** The data of the event of that type among those just decided. */
const dataOf = <T extends EventType>(events: AppNewEvent[], type: T) => events.find((event) => event.type === type)?.data as EventData<T> | undefined;

/** Make primary, delete, and the dashboard's meal actions: advance the day, log a meal, undo the last one. */
export function mealPlanRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { store } = deps;
  const guards = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Meal plans need an active subscription')];

  /** Select and delete are both decided on the user's plan choices, knowing the plan they name. */
  const choiceRoute =
    (decide: typeof selectPrimaryMealPlan | typeof deleteMealPlan, message: string): RequestHandler =>
    async (req, res) => {
      const mealPlanId = pathId(req.params.id);
      const userId = currentUser(res).id;
      const now = deps.now().toISOString();
      const { state: plan } = await load(store, mealPlanStream(mealPlanId), mealPlan);
      const { position } = await execute(commandContext(deps, req, res), userStream(userId), mealPlanChoice, (choice) =>
        decide(choice, { userId, plan, now }),
      );
      res.json({ message, mealPlanId, position });
    };
  router.post('/user/meal-plans/:id/select', ...guards, choiceRoute(selectPrimaryMealPlan, 'Meal plan set as primary'));
  router.delete('/user/meal-plans/:id', ...guards, choiceRoute(deleteMealPlan, 'Meal plan deleted'));

  router.post('/dashboard/advance-meal-day', ...guards, async (req, res) => {
    const { mealPlanId } = parse(advanceInput, req.body);
    const userId = currentUser(res).id;
    const now = deps.now().toISOString();
    const { state: choice } = await load(store, userStream(userId), mealPlanChoice);
    const { position, events } = await execute(commandContext(deps, req, res), mealPlanStream(mealPlanId), mealPlan, (state) =>
      advanceMealDay(state, { userId, deletedIds: choice.deletedMealPlanIds, now }),
    );
    const currentDay = dataOf(events, 'MealPlanDayAdvanced')!.toDay;
    res.json({ message: `Meal plan moved to day ${currentDay}`, mealPlanId, currentDay, position });
  });

  router.post('/dashboard/log-meal', ...guards, async (req, res) => {
    const { mealPlanMealId } = parse(logInput, req.body);
    const userId = currentUser(res).id;
    const now = deps.now().toISOString();
    // Meals are logged against the primary plan, the one the dashboard shows; the user's stream says which it is.
    const { state: choice } = await load(store, userStream(userId), mealPlanChoice);
    const mealPlanId = choice.primaryMealPlanId;
    if (!mealPlanId) throw new Rejected('not_found', NO_SUCH_MEAL);
    const { position } = await execute(commandContext(deps, req, res), mealPlanStream(mealPlanId), mealPlan, (state) =>
      logMeal(state, { userId, mealPlanMealId, mealLogId: randomUUID(), now, timeZone: timeZoneOf(choice) }),
    );
    res.status(201).json({ message: 'Meal logged', mealPlanId, mealPlanMealId, loggedAt: now, position });
  });

  router.post('/dashboard/undo-meal', ...guards, async (req, res) => {
    parse(undoInput, req.body);
    const userId = currentUser(res).id;
    const now = deps.now().toISOString();
    const { state: choice } = await load(store, userStream(userId), mealPlanChoice);
    const mealPlanId = choice.primaryMealPlanId;
    if (!mealPlanId) throw new Rejected('conflict', NOTHING_TO_UNDO);
    const { position, events } = await execute(commandContext(deps, req, res), mealPlanStream(mealPlanId), mealPlan, (state) =>
      undoMeal(state, { userId, now, timeZone: timeZoneOf(choice) }),
    );
    const undone = dataOf(events, 'MealLogUndone')!;
    res.json({ message: 'Meal log undone', mealPlanId, mealPlanMealId: undone.mealPlanMealId, loggedAt: undone.loggedAt, position });
  });

  return router;
}
