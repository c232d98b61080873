import { Router, type RequestHandler } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import type { Config } from '../../../platform/config.js';
import { badRequest, jsonBody, parse } from '../../../platform/http.js';
import { budgetsOf, rateCounter, type CountStore } from '../../../platform/rateLimit.js';
import { commandContext, type CommandDeps } from '../context.js';
import { noBody, pathId } from '../fields.js';
import { runFlow } from '../flow.js';
import { saveMealPlan } from '../meals/savePlan.js';
import { saveWorkoutPlan } from '../workouts/savePlan.js';
import { choosePlan, type PlanKind } from './roster.js';

/**
 * Each user's plan saves in an hour. A person saves a plan from the chat or the starter plans now and then; a script
 * saving one after another costs every other user the reading and checking of up to 100 KB each time. Every save
 * with a plan type counts (one the schema refuses too: checking it was the cost); past the budget, 429 with
 * Retry-After before the body is read.
 */
const planSaveLimits = (config: Config, counts: CountStore) =>
  budgetsOf([
    {
      counter: rateCounter({ points: config.PLAN_SAVES_MAX_PER_HOUR, windowSeconds: 3600, keyPrefix: 'plan-save-hour' }, counts),
      refusal: (wait: string) => `You have saved ${config.PLAN_SAVES_MAX_PER_HOUR} plans in the last hour. You can save another in ${wait}.`,
    },
  ]);

/**
 * POST /api/savePlan takes both kinds of AI plan; `planType` says which slice it belongs to. Mounted before the
 * general JSON parser: it reads its own body once the sign-in, the role and the budget are checked.
 */
export function planRoutes(deps: CommandDeps): Router {
  const router = Router();
  const limits = planSaveLimits(deps.config, deps.counts);
  router.post(
    '/savePlan',
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Saving plans needs an active subscription'),
    (_req, res, next) => limits.refuseWhenSpent(currentUser(res).id, res).then(() => next(), next),
    jsonBody(),
    async (req, res) => {
      const planType = (req.body as { planType?: unknown } | undefined)?.planType;
      if (planType === 'workout' || planType === 'meal') await limits.spend(currentUser(res).id, res);
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
