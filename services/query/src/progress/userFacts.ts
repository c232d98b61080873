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
  activity: ActivityDoc | undefined;
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
 * A user's docs as the dashboard and /prog read them at `now` or later: of the sessions, only the months those
 * answers draw from (`readShownSessions`), however long the person has trained.
 */
export async function loadStoredFacts(readModels: ReadModelStore, userId: string, now: Date): Promise<StoredFacts | undefined> {
  const [profile, measurements, activity, regimenList, regimens, mealPlanList, mealPlans, mealLogs, foodLogs] = await Promise.all([
    readModels.get<ProfileDoc>('profiles', userId),
    readModels.range<MeasurementsDoc>('measurements', chunksOf(userId)),
    readModels.range<ActivityDoc>('activity', chunksOf(userId)),
    readModels.get<RegimenListDoc>(regimenListsProjection.name, userId),
    readModels.range<RegimenDoc>(regimensProjection.name, chunksOf(userId)),
    readModels.get<MealPlanListDoc>(mealPlanListsProjection.name, userId),
    readModels.range<MealPlanView>(mealPlansProjection.name, chunksOf(userId)),
    readModels.range<MealLogsDoc>('mealLogs', chunksOf(userId)),
    readModels.range<FoodLogsDoc>('foodLogs', chunksOf(userId)),
  ]);
  if (!profile) return undefined;
  const primary = joinRegimens(regimenList, regimens)?.regimens.find((r) => r.regimen_id === regimenList?.primary_regimen_id);
  const { months: sessionMonths, imported } = await readShownSessions(readModels, userId, {
    since: new Date(now.getTime() - SHOWN_DAYS * 86_400_000).toISOString(),
    completions: primary?.completions ?? [],
  });
  const sources = [profile, regimenList, mealPlanList, ...regimens, ...mealPlans, ...measurements, ...activity, ...mealLogs, ...foodLogs, ...sessionMonths, ...imported];
  return { profile, measurements, activity, regimenList, regimens, sessionMonths, imported, mealPlanList, mealPlans, mealLogs, foodLogs, sources };
}

/** The facts of stored docs: a history that spans chunks is copied into one list, so this is done only when needed. */
export function joinFacts(stored: StoredFacts): UserFacts {
  const { profile } = stored;
  return {
    profile,
    measurements: joinChunks(stored.measurements, 'history'),
    activity: joinChunks(stored.activity, 'at'),
    regimens: joinRegimens(stored.regimenList, stored.regimens),
    sessions: userSessions(stored.sessionMonths, stored.imported),
    mealPlans: joinMealPlans(stored.mealPlanList, stored.mealPlans),
    mealLogs: joinChunks(stored.mealLogs, 'logs'),
    foodLogs: joinChunks(stored.foodLogs, 'entries'),
  };
}
