import { Router } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { notFound } from '../../../platform/http.js';
import { roleFromReadModel, type QueryDeps } from '../context.js';
import { dashboardSummary } from '../dashboard/summary.js';
import { progressOverview } from './overview.js';
import { loadUserFacts } from './userFacts.js';

/** GET /api/dashboard/summary and GET /api/progress/overview: both drawn from the same facts, at request time. */
export function progressQueries(deps: QueryDeps): Router {
  const router = Router();
  const guard = [
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'The dashboard and progress need an active subscription'),
  ];
  const factsOf = async (userId: string) => {
    const facts = await loadUserFacts(deps.readModels, userId);
    if (!facts) throw notFound('No profile for this user');
    return facts;
  };
  router.get('/dashboard/summary', ...guard, async (_req, res) => {
    res.json(dashboardSummary(await factsOf(currentUser(res).id), deps.now()));
  });
  router.get('/progress/overview', ...guard, async (_req, res) => {
    res.json(progressOverview(await factsOf(currentUser(res).id), deps.now()));
  });
  return router;
}
