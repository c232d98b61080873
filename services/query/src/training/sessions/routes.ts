import { Router, type Response } from 'express';
import { requireUser, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { AnswerTexts, readAs } from '../../callerDocs.js';
import type { QueryDeps } from '../../context.js';
import { chunksOf } from '../../chunks.js';
import { importedSessionsProjection, withImportedSessions, type ImportedSessionsDoc } from './importedSessions.projection.js';
import { activeSession, exerciseLogs, type WorkoutSessionsDoc } from './workoutSessions.projection.js';

export function sessionQueries(deps: QueryDeps): Router {
  const router = Router();
  const readAsSubscriber = <T>(res: Response, read: (userId: string) => Promise<T>) => readAs(deps, res, SUBSCRIBER_ROLES, 'Workout sessions need an active subscription', read);
  const sessionsOf = (userId: string) => deps.readModels.get<WorkoutSessionsDoc>('workoutSessions', userId);

  router.get('/workouts/active-session', requireUser(deps.tokens), async (_req, res) => {
    res.json(activeSession(await readAsSubscriber(res, sessionsOf), deps.now()));
  });
  const logs = new AnswerTexts();
  router.get('/exercise-logs', requireUser(deps.tokens), async (_req, res) => {
    const [sessions, imported] = await readAsSubscriber(res, (userId) =>
      Promise.all([sessionsOf(userId), deps.readModels.range<ImportedSessionsDoc>(importedSessionsProjection.name, chunksOf(userId))]),
    );
    logs.send(res, [sessions, ...imported], '', () => exerciseLogs(withImportedSessions(sessions, imported)));
  });
  return router;
}
