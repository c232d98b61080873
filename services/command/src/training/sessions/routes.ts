import { Router, type Request, type Response } from 'express';
import type { AppNewEvent } from '../../../../../events/catalog.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { parse } from '../../../../platform/http.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { actedAt, noBody, pathId } from '../../fields.js';
import { runFlow } from '../../flow.js';
import { NO_SUCH_SESSION, pauseSession, resumeSession } from './decide.js';
import { beginSession, finishSession, onSession, recordExercise } from './flows.js';
import { endInput, entryOfCompleted, entryOfLogged, logExerciseInput, startInput } from './input.js';
import type { Session } from './session.js';

const NEEDS_SUBSCRIPTION = 'Workout sessions need an active subscription';

/** The plans page's session timer (start from the dashboard, pause, resume, stop) and the workout tracker. */
export function sessionRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guard = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, NEEDS_SUBSCRIPTION)];
  const now = () => deps.now().toISOString();
  /** When the person acted (fields.ts): the session's instants; the slot's claim and release keep the server's clock. */
  const at = (req: Request) => actedAt(req.get('x-acted-at'), deps.now());

  const start = (source: 'plans' | 'tracker') => async (req: Request, res: Response) => {
    const { regimenId } = parse(startInput, req.body);
    const command = { userId: currentUser(res).id, regimenId, source, now: now(), at: at(req) };
    const { sessionId, position } = await runFlow(commandContext(deps, req, res), beginSession(command));
    res.status(201).json({ message: 'Workout started', sessionId, position });
  };
  router.post('/dashboard/start-workout', ...guard, start('plans'));
  router.post('/workout-session/start', ...guard, start('tracker'));

  const toggle =
    (decide: (state: Session, command: { userId: string; now: string }) => AppNewEvent[], message: string, status: string) =>
    async (req: Request, res: Response) => {
      parse(noBody, req.body);
      const sessionId = pathId(req.params.sessionId, NO_SUCH_SESSION);
      const command = { userId: currentUser(res).id, now: at(req) };
      const { position } = await runFlow(commandContext(deps, req, res), onSession(sessionId, (state) => decide(state, command)));
      res.json({ message, sessionId, status, position });
    };
  router.post('/workouts/:sessionId/pause', ...guard, toggle(pauseSession, 'Workout paused', 'Paused'));
  router.post('/workouts/:sessionId/resume', ...guard, toggle(resumeSession, 'Workout resumed', 'In Progress'));

  router.post('/workouts/:sessionId/stop', ...guard, async (req, res) => {
    parse(noBody, req.body);
    const sessionId = pathId(req.params.sessionId, NO_SUCH_SESSION);
    const command = { userId: currentUser(res).id, sessionId, how: { endedBy: 'stopped' } as const, now: now(), at: at(req) };
    const ended = await runFlow(commandContext(deps, req, res), finishSession(command));
    res.json({ message: 'Workout session ended', sessionId, ...ended });
  });

  router.post('/workout-session/log-exercise', ...guard, async (req, res) => {
    const input = parse(logExerciseInput, req.body);
    const command = { userId: currentUser(res).id, sessionId: input.sessionId, entry: entryOfLogged(input), now: at(req) };
    const { position } = await runFlow(commandContext(deps, req, res), recordExercise(command));
    res.status(201).json({ message: 'Exercise logged', sessionId: input.sessionId, workoutId: input.workoutId, position });
  });

  router.put('/workout-session/end', ...guard, async (req, res) => {
    const { sessionId, totalDuration, completedExercises } = parse(endInput, req.body);
    const how = { endedBy: 'ended', reportedMinutes: totalDuration, completed: completedExercises.map(entryOfCompleted) } as const;
    const ended = await runFlow(commandContext(deps, req, res), finishSession({ userId: currentUser(res).id, sessionId, how, now: now(), at: at(req) }));
    res.json({ message: 'Workout session ended', sessionId, ...ended });
  });

  return router;
}
