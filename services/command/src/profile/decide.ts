import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import type { ProfileFields } from '../../../../events/user.js';
import { Rejected } from '../../../../events/rejected.js';
import type { User } from '../accounts/user.js';
import type { ProfileInput } from './profileInput.js';

export interface UpdateProfile {
  input: ProfileInput;
  now: string;
}

/** Left out keeps the value; sent (even as null) replaces it. */
const given = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

export function updateProfile(state: User, { input, now }: UpdateProfile): AppNewEvent[] {
  if (state.status === 'none') throw new Rejected('not_found', 'No such user');
  const old = state.profile;
  const profile: ProfileFields = {
    name: input.name,
    age: input.age,
    gender: input.gender,
    heightIn: input.height,
    weightLb: input.weight,
    targetWeightLb: input.targetWeight,
    bodyFatPercentage: given(input.bodyFatPercentage, old.bodyFatPercentage),
    musclePercentage: given(input.musclePercentage, old.musclePercentage),
    targetBodyFatPercentage: given(input.targetBodyFatPercentage, old.targetBodyFatPercentage),
    targetMusclePercentage: given(input.targetMusclePercentage, old.targetMusclePercentage),
    primaryGoal: given(input.primaryGoal, old.primaryGoal),
    secondaryGoal: given(input.secondaryGoal, old.secondaryGoal),
    weeklyWorkoutFrequency: given(input.weeklyWorkoutFrequency, old.weeklyWorkoutFrequency),
    activityLevel: given(input.activityLevel, old.activityLevel),
    gymExperience: given(input.gymExperience, old.gymExperience),
    helpPreferences: given(input.helpPreferences, old.helpPreferences),
    accessibilityNeeds: given(input.accessibilityNeeds, old.accessibilityNeeds),
    calorieIntakeGoal: given(input.calorieIntakeGoal, old.calorieIntakeGoal),
    dietType: given(input.dietType, old.dietType),
    dietRestrictions: given(input.allergies, old.dietRestrictions),
    timeZone: given(input.timeZone, old.timeZone),
    // Left out when never chosen, so a profile saved before units existed is not rewritten for it.
    ...(input.units ?? old.units ? { units: input.units ?? old.units } : {}),
  };
  const events: AppNewEvent[] = [];
  if (JSON.stringify(profile) !== JSON.stringify(old)) {
    events.push(newEvent('ProfileUpdated', { userId: state.userId, ...profile }));
  }
  const measurement = measurementOf(profile);
  const m = state.measured;
  if (
    measurement.weightLb !== m.weightLb ||
    measurement.bodyFatPercentage !== m.bodyFatPercentage ||
    measurement.musclePercentage !== m.musclePercentage
  ) {
    events.push(newEvent('MeasurementRecorded', { userId: state.userId, measuredAt: now, ...measurement }));
  }
  return events;
}

export const measurementOf = (profile: Pick<ProfileFields, 'weightLb' | 'bodyFatPercentage' | 'musclePercentage'>) => ({
  weightLb: profile.weightLb,
  bodyFatPercentage: profile.bodyFatPercentage,
  musclePercentage: profile.musclePercentage,
});
