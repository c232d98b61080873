import { Router } from 'express';
import { currentUser } from '../../../platform/auth.js';
import type { QueryDeps } from '../context.js';
import { subscriberGuard, userFactsAt } from '../progress/factsAt.js';
import { dashboardSummary } from './summary.js';

/** GET /api/dashboard/summary: drawn at request time from the same facts as the progress page. */
export function dashboardQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get('/dashboard/summary', ...subscriberGuard(deps), async (req, res) => {
    const { facts, now } = await userFactsAt(deps, currentUser(res).id, req.query.asOf);
    res.json(dashboardSummary(facts, now));
  });
  return router;
}
