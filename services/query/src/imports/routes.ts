import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { currentUser, requireUser } from '../../../platform/auth.js';
import type { QueryDeps } from '../context.js';
import { importsProjection, type ImportsDoc } from './imports.projection.js';

/**
 * GET /api/imports: the user's imports, newest first, with where each stands; for everyone, subscribed or not, since
 * one who cancelled still undoes what they imported.
 */
export function importQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get('/imports', requireUser(deps.tokens), async (_req, res) => {
    const doc = await deps.readModels.get<ImportsDoc>(importsProjection.name, currentUser(res).id);
    res.json([...(doc?.imports ?? [])].reverse());
  });
  return router;
}
