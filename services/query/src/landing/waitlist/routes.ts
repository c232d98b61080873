import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { ADMIN_ROLES, signedInAs } from '../../../../platform/auth.js';
import type { QueryDeps } from '../../context.js';
import { waitlistList, type WaitlistDoc } from './waitlist.projection.js';

/** The team's view of who is waiting for launch; staff only, as it holds visitors' addresses. */
export function waitlistQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get(
    '/waitlist',
    ...signedInAs(deps.tokens, deps.roleOf, ADMIN_ROLES, 'Only admins can see the waitlist'),
    async (_req, res) => {
      res.json(waitlistList(await deps.readModels.list<WaitlistDoc>('waitlist')));
    },
  );
  return router;
}
