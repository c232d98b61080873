import { Router } from 'express';
import { jsonBody } from '../../platform/http.js';
import { accountRoutes } from './accounts/routes.js';
import type { CommandDeps } from './context.js';
import { planRoutes } from './plans/routes.js';
import { profileRoutes } from './profile/routes.js';

/** Every write of the API, mounted under /api. */
export function commandRouter(deps: CommandDeps): Router {
  const router = Router();
  router.use(jsonBody());
  router.use(accountRoutes(deps));
  router.use(profileRoutes(deps));
  router.use(planRoutes(deps));
  return router;
}
