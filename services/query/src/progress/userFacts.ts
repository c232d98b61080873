import { chunksOf, joinChunks } from '../chunks.js';
import type { FoodLogsDoc, MealLogsDoc } from '../nutrition/api.js';
import { joinMealPlans, mealPlanListsProjection, mealPlansProjection, type MealPlanListDoc, type MealPlansDoc, type MealPlanView } from '../nutrition/api.js';
import type { MeasurementsDoc } from '../accounts/api.js';
import type { ProfileDoc } from '../accounts/api.js';
import { readShownSessions, userSessions, type ImportedSessionsDoc, type SessionMonthDoc, type UserSessions } from '../training/api.js';
import type { ReadModelStore } from '../store/port.js';
import { joinRegimens, regimenListsProjection, regimensProjection, type RegimenDoc, type RegimenListDoc, type RegimensDoc } from '../training/api.js';
import type { ActivityDoc } from './activity.projection.js';

/** Every read model the dashboard and the progress page draw from, for one user. */
export interface UserFacts {
  profile: ProfileDoc;
  measurements: MeasurementsDoc | undefined;
  /** The years of quarter hours shown up, one doc each (`quartersShownUp` reads them). */
  activity: readonly ActivityDoc[];
  regimens: RegimensDoc | undefined;
  sessions: UserSessions;
  mealPlans: MealPlansDoc | undefined;
  mealLogs: MealLogsDoc | undefined;
  foodLogs: FoodLogsDoc | undefined;
}

export async function loadUserFacts(readModels: ReadModelStore, userId: string, now: Date): Promise<UserFacts | undefined> {
  const stored = await loadStoredFacts(readModels, userId, now);
  return stored && joinFacts(stored);
}

/** A user's stored docs as read, before their chunks are joined into `UserFacts`. */
export interface StoredFacts {
  profile: ProfileDoc;
  measurements: MeasurementsDoc[];
  activity: ActivityDoc[];
  regimenList: RegimenListDoc | undefined;
  regimens: RegimenDoc[];
  /** The sessions' month docs and the imported sessions' docs, joined into `sessions` (`userSessions`). */
  sessionMonths: SessionMonthDoc[];
  imported: ImportedSessionsDoc[];
  mealPlanList: MealPlanListDoc | undefined;
  mealPlans: MealPlanView[];
  mealLogs: MealLogsDoc[];
  foodLogs: FoodLogsDoc[];
  /**
   * Every doc above in a fixed order. Where the store hands out one frozen object per stored doc and position (the
   * SQLite store does), the same objects here mean the same facts. A chunk is a doc of one collection only, so the
   * flat list cannot match another split of the same objects.
   */
  sources: unknown[];
}

/**
 * Workouts the dashboard and /prog count by the days they ended reach back at most this far before `now` (the eight
 * weeks of the workouts chart, from a Monday, in any time zone).
 */
export const SHOWN_DAYS = 60;

/**
 * A user's docs as the dashboard and /prog read them at `now` or later: of the sessions, the meals and the foods, only
 * the months those answers draw from (`readShownSessions`, `shownMonths`), however long the person has kept them.
 */
export async function loadStoredFacts(
  readModels: ReadModelStore,
  userId: string,
  now: Date,
  /** Month docs per read of the meals and foods (tests lower it, so a read takes no more than it must). */
  monthsPerRead = MONTHS_PER_READ,
): Promise<StoredFacts | undefined> {
  const since = new Date(now.getTime() - SHOWN_DAYS * 86_400_000).toISOString();
  const [profile, measurements, activity, regimenList, regimens, mealPlanList, mealPlans, mealLogs, foodLogs] = await Promise.all([
    readModels.get<ProfileDoc>('profiles', userId),
    readModels.range<MeasurementsDoc>('measurements', chunksOf(userId)),
    readModels.range<ActivityDoc>('activity', chunksOf(userId)),
    readModels.get<RegimenListDoc>(regimenListsProjection.name, userId),
    readModels.range<RegimenDoc>(regimensProjection.name, chunksOf(userId)),
    readModels.get<MealPlanListDoc>(mealPlanListsProjection.name, userId),
    readModels.range<MealPlanView>(mealPlansProjection.name, chunksOf(userId)),
    // The recent activity lists the latest meals logged, however long ago: back until that many are read.
    shownMonths<MealLogsDoc>(readModels, 'mealLogs', userId, since, (docs) => docs.reduce((n, d) => n + d.logs.length, 0) >= RECENT_ACTIVITY_ITEMS, monthsPerRead),
    shownMonths<FoodLogsDoc>(readModels, 'foodLogs', userId, since, () => true, monthsPerRead),
  ]);
  if (!profile) return undefined;
  const primary = joinRegimens(regimenList, regimens)?.regimens.find((r) => r.regimen_id === regimenList?.primary_regimen_id);
  const { months: sessionMonths, imported } = await readShownSessions(readModels, userId, { since, completions: primary?.completions ?? [] });
  const sources = [profile, regimenList, mealPlanList, ...regimens, ...mealPlans, ...measurements, ...activity, ...mealLogs, ...foodLogs, ...sessionMonths, ...imported];
  return { profile, measurements, activity, regimenList, regimens, sessionMonths, imported, mealPlanList, mealPlans, mealLogs, foodLogs, sources };
}

/** Meals logged and workouts finished that /prog lists as the recent activity, newest first. */
export const RECENT_ACTIVITY_ITEMS = 10;

/** Month docs taken per read of a history kept by month: the months since `SHOWN_DAYS` back are three or four. */
const MONTHS_PER_READ = 4;

/**
 * A user's docs of a collection kept by month (`monthKey`), as the dashboard and /prog read them: every month from
 * that of `since` on (the days those answers count: today, this week, the last month), and the months before it
 * back until `enough` holds of what was read; in key order, oldest first. A month's key names the month its facts
 * are dated in, so every fact left unread is older than every fact read.
 */
async function shownMonths<D>(readModels: ReadModelStore, collection: string, userId: string, since: string, enough: (docs: D[]) => boolean, perRead: number): Promise<D[]> {
  const prefix = chunksOf(userId);
  const sinceKey = `${prefix}${since.slice(0, 7)}`;
  const docs: D[] = [];
  for (let below: string | undefined; ; ) {
    const read = await readModels.rangeDesc<D>(collection, prefix, { below, limit: perRead });
    for (const { doc } of read) docs.push(doc);
    if (read.length < perRead) break;
    below = read[read.length - 1]!.key;
    if (below <= sinceKey && enough(docs)) break;
  }
  return docs.reverse();
}

/** The facts of stored docs: a history that spans chunks is copied into one list, so this is done only when needed. */
export function joinFacts(stored: StoredFacts): UserFacts {
  const { profile } = stored;
  return {
    profile,
    measurements: joinChunks(stored.measurements, 'history'),
    activity: stored.activity,
    regimens: joinRegimens(stored.regimenList, stored.regimens),
    sessions: userSessions(stored.sessionMonths, stored.imported),
    mealPlans: joinMealPlans(stored.mealPlanList, stored.mealPlans),
    mealLogs: joinChunks(stored.mealLogs, 'logs'),
    foodLogs: joinChunks(stored.foodLogs, 'entries'),
  };
}
