import { Router, type RequestHandler } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { badRequest, parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { noBody, pathId } from '../fields.js';
import { runFlow } from '../flow.js';
import { saveMealPlan } from '../meals/savePlan.js';
import { saveWorkoutPlan } from '../workouts/savePlan.js';
import { choosePlan, type PlanKind } from './roster.js';

/** POST /api/savePlan takes both kinds of AI plan; `planType` says which slice it belongs to. */
export function planRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post(
    '/savePlan',
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Saving plans needs an active subscription'),
    async (req, res) => {
      const planType = (req.body as { planType?: unknown } | undefined)?.planType;
      if (planType === 'workout') return saveWorkoutPlan(deps, req, res);
      if (planType === 'meal') return saveMealPlan(deps, req, res);
      throw badRequest("planType must be 'meal' or 'workout'");
    },
  );
  return router;
}

/**
 * Make primary (`SelectPrimary`) or delete (`DeletePlan`) the plan of `kind` named in the path, for any kind of plan:
 * no body, decided on the user's roster; the answer is `answer(planId)` with the position.
 */
export const planRosterRoute =
  (deps: CommandDeps, kind: PlanKind, type: 'SelectPrimary' | 'DeletePlan', answer: (planId: string) => object): RequestHandler =>
  async (req, res) => {
    parse(noBody, req.body);
    const planId = pathId(req.params.id, kind.noSuchPlan);
    const command = { type, userId: currentUser(res).id, planId, now: deps.now().toISOString() };
    const { position } = await runFlow(commandContext(deps, req, res), choosePlan(kind, command));
    res.json({ ...answer(planId), position });
  };
