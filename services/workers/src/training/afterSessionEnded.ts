import type { EventStore } from '../../../../events/store/port.js';
import type { CommandContext } from '../../../command/src/execute.js';
import { runFlow } from '../../../command/src/flow.js';
import { afterSessionEnded } from '../../../command/src/training/api.js';
import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';
import { PLAN_QUEUE } from '../plans/api.js';

export const AFTER_SESSION_ENDED = 'after-session-ended';

interface AfterSessionEndedJob {
  userId: string;
  sessionId: string;
  regimenId: string;
  dayNumber: number;
  endedAt: string;
  /** The end event, whose request these steps finish. */
  endedEventId: string;
}

/**
 * Ending a session appends the end, then records the regimen's day and frees the slot (sessions/flows.ts
 * `finishSession`); the process may die between. Every end is followed here by the same two steps, which change
 * nothing when the request did them already.
 */
export const afterSessionEndedRoute: JobRoute = (event) =>
  event.type === 'WorkoutSessionEnded'
    ? [
        {
          id: event.id,
          queue: PLAN_QUEUE,
          name: AFTER_SESSION_ENDED,
          data: { userId: event.data.userId, sessionId: event.data.sessionId, regimenId: event.data.regimenId, dayNumber: event.data.dayNumber, endedAt: event.data.endedAt, endedEventId: event.id } satisfies AfterSessionEndedJob,
        },
      ]
    : [];

export const afterSessionEndedHandler =
  (deps: { events: EventStore; now(): Date }): JobHandler =>
  async (job) => {
    const ended = job.data as AfterSessionEndedJob;
    const now = deps.now().toISOString();
    const ctx: CommandContext = { store: deps.events, metadata: { userId: ended.userId, causationId: ended.endedEventId, at: now } };
    await runFlow(ctx, afterSessionEnded(ended, now));
  };
