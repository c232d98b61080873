import type { MeasurementsDoc, ProfileDoc } from '../accounts/api.js';
import type { FoodLogsDoc, MealLogsDoc, MealPlansDoc, MealPlanView } from '../nutrition/api.js';
import { joinMealPlans, mealPlanKey, mealPlansProjection } from '../nutrition/api.js';
import type { ReadModelStore } from '../store/port.js';
import type { RegimensDoc } from '../training/api.js';
import { joinRegimens } from '../training/api.js';
import type { ActivityDoc } from './activity.projection.js';
import type { StreakCarry } from './calendar.js';
import { screensProjection, type ScreensDoc, type ShownSession } from './screens.projection.js';

/** What the dashboard and the progress page draw from, for one user (from their `ScreensDoc`). */
export interface UserFacts {
  profile: ProfileDoc;
  measurements: MeasurementsDoc | undefined;
  /** The years of quarter hours shown up (`quartersShownUp` reads them). */
  activity: readonly ActivityDoc[];
  /** The days shown up before those in `activity`, as the streaks go on from them. */
  shownUpBefore?: StreakCarry | null;
  regimens: RegimensDoc | undefined;
  /** Ended sessions, oldest start first. */
  sessions: { history: readonly ShownSession[] };
  mealPlans: MealPlansDoc | undefined;
  mealLogs: MealLogsDoc | undefined;
  foodLogs: FoodLogsDoc | undefined;
}

/** What the two screens read of a person: their screens doc and their primary meal plan's own doc. */
export interface ScreensRead {
  doc: ScreensDoc | undefined;
  primaryMealPlan: MealPlanView | undefined;
}

/** The key of the primary meal plan's doc (in `mealPlansProjection`) a screens doc names; undefined for none. */
export function primaryMealPlanKey(doc: ScreensDoc | undefined): string | undefined {
  const primary = doc?.meal_plan_list?.primary_meal_plan_id;
  return doc && primary ? mealPlanKey(doc.user_id, primary) : undefined;
}

/** The person's screens doc, and the primary meal plan's doc it names (two store reads). */
export async function readScreens(readModels: ReadModelStore, userId: string): Promise<ScreensRead> {
  const doc = await readModels.get<ScreensDoc>(screensProjection.name, userId);
  const primary = primaryMealPlanKey(doc);
  const primaryMealPlan = primary ? await readModels.get<MealPlanView>(mealPlansProjection.name, primary) : undefined;
  return { doc, primaryMealPlan };
}

export async function loadUserFacts(readModels: ReadModelStore, userId: string): Promise<UserFacts | undefined> {
  const { doc, primaryMealPlan } = await readScreens(readModels, userId);
  return doc && factsOf(doc, primaryMealPlan);
}

const byStart = (a: ShownSession, b: ShownSession) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : 0);
/** A list in the order of the month docs the histories were once read from: by the month of `dateOf`, then as logged. */
const byMonthOf = <T>(items: readonly T[], dateOf: (item: T) => string) =>
  [...items].sort((a, b) => {
    const [x, y] = [dateOf(a).slice(0, 7), dateOf(b).slice(0, 7)];
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** The facts of a screens doc and its primary meal plan's doc; undefined before the person's profile is. */
export function factsOf(doc: ScreensDoc, primaryMealPlan: MealPlanView | undefined): UserFacts | undefined {
  const { profile, user_id } = doc;
  if (!profile) return undefined;
  const imported = doc.imports.flatMap((i) => (i.completed ? i.sessions : []));
  return {
    profile,
    measurements: { user_id, history: doc.measurements },
    activity: doc.shown_up,
    shownUpBefore: doc.shown_up_before,
    regimens: joinRegimens(doc.regimen_list ?? undefined, doc.regimens),
    sessions: { history: [...doc.sessions, ...imported].sort(byStart) },
    // Only the primary plan: the one the screens read (primaryPlanOf).
    mealPlans: joinMealPlans(doc.meal_plan_list ?? undefined, primaryMealPlan ? [primaryMealPlan] : []),
    mealLogs: { user_id, logs: byMonthOf(doc.meal_logs, (l) => l.logged_at) },
    foodLogs: { user_id, entries: byMonthOf(doc.food_entries, (e) => e.day) },
  };
}
