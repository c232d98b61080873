import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import type { QueryDeps } from '../context.js';
import { importsProjection, type ImportsDoc } from './imports.projection.js';

/** GET /api/imports: the user's imports, newest first, with where each stands. */
export function importQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const guard = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Importing workouts needs an active subscription')];
  router.get('/imports', ...guard, async (_req, res) => {
    const doc = await deps.readModels.get<ImportsDoc>(importsProjection.name, currentUser(res).id);
    res.json([...(doc?.imports ?? [])].reverse());
  });
  return router;
}
