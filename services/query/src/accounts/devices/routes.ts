import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { currentUser, requireUser } from '../../../../platform/auth.js';
import { describeDevice } from '../../../../platform/signIns.js';
import type { QueryDeps } from '../../context.js';
import type { Device } from '../../../../../contract/accounts/deviceAnswer.js';

/** The caller's signed-in devices, for /prof: when, which browser, and which one is this one. */
export function deviceQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get('/devices', requireUser(deps.tokens), async (_req, res) => {
    const { id, sid } = currentUser(res);
    const signIns = await deps.tokens.signIns.list(id);
    res.json(signIns.map((s): Device => ({ id: s.id, signedInAt: s.signedInAt, device: describeDevice(s.userAgent), current: s.id === sid })));
  });
  return router;
}
