import { Router } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import { badRequest, jsonBody } from '../../platform/http.js';
import { budgetsOf, rateCounter, type CountStore } from '../../platform/rateLimit.js';
import { nextTurn } from '../../platform/turns.js';
import type { CommandDeps } from './context.js';
import { saveMealPlan } from './nutrition/api.js';
import { saveWorkoutPlan } from './training/api.js';

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
 * POST /api/savePlan takes both kinds of AI plan; `planType` says which slice it belongs to. It lives beside app.ts,
 * not in a slice: it only dispatches to the two slices' own saves, and a slice importing both would tie them together.
 * Mounted before the general JSON parser: it reads its own body once the sign-in, the role and the budget are checked.
 */
export function savePlanRoutes(deps: CommandDeps): Router {
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
      // Reading and parsing the body (up to 100 KB) took this turn; checking it, deciding and appending take the next.
      await nextTurn();
      if (planType === 'workout') return saveWorkoutPlan(deps, req, res);
      if (planType === 'meal') return saveMealPlan(deps, req, res);
      throw badRequest("planType must be 'meal' or 'workout'");
    },
  );
  return router;
}
