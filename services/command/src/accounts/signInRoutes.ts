import { Router } from 'express';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { notFound } from '../../../platform/http.js';
import type { CommandDeps } from '../context.js';

/** Signing out: this device, another of the caller's devices (from /prof), or every device at once. */
export function signInRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { tokens } = deps;

  router.post('/logout', requireUser(tokens), async (_req, res) => {
    const { id, sid } = currentUser(res);
    await tokens.endSignIn(id, sid);
    res.status(204).end();
  });

  router.post('/logout-all', requireUser(tokens), async (_req, res) => {
    await tokens.endSignIns(currentUser(res).id);
    res.status(204).end();
  });

  router.delete('/devices/:id', requireUser(tokens), async (req, res) => {
    // Another user's sign-in is answered as one that does not exist, so ids cannot be probed.
    if (!(await tokens.endSignIn(currentUser(res).id, String(req.params.id)))) throw notFound('No such signed-in device');
    res.status(204).end();
  });

  return router;
}
