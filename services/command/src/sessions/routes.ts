import { Router, type Request, type Response } from 'express';
import type { AppNewEvent } from '../../../../events/catalog.js';
import { regimenStream, sessionStream } from '../../../../events/streams.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { notFound, parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, load } from '../execute.js';
import { isIdShaped, noBody } from '../workouts/ids.js';
import { regimen } from '../workouts/regimen.js';
import { logExercise, NO_SUCH_SESSION, pauseSession, resumeSession } from './decide.js';
import { beginSession, exercisesOf, finishSession } from './flows.js';
import { endInput, logExerciseInput, startInput } from './input.js';
import { session, type Session } from './session.js';

const NEEDS_SUBSCRIPTION = 'Workout sessions need an active subscription';

/** The plans page's session timer (start from the dashboard, pause, resume, stop) and the workout tracker. */
export function sessionRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guard = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, NEEDS_SUBSCRIPTION)];
  const now = () => deps.now().toISOString();

  const start = (source: 'plans' | 'tracker') => async (req: Request, res: Response) => {
    const { regimenId } = parse(startInput, req.body);
    const ctx = commandContext(deps, req, res);
    const { sessionId, position } = await beginSession(ctx, { userId: currentUser(res).id, regimenId, source, now: now() });
    res.status(201).json({ message: 'Workout started', sessionId, position });
  };
  router.post('/dashboard/start-workout', ...guard, start('plans'));
  router.post('/workout-session/start', ...guard, start('tracker'));

  const toggle =
    (decide: (state: Session, command: { userId: string; now: string }) => AppNewEvent[], message: string, status: string) =>
    async (req: Request, res: Response) => {
      parse(noBody, req.body);
      const sessionId = req.params.sessionId;
      if (!isIdShaped(sessionId)) throw notFound(NO_SUCH_SESSION);
      const userId = currentUser(res).id;
      const at = now();
      const { position } = await execute(commandContext(deps, req, res), sessionStream(sessionId), session, (state) =>
        decide(state, { userId, now: at }),
      );
      res.json({ message, sessionId, status, position });
    };
  router.post('/workouts/:sessionId/pause', ...guard, toggle(pauseSession, 'Workout paused', 'Paused'));
  router.post('/workouts/:sessionId/resume', ...guard, toggle(resumeSession, 'Workout resumed', 'In Progress'));

  router.post('/workouts/:sessionId/stop', ...guard, async (req, res) => {
    parse(noBody, req.body);
    const sessionId = req.params.sessionId;
    if (!isIdShaped(sessionId)) throw notFound(NO_SUCH_SESSION);
    const ended = await finishSession(commandContext(deps, req, res), {
      userId: currentUser(res).id,
      sessionId,
      how: { endedBy: 'stopped' },
      now: now(),
    });
    res.json({ message: 'Workout session ended', sessionId, ...ended });
  });

  router.post('/workout-session/log-exercise', ...guard, async (req, res) => {
    const { sessionId, ...input } = parse(logExerciseInput, req.body);
    const userId = currentUser(res).id;
    const { state: s } = await load(deps.store, sessionStream(sessionId), session);
    // The exercise must be one of the session's regimen; only the owner's session gets that far.
    const exercises = s.status !== 'none' && s.userId === userId ? exercisesOf((await load(deps.store, regimenStream(s.regimenId), regimen)).state) : [];
    const at = now();
    const { position } = await execute(commandContext(deps, req, res), sessionStream(sessionId), session, (state) =>
      logExercise(state, { userId, input, exercises, now: at }),
    );
    res.status(201).json({ message: 'Exercise logged', sessionId, workoutId: input.workoutId, position });
  });

  router.put('/workout-session/end', ...guard, async (req, res) => {
    const { sessionId, totalDuration, completedExercises } = parse(endInput, req.body);
    const ended = await finishSession(commandContext(deps, req, res), {
      userId: currentUser(res).id,
      sessionId,
      how: { endedBy: 'ended', reportedMinutes: totalDuration, completed: completedExercises },
      now: now(),
    });
    res.json({ message: 'Workout session ended', sessionId, ...ended });
  });

  return router;
}
