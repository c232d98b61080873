import { Router } from 'express';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { notFound, parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { noBody } from '../fields.js';
import { runFlow } from '../flow.js';
import { showUpFlow } from './showUpFlow.js';

/**
 * Being signed in: the app saying the person opened it (the streak's days), and signing out: this device, another
 * of the caller's devices (from /prof), or every device at once.
 */
export function signInRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { tokens } = deps;

  // Any signed-in person, whatever their role: the streak is everyone's. Sent on each start of the app; only the
  // day's first is appended.
  router.post('/showed-up', requireUser(tokens), async (req, res) => {
    parse(noBody, req.body);
    const { position, events } = await runFlow(commandContext(deps, req, res), showUpFlow({ userId: currentUser(res).id, now: deps.now().toISOString() }));
    res.json({ recorded: events.length > 0, position });
  });

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
