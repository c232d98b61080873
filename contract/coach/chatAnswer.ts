/**
 * What POST /api/chat answers, as types written once for both sides: the coach builds them (services/domain/coach)
 * and the web's chat reads them. Types only; the one import is another contract file of types.
 */
import type { MealTime } from '../nutrition/mealTimes.js';

/** docs/product.md#what-the-app-keeps-and-answers "AI plan data", workout kind, exactly as POST /api/savePlan takes it. */
export interface WorkoutPlanData {
  planType: 'workout';
  name: string;
  description: string;
  goal: string;
  level: string;
  duration_weeks: number;
  workouts: Array<{
    day: number;
    summary: string;
    /** `reps` may be a range written as text ("8-12"); `duration` is seconds (0 when untimed). */
    /** `why`: the rule that chose the exercise and the facts it used, kept with the plan so "why?" is answered from it. */
    exercises: Array<{ name: string; sets: number; reps: number | string; duration: number; why?: string }>;
  }>;
  /** A saved plan with exercises swapped: the swaps to make in it, in place, rather than a second plan to save. */
  revises?: { regimenId: string; swaps: Array<{ workoutId: string; name: string }> };
}

/** docs/product.md#what-the-app-keeps-and-answers "AI plan data", meal kind, with the long macro names. */
export interface MealPlanData {
  planType: 'meal';
  name: string;
  description: string;
  diet_type: string | null;
  calorie_goal: number;
  meals: Array<{
    day: number;
    meal_time: MealTime;
    meal: string;
    calories: number;
    protein_grams: number;
    carbs_grams: number;
    fats_grams: number;
    allergens: string | null;
  }>;
}

export type PlanData = WorkoutPlanData | MealPlanData;

/**
 * A food the person said they ate, as POST /api/food-log takes it (`meal_time`, `food`, `portion`, `quantity`), with
 * what it counts for and what it breaks of a stated diet or allergy: the chat's "Log it" sends it as it is.
 */
export interface FoodLogOffer {
  meal_time: MealTime;
  food: string;
  portion: string;
  quantity: number;
  name: string;
  calories: number;
  protein: number;
  carbs: number;
  fats: number;
  flags: string[];
  /** The unit the person said that the food has no measure for ("slice"): its own measure was used. */
  unmatchedUnit?: string;
}
