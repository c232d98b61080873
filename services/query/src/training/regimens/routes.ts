import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { type Request, type Response } from 'express';
import { requireUser, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { notFound } from '../../../../platform/http.js';
import { AnswerTexts, readAs } from '../../callerDocs.js';
import { chunksOf } from '../../chunks.js';
import type { QueryDeps } from '../../context.js';
import type { PlannedWorkout } from '../../../../../contract/training/regimenAnswer.js';
import { pageOf } from '../../paging.js';
import type { ProfileDoc } from '../../accounts/api.js';
import { exerciseMergesProjection, readRecords, withTarget, type ExerciseMergesDoc } from '../records/api.js';
import { listedRegimen, withHowTo, listedRegimenIds, regimenKey, regimensProjection, regimenListsProjection, regimenWorkouts, type RegimenDoc, type RegimenListDoc } from './regimens.projection.js';

export function workoutQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const guard = requireUser(deps.tokens);
  const readAsSubscriber = <T>(res: Response, read: (userId: string) => Promise<T>) => readAs(deps, res, SUBSCRIBER_ROLES, 'Workout plans need an active subscription', read);

  const texts = new AnswerTexts();
  const list = async (req: Request, res: Response) => {
    // Every plan of the caller (at most MAX_PLANS_PER_KIND) is read with the list, in one run of reads with the role.
    const [doc, plans] = await readAsSubscriber(res, (userId) =>
      Promise.all([deps.readModels.get<RegimenListDoc>(regimenListsProjection.name, userId), deps.readModels.range<RegimenDoc>(regimensProjection.name, chunksOf(userId))]),
    );
    const page = pageOf(req, res, listedRegimenIds(doc));
    texts.send(res, [doc, ...plans], JSON.stringify(page), () => {
      const byId = new Map(plans.map((r) => [r.regimen_id, r]));
      return page.flatMap((id) => byId.get(id) ?? []).map((r) => listedRegimen(r, doc!.primary_regimen_id));
    });
  };
  router.get('/workouts', guard, list);
  router.get('/workout-regimens', guard, list);

  // Keyed by the caller: another user's regimen id is as unknown as a made-up one.
  router.get('/workout-session/workouts/:regimenId', guard, async (req, res) => {
    const [regimen, records, profile, merges] = await readAsSubscriber(res, (userId) =>
      Promise.all([
        deps.readModels.get<RegimenDoc>(regimensProjection.name, regimenKey(userId, req.params.regimenId as string)),
        readRecords(deps.readModels, userId),
        deps.readModels.get<ProfileDoc>('profiles', userId),
        deps.readModels.get<ExerciseMergesDoc>(exerciseMergesProjection.name, userId),
      ]),
    );
    if (!regimen) throw notFound('No such workout plan');
    const timeZone = profile?.time_zone ?? 'UTC';
    // The spec's fields, then each exercise's identity and the next session's target (double progression).
    const planned = new Map(regimen.workouts.flatMap((d) => d.exercises.map((e) => [e.workout_id, e] as const)));
    res.json(
      regimenWorkouts(regimen).map((w): PlannedWorkout => {
        const plan = planned.get(w.workout_id);
        return withHowTo({ ...w, rest_seconds: plan?.rest ?? null, ...withTarget(records, { name: w.name, reps: plan?.reps ?? w.reps_per_set, target_reps: w.reps_per_set }, timeZone, merges) });
      }),
    );
  });

  return router;
}
