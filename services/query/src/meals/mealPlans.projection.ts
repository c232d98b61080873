import { mealOrder } from '../../../../events/mealPlan.js';
import type { Projection } from '../projection.js';

/** One meal of a plan as GET /api/meal-plans shows it (spec §3 "Meal plan"). */
export interface MealPlanMealView {
  meal_plan_meal_id: string;
  day_number: number;
  meal_time: string;
  meal: { name: string; calories: number; protein_grams: number; carbs_grams: number; fats_grams: number; allergens: string | null };
}

export interface MealPlanView {
  meal_plan_id: string;
  name: string;
  diet_type: string | null;
  calorie_goal: number;
  description: string | null;
  current_day: number;
  /** The plan's length: its highest day number; advancing past it starts over at day 1. */
  days: number;
  saved_at: string;
  /** By day, and within a day Breakfast, Lunch, Dinner, Snack (spec §9); meals sharing a time keep the plan's order. */
  meals: MealPlanMealView[];
}

/** Every meal plan a user has not deleted, in the order saved, and which one is primary. */
export interface MealPlansDoc {
  user_id: string;
  primary_meal_plan_id: string | null;
  plans: MealPlanView[];
}

const handles = ['MealPlanSaved', 'MealPlanDayAdvanced', 'PrimaryMealPlanSelected', 'MealPlanDeleted', 'AccountDeleted'] as const;

const empty = (userId: string): MealPlansDoc => ({ user_id: userId, primary_meal_plan_id: null, plans: [] });

export const mealPlansProjection: Projection<MealPlansDoc> = {
  name: 'mealPlans',
  handles,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(current, event) {
    switch (event.type) {
      case 'AccountDeleted':
        return undefined;
      case 'MealPlanSaved': {
        const doc = current ?? empty(event.data.userId);
        const { mealPlanId, name, dietType, calorieGoal, description, days, meals, savedAt } = event.data;
        const ordered = meals
          .map((meal, index) => ({ meal, index }))
          .sort((a, b) => a.meal.dayNumber - b.meal.dayNumber || mealOrder(a.meal.mealTime) - mealOrder(b.meal.mealTime) || a.index - b.index)
          .map(({ meal }) => ({
            meal_plan_meal_id: meal.mealPlanMealId,
            day_number: meal.dayNumber,
            meal_time: meal.mealTime,
            meal: {
              name: meal.name,
              calories: meal.calories,
              protein_grams: meal.proteinGrams,
              carbs_grams: meal.carbsGrams,
              fats_grams: meal.fatsGrams,
              allergens: meal.allergens,
            },
          }));
        const plan: MealPlanView = {
          meal_plan_id: mealPlanId,
          name,
          diet_type: dietType,
          calorie_goal: calorieGoal,
          description,
          current_day: 1,
          days,
          saved_at: savedAt,
          meals: ordered,
        };
        return { ...doc, plans: [...doc.plans.filter((p) => p.meal_plan_id !== mealPlanId), plan] };
      }
      case 'MealPlanDayAdvanced': {
        if (!current) return current;
        const { mealPlanId, toDay } = event.data;
        return { ...current, plans: current.plans.map((p) => (p.meal_plan_id === mealPlanId ? { ...p, current_day: toDay } : p)) };
      }
      case 'PrimaryMealPlanSelected':
        return { ...(current ?? empty(event.data.userId)), primary_meal_plan_id: event.data.mealPlanId };
      case 'MealPlanDeleted':
        return current && { ...current, plans: current.plans.filter((p) => p.meal_plan_id !== event.data.mealPlanId) };
      default:
        return current;
    }
  },
};

/** The primary plan, if the user has one. */
export const primaryPlanOf = (doc: MealPlansDoc | undefined) => doc?.plans.find((p) => p.meal_plan_id === doc.primary_meal_plan_id);
