import type { AppEvent } from '../../../../events/catalog.js';
import { ROLES, type ProfileFields } from '../../../../events/user.js';
import type { Projection } from '../projection.js';

/** GET /api/profile's "profile as read" (spec §3), plus what the query side needs to know of the user. */
export interface ProfileDoc {
  user_id: string;
  name: string;
  email: string;
  username: string | null;
  verified: boolean;
  age: number | null;
  gender: string;
  height_in: number | null;
  weight_lb: number | null;
  body_fat_percentage: number | null;
  muscle_percentage: number | null;
  target_weight_lb: number | null;
  target_body_fat_percentage: number | null;
  target_muscle_percentage: number | null;
  primary_goal: string | null;
  secondary_goal: string | null;
  weekly_workout_frequency: number | null;
  activity_level: string | null;
  gym_experience: number;
  help_preferences: string[];
  accessibility_needs: string | null;
  calorie_intake_goal: number | null;
  diet_type: string | null;
  diet_restrictions: string | null;
  role: number;
  current_regimen_id: string | null;
  current_regimen_day: number;
  current_meal_plan_id: string | null;
  current_meal_day: number;
  time_zone: string;
}

const profileFieldsOf = (p: ProfileFields) => ({
  name: p.name,
  age: p.age,
  gender: p.gender,
  height_in: p.heightIn,
  weight_lb: p.weightLb,
  body_fat_percentage: p.bodyFatPercentage,
  muscle_percentage: p.musclePercentage,
  target_weight_lb: p.targetWeightLb,
  target_body_fat_percentage: p.targetBodyFatPercentage,
  target_muscle_percentage: p.targetMusclePercentage,
  primary_goal: p.primaryGoal,
  secondary_goal: p.secondaryGoal,
  weekly_workout_frequency: p.weeklyWorkoutFrequency,
  activity_level: p.activityLevel,
  gym_experience: p.gymExperience,
  help_preferences: p.helpPreferences,
  accessibility_needs: p.accessibilityNeeds,
  calorie_intake_goal: p.calorieIntakeGoal,
  diet_type: p.dietType,
  diet_restrictions: p.dietRestrictions,
  time_zone: p.timeZone,
});

const handles = ['UserSignedUp', 'EmailVerified', 'ProfileUpdated', 'RoleGranted', 'PrimaryMealPlanSelected', 'MealPlanDayAdvanced', 'PrimaryRegimenSelected', 'RegimenDayAdvanced', 'RegimenRestarted'] as const;

export const profilesProjection: Projection<ProfileDoc> = {
  name: 'profiles',
  handles,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event: AppEvent) {
    switch (event.type) {
      case 'UserSignedUp':
        return {
          user_id: event.data.userId,
          email: event.data.email,
          username: event.data.username,
          verified: false,
          ...profileFieldsOf(event.data),
          role: ROLES.user,
          current_regimen_id: null,
          current_regimen_day: 1,
          current_meal_plan_id: null,
          current_meal_day: 1,
        };
      case 'EmailVerified':
        return doc && { ...doc, verified: true };
      case 'ProfileUpdated':
        return doc && { ...doc, ...profileFieldsOf(event.data) };
      case 'RoleGranted':
        return doc && { ...doc, role: event.data.role };
      // current_meal_plan_id and current_meal_day follow the primary meal plan and its day.
      case 'PrimaryMealPlanSelected':
        return doc && { ...doc, current_meal_plan_id: event.data.mealPlanId, current_meal_day: event.data.currentDay };
      case 'MealPlanDayAdvanced':
        return doc && doc.current_meal_plan_id === event.data.mealPlanId ? { ...doc, current_meal_day: event.data.toDay } : doc;
      // current_regimen_id and current_regimen_day follow the primary workout regimen and its day.
      case 'PrimaryRegimenSelected':
        return doc && { ...doc, current_regimen_id: event.data.regimenId, current_regimen_day: event.data.currentDay };
      case 'RegimenDayAdvanced':
        return doc && doc.current_regimen_id === event.data.regimenId ? { ...doc, current_regimen_day: event.data.toDay } : doc;
      case 'RegimenRestarted':
        return doc && doc.current_regimen_id === event.data.regimenId ? { ...doc, current_regimen_day: 1 } : doc;
      default:
        return doc;
    }
  },
};

/** The answer of GET /api/profile: the spec's fields, every one present. */
export function profileAsRead(doc: ProfileDoc) {
  const { user_id: _id, username: _username, verified: _verified, ...profile } = doc;
  return profile;
}
