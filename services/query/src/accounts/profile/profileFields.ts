import { ACTIVITY_LEVELS, completeProfile, GENDERS, HELP_PREFERENCES, type ProfileFields } from '../../../../../events/user.js';
import type { ProfileAnswer } from '../../../../../contract/accounts/profileAnswer.js';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T | null): T | null => (values.includes(value as T) ? (value as T) : fallback);

/** The profile as read, back in the events' words, for the rules written over them (the coach's targets). */
export function profileOfAnswer(p: ProfileAnswer): ProfileFields {
  return completeProfile({
    name: p.name,
    age: p.age,
    gender: oneOf(GENDERS, p.gender, 'Other')!,
    heightIn: p.height_in,
    weightLb: p.weight_lb,
    bodyFatPercentage: p.body_fat_percentage,
    musclePercentage: p.muscle_percentage,
    targetWeightLb: p.target_weight_lb,
    targetBodyFatPercentage: p.target_body_fat_percentage,
    targetMusclePercentage: p.target_muscle_percentage,
    primaryGoal: p.primary_goal,
    secondaryGoal: p.secondary_goal,
    weeklyWorkoutFrequency: p.weekly_workout_frequency,
    activityLevel: oneOf(ACTIVITY_LEVELS, p.activity_level, null),
    gymExperience: p.gym_experience,
    helpPreferences: p.help_preferences.filter((h): h is ProfileFields['helpPreferences'][number] => (HELP_PREFERENCES as readonly string[]).includes(h)),
    accessibilityNeeds: p.accessibility_needs,
    calorieIntakeGoal: p.calorie_intake_goal,
    dietType: p.diet_type,
    dietRestrictions: p.diet_restrictions,
    timeZone: p.time_zone,
    equipment: p.equipment,
    units: p.units,
  });
}
