import { Router } from 'express';
import { minPosition, type QueryDeps } from './context.js';
import { profileQueries } from './profile/routes.js';

/** Every read of the API, mounted under /api; all of them answer from read models. */
export function queryRouter(deps: QueryDeps): Router {
  const router = Router();
  // Writes pass straight through to the command side.
  router.use((req, _res, next) => next(req.method === 'GET' || req.method === 'HEAD' ? undefined : 'router'));
  router.use(minPosition(deps));
  router.use(profileQueries(deps));
  return router;
}
