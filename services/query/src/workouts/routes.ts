import { Router, type Request, type Response } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { notFound } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import { regimenList, regimenWorkouts, type RegimensDoc } from './regimens.projection.js';

export function workoutQueries(deps: QueryDeps): Router {
  const router = Router();
  const guard = [
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Workout plans need an active subscription'),
  ];
  const regimensOf = (res: Response) => deps.readModels.get<RegimensDoc>('regimens', currentUser(res).id);

  const list = async (_req: Request, res: Response) => {
    res.json(regimenList(await regimensOf(res)));
  };
  router.get('/workouts', ...guard, list);
  router.get('/workout-regimens', ...guard, list);

  router.get('/workout-session/workouts/:regimenId', ...guard, async (req, res) => {
    // Only the caller's doc is searched: another user's regimen id is as unknown as a made-up one.
    const regimen = (await regimensOf(res))?.regimens.find((r) => r.regimen_id === req.params.regimenId);
    if (!regimen) throw notFound('No such workout plan');
    res.json(regimenWorkouts(regimen));
  });

  return router;
}
