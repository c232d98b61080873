import { chunksOf, joinChunks } from '../chunks.js';
import type { MealLogsDoc } from '../meals/mealLogs.projection.js';
import type { MealPlansDoc } from '../meals/mealPlans.projection.js';
import type { MeasurementsDoc } from '../profile/measurements.projection.js';
import type { ProfileDoc } from '../profile/profiles.projection.js';
import type { WorkoutSessionsDoc } from '../sessions/workoutSessions.projection.js';
import type { ReadModelStore } from '../store/port.js';
import type { RegimensDoc } from '../workouts/regimens.projection.js';
import type { LoginsDoc } from './logins.projection.js';

/** Every read model the dashboard and the progress page draw from, for one user. */
export interface UserFacts {
  profile: ProfileDoc;
  measurements: MeasurementsDoc | undefined;
  logins: LoginsDoc | undefined;
  regimens: RegimensDoc | undefined;
  sessions: WorkoutSessionsDoc | undefined;
  mealPlans: MealPlansDoc | undefined;
  mealLogs: MealLogsDoc | undefined;
}

export async function loadUserFacts(readModels: ReadModelStore, userId: string): Promise<UserFacts | undefined> {
  const [profile, measurements, logins, regimens, sessions, mealPlans, mealLogs] = await Promise.all([
    readModels.get<ProfileDoc>('profiles', userId),
    readModels.range<MeasurementsDoc>('measurements', chunksOf(userId)),
    readModels.range<LoginsDoc>('logins', chunksOf(userId)),
    readModels.get<RegimensDoc>('regimens', userId),
    readModels.get<WorkoutSessionsDoc>('workoutSessions', userId),
    readModels.get<MealPlansDoc>('mealPlans', userId),
    readModels.range<MealLogsDoc>('mealLogs', chunksOf(userId)),
  ]);
  return profile && { profile, measurements: joinChunks(measurements, 'history'), logins: joinChunks(logins, 'at'), regimens, sessions, mealPlans, mealLogs: joinChunks(mealLogs, 'logs') };
}
