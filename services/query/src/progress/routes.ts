import { Router } from 'express';
import { currentUser } from '../../../platform/auth.js';
import type { QueryDeps } from '../context.js';
import { subscriberGuard, userFactsAt } from './factsAt.js';
import { progressOverview } from './overview.js';

/** GET /api/progress/overview: drawn at request time from the same facts as the dashboard. */
export function progressQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get('/progress/overview', ...subscriberGuard(deps), async (req, res) => {
    const { facts, now } = await userFactsAt(deps, currentUser(res).id, req.query.asOf);
    res.json(progressOverview(facts, now));
  });
  return router;
}
