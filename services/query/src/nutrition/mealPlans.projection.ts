import { mealOrder } from '../../../../contract/nutrition/mealTimes.js';
import { mealPlanDayOn } from '../../../domain/nutrition/planDays.js';
import { localDate } from '../../../platform/time.js';
import { chunksOf } from '../chunks.js';
import { primaryThenNewest } from '../planOrder.js';
import { erasesAccount, type Projection } from '../projection.js';
import type { ListedMealPlan } from '../../../../contract/nutrition/mealPlanAnswer.js';

/** One meal plan: what the list answers, and what the dashboard and the day's advance need beside it. */
export interface MealPlanView extends Omit<ListedMealPlan, 'is_primary'> {
  /** The plan's length: its highest day number; advancing past it starts over at day 1. */
  days: number;
  saved_at: string;
  /**
   * When `current_day` was set (the save, or the last "Proceed"): the plan moves on one day a day from there, in the
   * person's zone (`mealDayOn`). Absent on docs folded before plans moved by the date: `saved_at` then.
   */
  day_set_at?: string;
}

/** Every meal plan a user has not deleted, in the order saved, and which one is primary (joined from the docs below). */
export interface MealPlansDoc {
  user_id: string;
  primary_meal_plan_id: string | null;
  plans: MealPlanView[];
}

/** Which meal plans one user has, in the order saved, and which one is primary: a list of ids, not of plans. */
export interface MealPlanListDoc {
  user_id: string;
  primary_meal_plan_id: string | null;
  meal_plan_ids: string[];
}

/** A meal plan's doc key: among its owner's chunks (chunks.ts), so all of a user's plans are one range. */
export const mealPlanKey = (userId: string, mealPlanId: string) => `${chunksOf(userId)}${mealPlanId}`;

export const mealPlanListsProjection: Projection<MealPlanListDoc> = {
  name: 'mealPlanLists',
  handles: ['MealPlanSaved', 'PrimaryMealPlanSelected', 'MealPlanDeleted', 'AccountDeleted'],
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event) {
    if (event.type === 'AccountDeleted') return undefined;
    const current = doc ?? { user_id: (event.data as { userId: string }).userId, primary_meal_plan_id: null, meal_plan_ids: [] };
    switch (event.type) {
      case 'MealPlanSaved': {
        const id = event.data.mealPlanId;
        // Saved again under its id (a retried save): it moves to the end, as the newest.
        return { ...current, meal_plan_ids: [...current.meal_plan_ids.filter((p) => p !== id), id] };
      }
      case 'PrimaryMealPlanSelected':
        return { ...current, primary_meal_plan_id: event.data.mealPlanId };
      case 'MealPlanDeleted':
        return { ...current, meal_plan_ids: current.meal_plan_ids.filter((p) => p !== event.data.mealPlanId) };
      default:
        return doc;
    }
  },
};

/** One doc per meal plan: a save, a day advanced or a delete writes that plan's doc alone. */
export const mealPlansProjection: Projection<MealPlanView> = {
  name: 'mealPlanPlans',
  // 2: the day's instant is kept, so the plan moves on by the date.
  version: 2,
  handles: ['MealPlanSaved', 'MealPlanDayAdvanced', 'MealPlanDeleted', 'AccountDeleted'],
  // An erased account's plans go with it.
  erases: erasesAccount,
  key: (event) => {
    const { userId, mealPlanId } = event.data as { userId: string; mealPlanId: string };
    return mealPlanKey(userId, mealPlanId);
  },
  evolve(current, event) {
    switch (event.type) {
      case 'MealPlanSaved': {
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
        return {
          meal_plan_id: mealPlanId,
          name,
          diet_type: dietType,
          calorie_goal: calorieGoal,
          description,
          current_day: 1,
          days,
          saved_at: savedAt,
          day_set_at: savedAt,
          meals: ordered,
        };
      }
      case 'MealPlanDayAdvanced':
        return current && { ...current, current_day: event.data.toDay, day_set_at: event.data.advancedAt };
      case 'MealPlanDeleted':
        return undefined;
      default:
        return current;
    }
  },
};

/** The plan's day on the person's calendar at `now`: one day on each day from the day it was set (docs/adr/0077). */
export const mealDayOn = (plan: MealPlanView, now: Date | string, timeZone: string) =>
  mealPlanDayOn(plan.days, { dayOn: plan.current_day, since: localDate(plan.day_set_at ?? plan.saved_at, timeZone) }, localDate(now, timeZone));

/** A user's meal plans joined from their list and their plans' docs, in the order saved. */
export function joinMealPlans(list: MealPlanListDoc | undefined, plans: MealPlanView[]): MealPlansDoc | undefined {
  if (!list) return undefined;
  const byId = new Map(plans.map((p) => [p.meal_plan_id, p]));
  return { user_id: list.user_id, primary_meal_plan_id: list.primary_meal_plan_id, plans: list.meal_plan_ids.flatMap((id) => byId.get(id) ?? []) };
}

/** The ids as the meal plans list shows them: the primary first, then the newest saved first. */
export function listedMealPlanIds(list: MealPlanListDoc | undefined): string[] {
  return list ? primaryThenNewest(list.meal_plan_ids, list.primary_meal_plan_id) : [];
}

/** The primary plan, if the user has one. */
export const primaryPlanOf = (doc: MealPlansDoc | undefined) => doc?.plans.find((p) => p.meal_plan_id === doc.primary_meal_plan_id);
