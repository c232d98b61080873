import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppEvent, AppNewEvent } from '../../../../events/catalog.js';
import { regimenStream, workoutRosterStream } from '../../../../events/streams.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { notFound, parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, load } from '../execute.js';
import {
  advanceDay,
  deleteRegimen,
  NO_SUCH_REGIMEN,
  restartRegimen,
  selectPrimary,
  undoDayCompletion,
  type ProgressCommand,
  type RosterCommand,
} from './decide.js';
import { idField, isIdShaped, noBody } from './ids.js';
import { regimen, type Regimen } from './regimen.js';
import { roster, type Roster } from './roster.js';

const regimenAction = z.object({ regimenId: idField('regimenId') }).strict();

const NEEDS_SUBSCRIPTION = 'Workout plans need an active subscription';

/** Primary choice, deletion and the dashboard's day actions on a regimen. */
export function workoutRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guard = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, NEEDS_SUBSCRIPTION)];

  /** Decides on the roster, about the regimen named in the path. */
  const onRoster =
    (decide: (state: Roster, command: RosterCommand) => AppNewEvent[], message: string) => async (req: Request, res: Response) => {
      parse(noBody, req.body);
      const regimenId = req.params.id;
      if (!isIdShaped(regimenId)) throw notFound(NO_SUCH_REGIMEN);
      const userId = currentUser(res).id;
      const { state } = await load(deps.store, regimenStream(regimenId), regimen);
      const now = deps.now().toISOString();
      const { position } = await execute(commandContext(deps, req, res), workoutRosterStream(userId), roster, (current) =>
        decide(current, { userId, regimen: state, now }),
      );
      res.json({ message, regimenId, position });
    };

  router.post('/user/regimens/:id/select', ...guard, onRoster(selectPrimary, 'Workout plan set as primary'));
  router.delete('/user/regimens/:id', ...guard, onRoster(deleteRegimen, 'Workout plan deleted'));

  /** Decides on the regimen named in the body; the roster says whether it is still there. */
  const onRegimen =
    (decide: (state: Regimen, command: ProgressCommand) => AppNewEvent[], message: string) => async (req: Request, res: Response) => {
      const { regimenId } = parse(regimenAction, req.body);
      const userId = currentUser(res).id;
      const { state: owner } = await load(deps.store, workoutRosterStream(userId), roster);
      const deleted = owner.deletedRegimenIds.includes(regimenId);
      const now = deps.now().toISOString();
      let after = regimen.initialState as Regimen;
      const { position } = await execute(commandContext(deps, req, res), regimenStream(regimenId), regimen, (state) => {
        const events = decide(state, { userId, deleted, now });
        // The answer tells the day the regimen is on now; the decided events are folded like stored ones.
        after = events.reduce((s, e) => regimen.evolve(s, e as AppEvent), state);
        return events;
      });
      res.json({ message, regimenId, currentDay: after.status === 'saved' ? after.currentDay : 1, position });
    };

  router.post('/dashboard/advance-workout-day', ...guard, onRegimen(advanceDay, 'Moved on to the next day'));
  router.post('/dashboard/reset-workout-progress', ...guard, onRegimen(undoDayCompletion, "Today's progress was reset"));
  router.post('/dashboard/reset-workout-regimen', ...guard, onRegimen(restartRegimen, 'Workout plan restarted from day 1'));

  return router;
}
