import { Router } from 'express';
import { signedInAs, SUBSCRIBER_ROLES } from '../../platform/auth.js';
import { badRequest } from '../../platform/http.js';
import type { CommandDeps } from './context.js';
import { saveMealPlan } from './meals/api.js';
import { saveWorkoutPlan } from './workouts/api.js';

/**
 * POST /api/savePlan takes both kinds of AI plan; `planType` says which slice it belongs to. It lives beside app.ts,
 * not in a slice: it only dispatches to the two slices' own saves, and a slice importing both would tie them together.
 */
export function savePlanRoutes(deps: CommandDeps): Router {
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
