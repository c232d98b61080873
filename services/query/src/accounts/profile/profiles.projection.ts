import type { AppEvent } from '../../../../../events/catalog.js';
import { effectiveRole } from '../../../../../events/role.js';
import { ROLES } from '../../../../../contract/accounts/roles.js';
import { completeProfile, type ProfileFields } from '../../../../../events/user.js';
import type { Projection } from '../../projection.js';
import type { ProfileAnswer, ProfileSubscription } from '../../../../../contract/accounts/profileAnswer.js';

export type { ProfileAnswer, ProfileSubscription } from '../../../../../contract/accounts/profileAnswer.js';

/** GET /api/profile's "profile as read" (docs/product.md#what-the-app-keeps-and-answers), plus what the query side needs to know of the user. */
export interface ProfileDoc extends ProfileAnswer {
  user_id: string;
  username: string | null;
  verified: boolean;
  /** The role last granted on the user stream; `role` is what it makes together with the subscription. */
  granted_role: number;
}

const profileFieldsOf = (fields: ProfileFields) => {
  const p = completeProfile(fields);
  return {
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
    equipment: p.equipment,
    units: p.units,
  };
};

const handles = ['UserSignedUp', 'EmailVerified', 'ProfileUpdated', 'RoleGranted', 'PrimaryMealPlanSelected', 'MealPlanDayAdvanced', 'PrimaryRegimenSelected', 'RegimenDayAdvanced', 'RegimenRestarted', 'SubscriptionActivated', 'SubscriptionCancelled', 'SubscriptionEnded', 'StarterPlansGenerated', 'AccountDeleted'] as const;

/** The doc with its subscription changed, and the role that makes (one rule for both sides: `effectiveRole`). */
const withSubscription = (doc: ProfileDoc, subscription: ProfileSubscription): ProfileDoc => ({
  ...doc,
  subscription,
  role: effectiveRole(doc.granted_role, subscription.status === 'active'),
});

const ended = (doc: ProfileDoc, status: 'cancelled' | 'ended', at: string): ProfileDoc =>
  doc.subscription?.status === 'active' ? withSubscription(doc, { ...doc.subscription, status, ended_at: at }) : doc;

export const profilesProjection: Projection<ProfileDoc> = {
  name: 'profiles',
  handles,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event: AppEvent) {
    switch (event.type) {
      // A deleted account's doc goes with it, live and in every replay.
      case 'AccountDeleted':
        return undefined;
      case 'UserSignedUp':
        return {
          user_id: event.data.userId,
          email: event.data.email,
          username: event.data.username,
          verified: false,
          ...profileFieldsOf(event.data),
          role: ROLES.user,
          granted_role: ROLES.user,
          subscription: null,
          initial_plan_generated: false,
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
        return doc && { ...doc, granted_role: event.data.role, role: effectiveRole(event.data.role, doc.subscription?.status === 'active') };
      case 'SubscriptionActivated':
        return doc && withSubscription(doc, { status: 'active', interval: event.data.interval, since: event.data.activatedAt, ended_at: null });
      case 'SubscriptionCancelled':
        return doc && ended(doc, 'cancelled', event.data.cancelledAt);
      case 'SubscriptionEnded':
        return doc && ended(doc, 'ended', event.data.endedAt);
      case 'StarterPlansGenerated':
        return doc && { ...doc, initial_plan_generated: true };
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
export function profileAsRead(doc: ProfileDoc): ProfileAnswer {
  const { user_id: _id, username: _username, verified: _verified, granted_role: _granted, ...profile } = doc;
  return profile;
}
