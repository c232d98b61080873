import type { AppNewEvent } from '../../../../events/catalog.js';
import { mealPlanStream, userStream } from '../../../../events/streams.js';
import { Rejected } from '../../../../events/rejected.js';
import { user } from '../accounts/api.js';
import { decided, loaded, type Decided, type Flow } from '../flow.js';
import { isDeleted, savePlan } from '../plans/api.js';
import { advanceMealDay, logMeal, NO_SUCH_MEAL, NOTHING_TO_UNDO, saveMealPlan, undoMeal, type SaveMealPlan } from './decide.js';
import { mealPlan, type MealPlan } from './mealPlan.js';
import { mealPlans } from './roster.js';

/**
 * Saving a meal plan: POST /api/savePlan, the workers' starter plans and the bench all go through here. The roster's
 * append gets a key of its own (`primary`), so its event is not mistaken for the plan's (already stored) one.
 */
export const saveMealPlanFlow = (command: SaveMealPlan): Flow<number> =>
  savePlan(mealPlans, { ...command, planId: command.mealPlanId, name: command.plan.name }, (state, name) => saveMealPlan(state, { ...command, plan: { ...command.plan, name } }), {
    roster: 'primary',
  });

/** "Next day" on the plan the request names, knowing from the roster whether it is still there, in the user's zone. */
export function* advanceMealDayFlow({ userId, mealPlanId, now }: { userId: string; mealPlanId: string; now: string }): Flow<Decided> {
  const deleted = yield* isDeleted(mealPlans, userId, mealPlanId);
  const timeZone = yield* zoneOf(userId);
  return yield* decided(mealPlanStream(mealPlanId), mealPlan, (state) => advanceMealDay(state, { userId, deleted, now, timeZone }));
}

/** The zone of the account's profile; UTC only for an account the log does not know (its token outlived it). */
function* zoneOf(userId: string): Flow<string> {
  const account = yield* loaded(userStream(userId), user);
  return account.status === 'none' ? 'UTC' : account.profile.timeZone;
}

/**
 * Meals are logged (and taken back) on the primary plan, the one the dashboard shows, in the user's time zone:
 * the roster says which plan, the account which zone. Without a primary plan the refusal is `refusal`.
 */
function* onPrimaryPlan(
  userId: string,
  refusal: Rejected,
  decide: (state: MealPlan, timeZone: string) => AppNewEvent[],
): Flow<Decided & { mealPlanId: string }> {
  const { primaryId } = yield* loaded(mealPlans.rosterStream(userId), mealPlans.roster);
  if (!primaryId) throw refusal;
  const timeZone = yield* zoneOf(userId);
  const result = yield* decided(mealPlanStream(primaryId), mealPlan, (state) => decide(state, timeZone));
  return { ...result, mealPlanId: primaryId };
}

export function* logMealFlow(command: { userId: string; mealPlanMealId: string; mealLogId: string; now: string }) {
  return yield* onPrimaryPlan(command.userId, new Rejected('not_found', NO_SUCH_MEAL), (state, timeZone) => logMeal(state, { ...command, timeZone }));
}

export function* undoMealFlow(command: { userId: string; now: string }) {
  return yield* onPrimaryPlan(command.userId, new Rejected('conflict', NOTHING_TO_UNDO), (state, timeZone) => undoMeal(state, { ...command, timeZone }));
}
