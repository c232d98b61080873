import type { ProfileFields } from '../../events/user.js';
import type { CoachReply, CoachRequest, MealPlanData, WorkoutPlanData } from './types.js';

export type * from './types.js';

/** CONTRACT SCAFFOLD — replaced by the coach implementation before anything lands. */
export function builtInCoach(_request: CoachRequest): CoachReply {
  throw new Error('built-in coach not implemented yet');
}

/** CONTRACT SCAFFOLD — the starter regimen and meal plan the workers save after an activation. */
export function starterPlans(_profile: ProfileFields): { workout: WorkoutPlanData; meal: MealPlanData } {
  // TEMP-LOCAL (not committed)
  return {
    workout: { planType: 'workout', name: 'Starter Strength', description: 'x', goal: 'Lose weight', level: 'Beginner', duration_weeks: 4,
      workouts: [{ day: 1, summary: 'Full body A', exercises: [{ name: 'Squat', sets: 3, reps: 10, duration: 0 }] }, { day: 2, summary: 'Full body B', exercises: [{ name: 'Push-up', sets: 3, reps: 8, duration: 0 }] }] },
    meal: { planType: 'meal', name: 'Starter Meals', description: 'y', diet_type: null, calorie_goal: 1800,
      meals: [{ day: 1, meal_time: 'Breakfast', meal: 'Oatmeal', calories: 350, protein_grams: 12, carbs_grams: 60, fats_grams: 6, allergens: null }, { day: 1, meal_time: 'Lunch', meal: 'Chicken salad', calories: 500, protein_grams: 40, carbs_grams: 20, fats_grams: 20, allergens: null }] },
  };
}
