import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import type { ProfileFields } from '../../../../../events/user.js';
import { Rejected } from '../../../../../events/rejected.js';
import type { User } from '../user.js';

/** The fields the profile form always sends (they replace), and those it may leave out (left out keeps the value). */
type Required = 'name' | 'age' | 'gender' | 'heightIn' | 'weightLb' | 'targetWeightLb';
/** A profile save, in the profile's words (the route maps the form's fields to these). */
export type ProfileChanges = Pick<ProfileFields, Required> & Partial<Omit<ProfileFields, Required>>;

export interface UpdateProfile {
  changes: ProfileChanges;
  now: string;
}

/** Left out keeps the value; sent (even as null) replaces it. */
const given = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

export function updateProfile(state: User, { changes, now }: UpdateProfile): AppNewEvent[] {
  if (state.status === 'none') throw new Rejected('not_found', 'No such user');
  const old = state.profile;
  const profile: ProfileFields = {
    name: changes.name,
    age: changes.age,
    gender: changes.gender,
    heightIn: changes.heightIn,
    weightLb: changes.weightLb,
    targetWeightLb: changes.targetWeightLb,
    bodyFatPercentage: given(changes.bodyFatPercentage, old.bodyFatPercentage),
    musclePercentage: given(changes.musclePercentage, old.musclePercentage),
    targetBodyFatPercentage: given(changes.targetBodyFatPercentage, old.targetBodyFatPercentage),
    targetMusclePercentage: given(changes.targetMusclePercentage, old.targetMusclePercentage),
    primaryGoal: given(changes.primaryGoal, old.primaryGoal),
    secondaryGoal: given(changes.secondaryGoal, old.secondaryGoal),
    weeklyWorkoutFrequency: given(changes.weeklyWorkoutFrequency, old.weeklyWorkoutFrequency),
    activityLevel: given(changes.activityLevel, old.activityLevel),
    gymExperience: given(changes.gymExperience, old.gymExperience),
    helpPreferences: given(changes.helpPreferences, old.helpPreferences),
    accessibilityNeeds: given(changes.accessibilityNeeds, old.accessibilityNeeds),
    calorieIntakeGoal: given(changes.calorieIntakeGoal, old.calorieIntakeGoal),
    dietType: given(changes.dietType, old.dietType),
    dietRestrictions: given(changes.dietRestrictions, old.dietRestrictions),
    timeZone: given(changes.timeZone, old.timeZone),
    // An account from before these were asked has neither: null until given.
    equipment: given(changes.equipment, old.equipment ?? null),
    units: given(changes.units, old.units ?? null),
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
