import type { ProfileFields } from '../../events/user.js';
import type { MealPlanData, ReferencedMealPlan, ReferencedRegimen, WorkoutPlanData } from '../../services/domain/coach/types.js';
import { offeredMealPlan } from '../../services/domain/coach/swaps.js';
import { regimenDaysOf } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';

/** A complete profile; each test states the fields it depends on. */
export const profile = (fields: Partial<ProfileFields> = {}): ProfileFields => ({
  name: 'Ana Lee',
  age: 34,
  gender: 'Female',
  heightIn: 65,
  weightLb: 170,
  bodyFatPercentage: null,
  musclePercentage: null,
  targetWeightLb: 150,
  targetBodyFatPercentage: null,
  targetMusclePercentage: null,
  primaryGoal: 'Lose weight',
  secondaryGoal: null,
  weeklyWorkoutFrequency: 3,
  activityLevel: 'Moderately exercise',
  gymExperience: 0.1,
  helpPreferences: [],
  accessibilityNeeds: null,
  calorieIntakeGoal: null,
  dietType: null,
  dietRestrictions: null,
  timeZone: 'UTC',
  ...fields,
});

/** A saved regimen as the chat loads it (three days, day 2 current). */
export const regimen = (fields: Partial<ReferencedRegimen> = {}): ReferencedRegimen => ({
  regimenId: 'r1',
  name: 'Lean Start',
  description: 'Three full-body days',
  goal: 'lose weight',
  level: 'novice',
  durationWeeks: 4,
  currentDay: 2,
  days: [
    {
      dayNumber: 1,
      summary: 'Full body A',
      exercises: [
        { workoutId: 'd1-e1', name: 'Barbell Back Squat', sets: 3, reps: '10', targetReps: 10, durationSeconds: 90 },
        { workoutId: 'd1-e2', name: 'Dumbbell Bench Press', sets: 3, reps: '10', targetReps: 10, durationSeconds: 90 },
        { workoutId: 'd1-e3', name: 'Lat Pulldown', sets: 3, reps: '10', targetReps: 10, durationSeconds: 90 },
      ],
    },
    {
      dayNumber: 2,
      summary: 'Full body B',
      exercises: [
        { workoutId: 'd2-e1', name: 'Dumbbell Romanian Deadlift', sets: 3, reps: '10', targetReps: 10, durationSeconds: 90 },
        { workoutId: 'd2-e2', name: 'Seated Cable Row', sets: 3, reps: '12', targetReps: 12, durationSeconds: 60 },
        { workoutId: 'd2-e3', name: 'Front Plank (30 s hold)', sets: 2, reps: '1', targetReps: 1, durationSeconds: 45 },
      ],
    },
    {
      dayNumber: 3,
      summary: 'Lower body',
      exercises: [
        { workoutId: 'd3-e1', name: 'Barbell Back Squat', sets: 4, reps: '8', targetReps: 8, durationSeconds: 120 },
        { workoutId: 'd3-e2', name: 'Walking Lunge', sets: 3, reps: '10', targetReps: 10, durationSeconds: 90 },
      ],
    },
  ],
  ...fields,
});

const meal = (dayNumber: number, mealTime: 'Breakfast' | 'Lunch' | 'Dinner' | 'Snack', name: string, calories: number, p: number, c: number, f: number, allergens: string | null = null) => ({
  mealPlanMealId: `m${dayNumber}-${mealTime}`,
  dayNumber,
  mealTime,
  name,
  calories,
  proteinGrams: p,
  carbsGrams: c,
  fatsGrams: f,
  allergens,
});

/** A saved two-day meal plan as the chat loads it (day 2 current). */
export const mealPlan = (fields: Partial<ReferencedMealPlan> = {}): ReferencedMealPlan => ({
  mealPlanId: 'p1',
  name: 'Lean week',
  dietType: 'Balanced',
  calorieGoal: 1800,
  description: null,
  currentDay: 2,
  days: 2,
  meals: [
    meal(1, 'Breakfast', 'Rolled oats (80 g) + Blueberries (100 g)', 400, 12, 68, 6, 'gluten'),
    meal(1, 'Lunch', 'Grilled chicken breast (150 g) + Brown rice (150 g)', 500, 50, 35, 7),
    meal(1, 'Dinner', 'Baked salmon (150 g) + Boiled potatoes (200 g) + Green beans (125 g)', 650, 41, 49, 18, 'fish'),
    meal(1, 'Snack', 'Nonfat Greek yogurt (170 g) + Apple (1 apple)', 230, 18, 31, 1, 'dairy'),
    meal(2, 'Breakfast', 'Eggs (2 large eggs) + Whole-wheat toast (2 slices)', 340, 20, 29, 12, 'gluten, egg'),
    meal(2, 'Lunch', 'Tuna in water (100 g) + Quinoa (150 g) + Mixed salad greens (80 g)', 420, 34, 35, 5, 'fish'),
    meal(2, 'Dinner', 'Sirloin steak (150 g) + Baked sweet potato (150 g) + Steamed broccoli (150 g)', 640, 46, 41, 12),
    meal(2, 'Snack', 'Almonds (28 g) + Banana (1 banana)', 280, 7, 33, 14, 'tree nuts'),
  ],
  ...fields,
});

/** Plans the coach wrote, as the chat loads them once saved (what /meal and /exercise attach). */
export function asReferenced(workout: WorkoutPlanData, meal: MealPlanData, currentDay = 1): { workoutPlan: ReferencedRegimen; mealPlan: ReferencedMealPlan } {
  return {
    workoutPlan: {
      regimenId: 'r-saved',
      name: workout.name,
      description: workout.description,
      goal: workout.goal,
      level: workout.level,
      durationWeeks: workout.duration_weeks,
      currentDay: Math.min(currentDay, workout.workouts.length),
      // As the workouts slice saves it (RegimenSaved.v2: reps as written beside their whole-number lower bound).
      days: regimenDaysOf(workoutPlanOf(workoutPlanInput.parse(workout))),
    },
    // As the chat reads a saved meal plan: the plan the coach offered, under its saved id and day.
    mealPlan: { ...offeredMealPlan(meal), mealPlanId: 'p-saved', currentDay },
  };
}
