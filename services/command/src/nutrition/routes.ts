import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppNewEvent, EventData, EventType } from '../../../../events/catalog.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { idField, noBody } from '../fields.js';
import { runFlow } from '../flow.js';
import { planRosterRoute } from '../plans/api.js';
import { advanceMealDayFlow, logMealFlow, undoMealFlow } from './flows.js';
import { mealPlans } from './roster.js';

const advanceInput = z.object({ mealPlanId: idField('mealPlanId') }).strict();
const logInput = z.object({ mealPlanMealId: idField('mealPlanMealId') }).strict();

/** The data of the event of that type among those just decided. */
const dataOf = <T extends EventType>(events: AppNewEvent[], type: T) => events.find((event) => event.type === type)?.data as EventData<T> | undefined;

/** Make primary, delete, and the dashboard's meal actions: advance the day, log a meal, undo the last one. */
export function mealPlanRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guards = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Meal plans need an active subscription')];

  const roster = (type: 'SelectPrimary' | 'DeletePlan', message: string) =>
    planRosterRoute(deps, mealPlans, type, (mealPlanId) => ({ message, mealPlanId }));
  router.post('/user/meal-plans/:id/select', ...guards, roster('SelectPrimary', 'Meal plan set as primary'));
  router.delete('/user/meal-plans/:id', ...guards, roster('DeletePlan', 'Meal plan deleted'));

  router.post('/dashboard/advance-meal-day', ...guards, async (req, res) => {
    const { mealPlanId } = parse(advanceInput, req.body);
    const command = { userId: currentUser(res).id, mealPlanId, now: deps.now().toISOString() };
    const { position, events } = await runFlow(commandContext(deps, req, res), advanceMealDayFlow(command));
    const currentDay = dataOf(events, 'MealPlanDayAdvanced')!.toDay;
    res.json({ message: `Meal plan moved to day ${currentDay}`, mealPlanId, currentDay, position });
  });

  router.post('/dashboard/log-meal', ...guards, async (req, res) => {
    const { mealPlanMealId } = parse(logInput, req.body);
    const now = deps.now().toISOString();
    const command = { userId: currentUser(res).id, mealPlanMealId, mealLogId: randomUUID(), now };
    const { position, mealPlanId } = await runFlow(commandContext(deps, req, res), logMealFlow(command));
    res.status(201).json({ message: 'Meal logged', mealPlanId, mealPlanMealId, loggedAt: now, position });
  });

  router.post('/dashboard/undo-meal', ...guards, async (req, res) => {
    parse(noBody, req.body);
    const command = { userId: currentUser(res).id, now: deps.now().toISOString() };
    const { position, events, mealPlanId } = await runFlow(commandContext(deps, req, res), undoMealFlow(command));
    const undone = dataOf(events, 'MealLogUndone')!;
    res.json({ message: 'Meal log undone', mealPlanId, mealPlanMealId: undone.mealPlanMealId, loggedAt: undone.loggedAt, position });
  });

  return router;
}
