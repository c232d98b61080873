import { Router, type Response } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import type { QueryDeps } from '../context.js';
import { chunksOf } from '../chunks.js';
import { importedSessionsProjection, withImportedSessions, type ImportedSessionsDoc } from './importedSessions.projection.js';
import { activeSession, exerciseLogs, type WorkoutSessionsDoc } from './workoutSessions.projection.js';

export function sessionQueries(deps: QueryDeps): Router {
  const router = Router();
  const guard = [
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Workout sessions need an active subscription'),
  ];
  const sessionsOf = (res: Response) => deps.readModels.get<WorkoutSessionsDoc>('workoutSessions', currentUser(res).id);

  router.get('/workouts/active-session', ...guard, async (_req, res) => {
    res.json(activeSession(await sessionsOf(res), deps.now()));
  });
  router.get('/exercise-logs', ...guard, async (_req, res) => {
    const [sessions, imported] = await Promise.all([sessionsOf(res), deps.readModels.range<ImportedSessionsDoc>(importedSessionsProjection.name, chunksOf(currentUser(res).id))]);
    res.json(exerciseLogs(withImportedSessions(sessions, imported)));
  });
  return router;
}
