import type { z } from 'zod';
import { CALORIE_CEILING, CALORIE_FLOORS } from '../../../domain/coach/energy.js';
import { allowedFoods, readDiet, type DietTag } from '../../../domain/nutrition/diets.js';
import { mealAllowed } from '../../../domain/coach/swaps.js';

/**
 * The physical and clinical bounds every plan passes, whoever wrote it: the built-in coach, a model, or a client
 * calling POST /api/savePlan. Both plan schemas run these checks, so the chat's reply gate, the starter plans and
 * savePlan refuse the same plans, each with the field and the bound in the message.
 */
export const SAFE = {
  /** The lowest of the common clinical floors (women 1,200, men 1,500): the plan alone does not say whose it is. */
  calorieFloor: Math.min(...Object.values(CALORIE_FLOORS)),
  calorieCeiling: CALORIE_CEILING,
  /** One meal above half the day's ceiling is a typo, not a meal. */
  mealCalories: CALORIE_CEILING / 2,
  /** A meal's calories agree with its macros (4/4/9) within this share, plus a little rounding. */
  macroTolerance: 0.15,
  macroSlackKcal: 20,
  setsPerExercise: 20,
  repsPerSet: 100,
  minutesPerExercise: 120,
} as const;

type Ctx = z.RefinementCtx;

const BY_MACROS: DietTag[] = ['keto', 'low-carb', 'paleo'];

interface MealPlanShape {
  diet_type?: string | null;
  calorie_goal: number;
  meals: Array<{ name: string; calories: number; proteinGrams: number; carbsGrams: number; fatsGrams: number }>;
}

export function checkMealPlan(plan: MealPlanShape, ctx: Ctx): void {
  if (plan.calorie_goal < SAFE.calorieFloor) {
    ctx.addIssue({ code: 'custom', path: ['calorie_goal'], message: `calorie_goal must be at least ${SAFE.calorieFloor} kcal a day: less needs medical supervision` });
  }
  if (plan.calorie_goal > SAFE.calorieCeiling) ctx.addIssue({ code: 'custom', path: ['calorie_goal'], message: `calorie_goal must be at most ${SAFE.calorieCeiling} kcal a day` });
  // A plan labelled with a diet never holds what the diet excludes. Only the diets that exclude foods by what they
  // are (meat, fish, gluten, dairy…): keto, low-carb and paleo are about portions and macros, not one food's name.
  const diet = readDiet(plan.diet_type ?? null);
  const excluding = { ...diet, tags: diet.tags.filter((t) => !BY_MACROS.includes(t)) };
  const allowed = excluding.tags.length > 0 ? allowedFoods(excluding, { allergens: [], avoidWords: [] }, false) : null;
  plan.meals.forEach((meal, i) => {
    if (meal.calories <= 0) ctx.addIssue({ code: 'custom', path: ['meals', i, 'calories'], message: 'calories must be more than 0 kcal: a meal of nothing is not a meal' });
    else if (meal.calories > SAFE.mealCalories) ctx.addIssue({ code: 'custom', path: ['meals', i, 'calories'], message: `calories must be at most ${SAFE.mealCalories} kcal for one meal` });
    if (meal.calories > 0) {
      const fromMacros = meal.proteinGrams * 4 + meal.carbsGrams * 4 + meal.fatsGrams * 9;
      if (Math.abs(fromMacros - meal.calories) > meal.calories * SAFE.macroTolerance + SAFE.macroSlackKcal) {
        ctx.addIssue({
          code: 'custom',
          path: ['meals', i, 'calories'],
          message: `calories (${meal.calories}) must agree with the macros within ${SAFE.macroTolerance * 100}%: 4 kcal per g of protein and carbs, 9 per g of fat make ${Math.round(fromMacros)} kcal`,
        });
      }
    }
    if (allowed && !mealAllowed(meal.name, allowed)) {
      ctx.addIssue({ code: 'custom', path: ['meals', i, 'meal'], message: `"${meal.name}" does not fit the plan's diet_type (${plan.diet_type})` });
    }
  });
}

interface WorkoutPlanShape {
  workouts: Array<{ exercises: Array<{ name: string; sets: number; reps: { written: string; target: number }; duration: number }> }>;
}

export function checkWorkoutPlan(plan: WorkoutPlanShape, ctx: Ctx): void {
  plan.workouts.forEach((day, d) =>
    day.exercises.forEach((e, x) => {
      const path = ['workouts', d, 'exercises', x];
      if (e.sets > SAFE.setsPerExercise) ctx.addIssue({ code: 'custom', path: [...path, 'sets'], message: `sets must be at most ${SAFE.setsPerExercise} for one exercise` });
      const most = Math.max(...(e.reps.written.match(/\d+/g) ?? ['0']).map(Number));
      if (most > SAFE.repsPerSet) ctx.addIssue({ code: 'custom', path: [...path, 'reps'], message: `reps must be at most ${SAFE.repsPerSet} a set` });
      // Cardio says its time in the name ("Brisk Walk (30 min, easy pace)"); hours count too.
      const named = /(\d+(?:\.\d+)?)\s*(min|minutes?|h|hours?)\b/i.exec(e.name);
      const minutes = named ? Number(named[1]) * (/^h/i.test(named[2]!) ? 60 : 1) : 0;
      if (minutes > SAFE.minutesPerExercise || e.duration > SAFE.minutesPerExercise * 60) {
        ctx.addIssue({ code: 'custom', path: [...path, minutes > SAFE.minutesPerExercise ? 'name' : 'duration'], message: `one exercise must last at most ${SAFE.minutesPerExercise / 60} hours` });
      }
    }),
  );
}
