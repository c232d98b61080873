import { z } from 'zod';
import type { ProfileChanges } from './decide.js';
import { optionalNumber, optionalText, requiredNumber, requiredText } from '../../fields.js';
import {
  activityLevel,
  allergies,
  bounds,
  equipment,
  gender,
  gymExperience,
  helpPreferences,
  timeZone,
  units,
  weeklyWorkouts,
} from './fields.js';

/**
 * PUT /api/profile: the "profile as saved" names. Required fields as the profile form has them; an optional field
 * that is left out keeps its value, one sent empty is cleared.
 */
export const profileInput = z
  .object({
    name: requiredText(100, 'name'),
    age: requiredNumber(bounds.age[0], bounds.age[1], 'age').pipe(z.number().int('age must be a whole number')),
    gender: z.preprocess((v) => v ?? undefined, gender),
    height: requiredNumber(bounds.heightIn[0], bounds.heightIn[1], 'height'),
    weight: requiredNumber(bounds.weightLb[0], bounds.weightLb[1], 'weight'),
    targetWeight: requiredNumber(bounds.weightLb[0], bounds.weightLb[1], 'target weight'),
    bodyFatPercentage: optionalNumber(bounds.percent[0], bounds.percent[1], 'body fat'),
    musclePercentage: optionalNumber(bounds.percent[0], bounds.percent[1], 'muscle'),
    targetBodyFatPercentage: optionalNumber(bounds.percent[0], bounds.percent[1], 'target body fat'),
    targetMusclePercentage: optionalNumber(bounds.percent[0], bounds.percent[1], 'target muscle'),
    primaryGoal: optionalText(200),
    secondaryGoal: optionalText(200),
    weeklyWorkoutFrequency: weeklyWorkouts,
    activityLevel: z.preprocess((v) => (v === '' ? null : v), activityLevel.nullable().optional()),
    gymExperience: gymExperience.optional(),
    helpPreferences: helpPreferences.optional(),
    accessibilityNeeds: optionalText(1000),
    dietType: optionalText(50),
    calorieIntakeGoal: optionalNumber(bounds.calories[0], bounds.calories[1], 'calorie intake goal'),
    allergies,
    equipment,
    units,
    /** Sent back by the form as it was read; a role is never changed here (docs/adr/0053-profile-saves.md). */
    role: z.unknown().optional(),
    timeZone: timeZone.optional(),
  })
  .strict();

export type ProfileInput = z.infer<typeof profileInput>;

/** The form's fields as the profile's (the role sent back is not a change: it is left out). */
export const profileChangesOf = (input: ProfileInput): ProfileChanges => ({
  name: input.name,
  age: input.age,
  gender: input.gender,
  heightIn: input.height,
  weightLb: input.weight,
  targetWeightLb: input.targetWeight,
  bodyFatPercentage: input.bodyFatPercentage,
  musclePercentage: input.musclePercentage,
  targetBodyFatPercentage: input.targetBodyFatPercentage,
  targetMusclePercentage: input.targetMusclePercentage,
  primaryGoal: input.primaryGoal,
  secondaryGoal: input.secondaryGoal,
  weeklyWorkoutFrequency: input.weeklyWorkoutFrequency,
  activityLevel: input.activityLevel,
  gymExperience: input.gymExperience,
  helpPreferences: input.helpPreferences,
  accessibilityNeeds: input.accessibilityNeeds,
  calorieIntakeGoal: input.calorieIntakeGoal,
  dietType: input.dietType,
  dietRestrictions: input.allergies,
  timeZone: input.timeZone,
  equipment: input.equipment,
  units: input.units,
});
