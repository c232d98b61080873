import { z } from 'zod';
import {
  activityLevel,
  bounds,
  gender,
  gymExperience,
  helpPreferences,
  optionalNumber,
  optionalText,
  requiredNumber,
  requiredText,
  timeZone,
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
    // A list of names is kept as one text; a list holding anything but text is refused by optionalText.
    allergies: z.preprocess(
      (v) => (Array.isArray(v) && v.every((item) => typeof item === 'string') ? v.join(', ') : v),
      optionalText(500),
    ),
    /** Sent back by the form as it was read; a role is never changed here (see docs/decisions.md). */
    role: z.unknown().optional(),
    timeZone: timeZone.optional(),
    units: z.enum(['lb', 'kg'], { error: "units must be 'lb' or 'kg'" }).optional(),
  })
  .strict();

export type ProfileInput = z.infer<typeof profileInput>;
