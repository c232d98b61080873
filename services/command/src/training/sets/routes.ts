import { Router, type Request } from 'express';
import { sessionOfSet } from '../../../../../events/sets.js';
import { sessionStream } from '../../../../../events/streams.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { parse } from '../../../../platform/http.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { actedAt, noBody, pathId } from '../../fields.js';
import { execute } from '../../execute.js';
import { Rejected } from '../../../../../events/rejected.js';
import { runFlow } from '../../flow.js';
import { deleteSet, NO_SUCH_SET, setNumberOf } from './decide.js';
import { recordSet } from './flows.js';
import { entryOfSet, logSetInput } from './input.js';
import { setLog } from './setLog.js';

/** Set-by-set logging in a workout session, beside the whole-exercise log-exercise call. */
export function setRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guard = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Workout sessions need an active subscription')];
  /** When the person acted (fields.ts). */
  const now = (req: Request) => actedAt(req.get('x-acted-at'), deps.now());

  router.post('/workout-session/log-set', ...guard, async (req, res) => {
    const input = parse(logSetInput, req.body);
    const userId = currentUser(res).id;
    const at = now(req);
    const entry = entryOfSet(input);
    const { position, events, before } = await runFlow(commandContext(deps, req, res), recordSet({ userId, sessionId: input.sessionId, entry, now: at }));
    const logged = events[0];
    if (logged?.type !== 'SetLogged') throw new Error('logSet decided no SetLogged');
    const { setId, exercise } = logged.data;
    res.status(201).json({ setId, position, setNumber: setNumberOf(before, exercise), exercise, exerciseName: entry.exercise.name });
  });

  router.delete('/workout-session/sets/:setId', ...guard, async (req, res) => {
    parse(noBody, req.body ?? {});
    const setId = pathId(req.params.setId, NO_SUCH_SET);
    const sessionId = sessionOfSet(setId);
    if (!sessionId) throw new Rejected('not_found', NO_SUCH_SET);
    const userId = currentUser(res).id;
    const at = now(req);
    const { position } = await execute(commandContext(deps, req, res), sessionStream(sessionId), setLog, (state) => deleteSet(state, { userId, setId, now: at }));
    res.json({ message: 'Set deleted', setId, position });
  });

  return router;
}
