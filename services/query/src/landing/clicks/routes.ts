import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { ADMIN_ROLES, signedInAs } from '../../../../platform/auth.js';
import type { QueryDeps } from '../../context.js';
import { earlyAccessClickReport, type EarlyAccessClicksDoc } from './earlyAccessClicks.projection.js';

export function metricsQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get(
    '/metrics/early-access-clicks',
    ...signedInAs(deps.tokens, deps.roleOf, ADMIN_ROLES, 'Only admins can see the metrics'),
    async (_req, res) => {
      res.json(earlyAccessClickReport(await deps.readModels.list<EarlyAccessClicksDoc>('earlyAccessClicks')));
    },
  );
  return router;
}
