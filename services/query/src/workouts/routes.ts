import { Router, type Request, type Response } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { notFound } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import type { PlannedWorkout } from './regimenAnswer.js';
import { pageOf } from '../paging.js';
import type { ProfileDoc } from '../profile/api.js';
import { recordsProjection, withTarget, type RecordsDoc } from '../records/api.js';
import { listedRegimen, listedRegimenIds, regimenKey, regimensProjection, regimenListsProjection, regimenWorkouts, type RegimenDoc, type RegimenListDoc } from './regimens.projection.js';

export function workoutQueries(deps: QueryDeps): Router {
  const router = Router();
  const guard = [
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Workout plans need an active subscription'),
  ];
  // Keyed by the caller: another user's regimen id is as unknown as a made-up one.
  const regimenOf = (res: Response, regimenId: string) => deps.readModels.get<RegimenDoc>(regimensProjection.name, regimenKey(currentUser(res).id, regimenId));

  const list = async (req: Request, res: Response) => {
    const doc = await deps.readModels.get<RegimenListDoc>(regimenListsProjection.name, currentUser(res).id);
    const page = pageOf(req, res, listedRegimenIds(doc));
    const regimens = await Promise.all(page.map((id) => regimenOf(res, id)));
    res.json(regimens.flatMap((r) => (r ? [listedRegimen(r, doc!.primary_regimen_id)] : [])));
  };
  router.get('/workouts', ...guard, list);
  router.get('/workout-regimens', ...guard, list);

  router.get('/workout-session/workouts/:regimenId', ...guard, async (req, res) => {
    const regimen = await regimenOf(res, req.params.regimenId as string);
    if (!regimen) throw notFound('No such workout plan');
    const userId = currentUser(res).id;
    const [records, profile] = await Promise.all([deps.readModels.get<RecordsDoc>(recordsProjection.name, userId), deps.readModels.get<ProfileDoc>('profiles', userId)]);
    const timeZone = profile?.time_zone ?? 'UTC';
    // The spec's fields, then each exercise's identity and the next session's target (double progression).
    const planned = new Map(regimen.workouts.flatMap((d) => d.exercises.map((e) => [e.workout_id, e] as const)));
    res.json(
      regimenWorkouts(regimen).map((w): PlannedWorkout => {
        const plan = planned.get(w.workout_id);
        return { ...w, rest_seconds: plan?.rest ?? null, ...withTarget(records, { name: w.name, reps: plan?.reps ?? w.reps_per_set, target_reps: w.reps_per_set }, timeZone) };
      }),
    );
  });

  return router;
}
