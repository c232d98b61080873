import { Router, type Request } from 'express';
import { z } from 'zod';
import { ownExercisesStream } from '../../../../../events/streams.js';
import { TRAINING } from '../../../../../events/bounds.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { parse } from '../../../../platform/http.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { actedAt, text } from '../../fields.js';
import { execute } from '../../execute.js';
import { mergeExercise, splitExercise } from './decide.js';
import { merges } from './merges.js';

const key = (what: string) => text(what, TRAINING.exerciseKey);
const mergeInput = z.object({ exercise: key('exercise'), into: key('into') }).strict();
const splitInput = z.object({ exercise: key('exercise') }).strict();

/** Merging a custom exercise into another, and undoing it: the records and history read follow. */
export function exerciseRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guard = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Exercises need an active subscription')];
  /** When the person acted (fields.ts). */
  const now = (req: Request) => actedAt(req.get('x-acted-at'), deps.now());

  router.post('/exercises/merge', ...guard, async (req, res) => {
    const { exercise, into } = parse(mergeInput, req.body);
    const userId = currentUser(res).id;
    const at = now(req);
    const { position } = await execute(commandContext(deps, req, res), ownExercisesStream(userId), merges, (state) => mergeExercise(state, { userId, exercise, into, now: at }));
    res.json({ message: 'Exercise merged', exercise, into, position });
  });

  router.post('/exercises/split', ...guard, async (req, res) => {
    const { exercise } = parse(splitInput, req.body);
    const userId = currentUser(res).id;
    const at = now(req);
    const { position } = await execute(commandContext(deps, req, res), ownExercisesStream(userId), merges, (state) => splitExercise(state, { userId, exercise, now: at }));
    res.json({ message: 'Merge undone', exercise, position });
  });

  return router;
}
