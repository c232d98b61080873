import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppNewEvent } from '../../../../../events/catalog.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { parse } from '../../../../platform/http.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { idField, pathId } from '../../fields.js';
import { swapInput } from './planInput.js';
import { runFlow } from '../../flow.js';
import { planRosterRoute } from '../../plans/api.js';
import { advanceDay, restartRegimen, swapExercise, undoDayCompletion, type ProgressCommand } from './decide.js';
import { regimenProgressFlow } from './flows.js';
import type { Regimen } from './regimen.js';
import { regimens } from './roster.js';

const regimenAction = z.object({ regimenId: idField('regimenId') }).strict();

const NEEDS_SUBSCRIPTION = 'Workout plans need an active subscription';

/** Primary choice, deletion and the dashboard's day actions on a regimen. */
export function workoutRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guard = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, NEEDS_SUBSCRIPTION)];

  const roster = (type: 'SelectPrimary' | 'DeletePlan', message: string) =>
    planRosterRoute(deps, regimens, type, (regimenId) => ({ message, regimenId }));
  router.post('/user/regimens/:id/select', ...guard, roster('SelectPrimary', 'Workout plan set as primary'));
  router.delete('/user/regimens/:id', ...guard, roster('DeletePlan', 'Workout plan deleted'));

  /** Decided on the regimen named in the body; the roster says whether it is still there. */
  const onRegimen =
    (decide: (state: Regimen, command: ProgressCommand) => AppNewEvent[], message: string) => async (req: Request, res: Response) => {
      const { regimenId } = parse(regimenAction, req.body);
      const command = { userId: currentUser(res).id, regimenId, now: deps.now().toISOString() };
      const { position, after } = await runFlow(commandContext(deps, req, res), regimenProgressFlow(decide, command));
      res.json({ message, regimenId, currentDay: after.status === 'saved' ? after.currentDay : 1, position });
    };

  router.post('/dashboard/advance-workout-day', ...guard, onRegimen(advanceDay, 'Moved on to the next day'));
  router.post('/dashboard/reset-workout-progress', ...guard, onRegimen(undoDayCompletion, "Today's progress was reset"));
  router.post('/dashboard/reset-workout-regimen', ...guard, onRegimen(restartRegimen, 'Workout plan restarted from day 1'));

  // A swap changes the plan in place: the same plan, its day and its history, one version on.
  router.post('/user/regimens/:id/swap', ...guard, async (req, res) => {
    const regimenId = pathId(req.params.id, regimens.noSuchPlan);
    const { workoutId, name } = parse(swapInput, req.body);
    const command = { userId: currentUser(res).id, regimenId, now: deps.now().toISOString() };
    const { position, after } = await runFlow(commandContext(deps, req, res), regimenProgressFlow((state, c) => swapExercise(state, { ...c, workoutId, name }), command));
    const version = after.status === 'saved' ? after.version : 1;
    // The line as it now reads: a hold's name says its time.
    const line = after.status === 'saved' ? after.days.flatMap((d) => d.exercises).find((e) => e.workoutId === workoutId) : undefined;
    res.json({ message: 'Exercise swapped in your plan', regimenId, workoutId, name: line?.name ?? name, version, position });
  });

  return router;
}
