/**
 * The answer of GET /api/meal-plans as types, written once for both sides: the meal plans projection and route build
 * it and the web client's meals feature reads it. Types only, importing nothing, so the web build takes nothing else
 * from the server.
 */

/** One meal of a plan (docs/product.md#what-the-app-keeps-and-answers "Meal plan"). */
export interface MealPlanMeal {
  meal_plan_meal_id: string;
  day_number: number;
  meal_time: string;
  meal: { name: string; calories: number; protein_grams: number; carbs_grams: number; fats_grams: number; allergens: string | null };
}

/** A meal plan as GET /api/meal-plans lists it, and whether it is the primary one. */
export interface ListedMealPlan {
  meal_plan_id: string;
  name: string;
  diet_type: string | null;
  calorie_goal: number;
  description: string | null;
  current_day: number;
  is_primary: boolean;
  /** By day, and within a day Breakfast, Lunch, Dinner, Snack (docs/product.md#numbers-and-constants); meals sharing a time keep the plan's order. */
  meals: MealPlanMeal[];
}
