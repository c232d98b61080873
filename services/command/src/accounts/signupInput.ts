import { z } from 'zod';
import type { SignUp } from './decide.js';
import { optionalNumber, optionalText, requiredNumber, requiredText } from '../fields.js';
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
} from './profile/api.js';

/**
 * The sign-up payload with every rule of the three wizard steps checked again here, and beside it (all optional, so
 * a sign-up without them is as before) what plans need: diet, allergies, where the person trains and their units.
 */
export const signupInput = z
  .object({
    name: optionalText(100),
    email: requiredText(254, 'email').pipe(z.email('email must be a valid e-mail address')),
    username: optionalText(30).pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_]+$/, 'username may only contain letters, digits and underscore (no spaces)')
        .nullable()
        .optional(),
    ),
    password: z
      .string({ error: 'password is required' })
      .min(6, 'password must be at least 6 characters')
      .max(200, 'password must be at most 200 characters'),
    age: requiredNumber(bounds.age[0], bounds.age[1], 'age').pipe(z.number().int('age must be a whole number')),
    gender: z.preprocess((v) => (v === '' || v == null ? 'Other' : v), gender),
    height: requiredNumber(bounds.heightIn[0], bounds.heightIn[1], 'height'),
    weight: requiredNumber(bounds.weightLb[0], bounds.weightLb[1], 'weight'),
    targetWeight: optionalNumber(bounds.weightLb[0], bounds.weightLb[1], 'target weight'),
    primaryGoal: requiredText(200, 'fitness goal'),
    weeklyWorkoutFrequency: weeklyWorkouts,
    activityLevel: z.preprocess((v) => (v === '' || v === null ? undefined : v), activityLevel),
    gymExperience: gymExperience.default(0),
    helpPreferences: helpPreferences.default([]),
    accessibilityNeeds: optionalText(1000),
    dietType: optionalText(50),
    allergies,
    equipment,
    units,
    timeZone: timeZone.default('UTC'),
  })
  .strict();

export type SignupInput = z.infer<typeof signupInput>;

/** The form's fields as the new account's, in the profile's words; what sign-up does not ask is null. */
export const newAccountOf = (input: SignupInput): Pick<SignUp, 'email' | 'username' | 'name' | 'profile'> => ({
  email: input.email,
  username: input.username ?? null,
  name: input.name ?? null,
  profile: {
    age: input.age,
    gender: input.gender,
    heightIn: input.height,
    weightLb: input.weight,
    bodyFatPercentage: null,
    musclePercentage: null,
    targetWeightLb: input.targetWeight ?? null,
    targetBodyFatPercentage: null,
    targetMusclePercentage: null,
    primaryGoal: input.primaryGoal,
    secondaryGoal: null,
    weeklyWorkoutFrequency: input.weeklyWorkoutFrequency ?? null,
    activityLevel: input.activityLevel,
    gymExperience: input.gymExperience,
    helpPreferences: input.helpPreferences,
    accessibilityNeeds: input.accessibilityNeeds ?? null,
    calorieIntakeGoal: null,
    dietType: input.dietType ?? null,
    dietRestrictions: input.allergies ?? null,
    timeZone: input.timeZone,
    equipment: input.equipment ?? null,
    units: input.units ?? null,
  },
});
