import { foodLogStream, mealPlanStream, userStream } from '../../../../../events/streams.js';
import { Rejected } from '../../../../../events/rejected.js';
import { localDate } from '../../../../platform/time.js';
import { user } from '../../accounts/api.js';
import { decided, loaded, type Flow } from '../../flow.js';
import { mealPlan } from '../mealPlan.js';
import { mealPlans } from '../roster.js';
import { copyMeal, deleteEntry, logFood, type CopyMeal, type LogFood } from './decide.js';
import { foodLog } from './foodLog.js';

export const NOT_ON_TODAYS_PLAN = "That meal is not on your primary meal plan's current day";

/** The person's calendar day at `now`, in the zone of their profile (UTC for an account the log does not know). */
function* todayOf(userId: string, now: string): Flow<string> {
  const account = yield* loaded(userStream(userId), user);
  return localDate(now, account.status === 'none' ? 'UTC' : account.profile.timeZone);
}

/**
 * Logging a food: on the person's food log, dated in their zone. Eaten in place of a planned meal ("Ate something
 * else"), the meal must be on the primary plan's current day, which the dashboard then counts as done.
 */
export function* logFoodFlow(command: Omit<LogFood, 'today' | 'day'> & { day: string | null }) {
  const today = yield* todayOf(command.userId, command.now);
  if (command.insteadOf) {
    const { primaryId } = yield* loaded(mealPlans.rosterStream(command.userId), mealPlans.roster);
    const plan = primaryId ? yield* loaded(mealPlanStream(primaryId), mealPlan) : undefined;
    const onToday = plan?.status === 'saved' && plan.meals.some((meal) => meal.mealPlanMealId === command.insteadOf && meal.dayNumber === plan.currentDay);
    if (!onToday) throw new Rejected('not_found', NOT_ON_TODAYS_PLAN);
  }
  const day = command.day ?? today;
  return yield* decided(foodLogStream(command.userId), foodLog, (state) => logFood(state, { ...command, day, today }));
}

export function* deleteEntryFlow(command: { userId: string; entryId: string; now: string }) {
  return yield* decided(foodLogStream(command.userId), foodLog, (state) => deleteEntry(state, command));
}

/** Copies a meal of one day to another, today unless the request names the day. */
export function* copyMealFlow(command: Omit<CopyMeal, 'today' | 'toDay'> & { toDay: string | null }) {
  const today = yield* todayOf(command.userId, command.now);
  return yield* decided(foodLogStream(command.userId), foodLog, (state) => copyMeal(state, { ...command, toDay: command.toDay ?? today, today }));
}
