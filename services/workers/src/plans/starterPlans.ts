import { newEvent, type AppEvent, type AppNewEvent } from '../../../../events/catalog.js';
import type { EventStore } from '../../../../events/store/port.js';
import { subscriptionStream, userStream } from '../../../../events/streams.js';
import { starterPlans } from '../../../domain/coach/index.js';
import { user, type User } from '../../../command/src/accounts/api.js';
import { execute, load, stepContext, type CommandContext } from '../../../command/src/execute.js';
import { uuidFrom } from '../../../../events/ids.js';
import { runFlow } from '../../../command/src/flow.js';
import { saveMealPlanFlow } from '../../../command/src/nutrition/api.js';
import { mealPlanInput, mealPlanOf, type MealPlanInput } from '../../../command/src/nutrition/api.js';
import { saveRegimenFlow } from '../../../command/src/training/api.js';
import { workoutPlanInput, workoutPlanOf, type WorkoutPlanInput } from '../../../command/src/training/api.js';
import { parse } from '../../../platform/http.js';
import type { Logger } from '../../../platform/logger.js';
import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';

export const PLAN_QUEUE = 'plan-generation';

export interface StarterPlansJob {
  userId: string;
  activationEventId: string;
}

/** One job per activation; its id is the activation's event id, so a replayed activation never queues twice. */
export const starterPlansRoute: JobRoute = (event) =>
  event.type === 'SubscriptionActivated'
    ? [{ id: event.id, queue: PLAN_QUEUE, name: 'starter-plans', data: { userId: event.data.userId, activationEventId: event.id } satisfies StarterPlansJob }]
    : [];

/** What the subscription stream says about starter plans: the activations that already got theirs. */
export interface StarterRecord {
  generatedFor: string[];
}

export const starterRecord = {
  initialState: { generatedFor: [] } as StarterRecord,
  evolve: (state: StarterRecord, event: AppEvent): StarterRecord =>
    event.type === 'StarterPlansGenerated' ? { generatedFor: [...state.generatedFor, event.data.activationEventId] } : state,
};

interface RecordStarterPlans {
  userId: string;
  regimenId: string;
  mealPlanId: string;
  activationEventId: string;
  now: string;
}

export function recordStarterPlans(state: StarterRecord, { userId, regimenId, mealPlanId, activationEventId, now }: RecordStarterPlans): AppNewEvent[] {
  if (state.generatedFor.includes(activationEventId)) return [];
  return [newEvent('StarterPlansGenerated', { userId, regimenId, mealPlanId, activationEventId, generatedAt: now })];
}

/** Plan ids derive from the activation, so a retry, a replay or a second worker lands on the same two plans. */
export const starterPlanIds = (activationEventId: string) => ({
  regimenId: uuidFrom(`${activationEventId}:starter-regimen`),
  mealPlanId: uuidFrom(`${activationEventId}:starter-mealplan`),
});

export interface StarterPlans {
  regimenId: string;
  workout: WorkoutPlanInput;
  mealPlanId: string;
  meal: MealPlanInput;
}

/**
 * The coach's starter regimen and meal plan for one activation, with their ids; null when the user already got
 * starter plans for an earlier activation (they are a welcome, given once per user: a returning subscriber keeps
 * the plans they have). Checked as strictly as a client's plan: a coach bug throws (and dead-letters the job),
 * never saves junk.
 */
export function starterPlansFor(record: StarterRecord, account: User, { userId, activationEventId }: StarterPlansJob): StarterPlans | null {
  if (record.generatedFor.length > 0 && !record.generatedFor.includes(activationEventId)) return null;
  if (account.status === 'none') throw new Error(`no account ${userId} for activation ${activationEventId}`);
  const plans = starterPlans(account.profile);
  return { ...starterPlanIds(activationEventId), workout: parse(workoutPlanInput, plans.workout), meal: parse(mealPlanInput, plans.meal) };
}

/**
 * Saves the starter plans through the same commands as POST /api/savePlan (primary when the user has none of that
 * kind yet), then records `StarterPlansGenerated` on the subscription stream. Every step is idempotent, so a job
 * that died half-way is simply run again.
 */
export const starterPlansHandler =
  (deps: { events: EventStore; now(): Date; log: Logger }): JobHandler =>
  async (job) => {
    const { userId, activationEventId } = job.data as StarterPlansJob;
    const now = deps.now().toISOString();
    const ctx: CommandContext = {
      store: deps.events,
      idempotencyKey: `starter-plans:${activationEventId}`,
      metadata: { userId, correlationId: activationEventId, causationId: activationEventId, at: now },
    };
    const [record, account] = await Promise.all([load(deps.events, subscriptionStream(userId), starterRecord), load(deps.events, userStream(userId), user)]);
    const plans = starterPlansFor(record.state, account.state, { userId, activationEventId });
    if (!plans) return deps.log.info(`user ${userId} already got starter plans; none for activation ${activationEventId}`);
    const { regimenId, mealPlanId } = plans;
    await runFlow(stepContext(ctx, 'workout'), saveRegimenFlow({ regimenId, userId, plan: workoutPlanOf(plans.workout), now }));
    await runFlow(stepContext(ctx, 'meal'), saveMealPlanFlow({ mealPlanId, userId, plan: mealPlanOf(plans.meal), now }));
    await execute(stepContext(ctx, 'generated'), subscriptionStream(userId), starterRecord, (state) =>
      recordStarterPlans(state, { userId, regimenId, mealPlanId, activationEventId, now }),
    );
  };
