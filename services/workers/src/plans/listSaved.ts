import type { EventStore } from '../../../../events/store/port.js';
import { runFlow } from '../../../command/src/flow.js';
import type { CommandContext } from '../../../command/src/execute.js';
import { mealPlans } from '../../../command/src/nutrition/api.js';
import { listSavedPlan, type PlanKind } from '../../../command/src/plans/api.js';
import { regimens } from '../../../command/src/training/api.js';
import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';
import { PLAN_QUEUE } from './starterPlans.js';

export const LIST_SAVED_PLAN = 'list-saved-plan';

interface ListSavedPlanJob {
  kind: 'workout' | 'meal';
  userId: string;
  planId: string;
  /** The id of the saved event, whose request this listing finishes. */
  savedEventId: string;
}

const kinds: Record<ListSavedPlanJob['kind'], PlanKind> = { workout: regimens, meal: mealPlans };

/**
 * A save appends the plan, then lists it on its owner's roster (plans/roster.ts `savePlan`); the second step may be
 * cut off (a full disk, a crash) after the answer said the plan is saved. Every saved plan is listed again here; a
 * plan listed already changes nothing. The job names no text of the plan: its name is read from the plan's stream.
 */
export const listSavedPlanRoute: JobRoute = (event) => {
  const job = (kind: ListSavedPlanJob['kind'], planId: string, userId: string) => [
    { id: event.id, queue: PLAN_QUEUE, name: LIST_SAVED_PLAN, data: { kind, userId, planId, savedEventId: event.id } satisfies ListSavedPlanJob },
  ];
  if (event.type === 'RegimenSaved.v2') return job('workout', event.data.regimenId, event.data.userId);
  if (event.type === 'MealPlanSaved') return job('meal', event.data.mealPlanId, event.data.userId);
  return [];
};

export const listSavedPlanHandler =
  (deps: { events: EventStore; now(): Date }): JobHandler =>
  async (job) => {
    const { kind: kindName, userId, planId, savedEventId } = job.data as ListSavedPlanJob;
    const kind = kinds[kindName];
    const saved = (await deps.events.readStream(kind.planStream(planId), 0)).find((e) => e.id === savedEventId);
    if (!saved) return;
    const { name } = saved.data as { name: string };
    const now = deps.now().toISOString();
    const ctx: CommandContext = { store: deps.events, metadata: { userId, causationId: savedEventId, at: now } };
    await runFlow(ctx, listSavedPlan(kind, { userId, planId, name, now }));
  };
