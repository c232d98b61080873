import { monthKey } from '../chunks.js';
import type { Projection } from '../projection.js';

/** A food eaten, as logged (and not taken back). `day` is the person's calendar day it counts for. */
export interface FoodEntryView {
  entry_id: string;
  day: string;
  meal_time: string;
  kind: 'catalogue' | 'custom' | 'quick';
  food_id: string | null;
  name: string;
  portion: string;
  quantity: number;
  calories: number;
  protein_grams: number;
  carbs_grams: number;
  fats_grams: number;
  instead_of: string | null;
  logged_at: string;
}

/** A user's food log entries of one month of days (chunks.ts), in the order logged. */
export interface FoodLogsDoc {
  user_id: string;
  entries: FoodEntryView[];
}

export const foodLogsProjection: Projection<FoodLogsDoc> = {
  name: 'foodLogs',
  handles: ['FoodLogged', 'FoodLogEntryDeleted', 'AccountDeleted'],
  erases: (event) => (event.type === 'AccountDeleted' ? event.data.userId : undefined),
  key: (event) => {
    const { userId, day } = event.data as { userId: string; day: string };
    return monthKey(userId, day);
  },
  evolve(doc, event) {
    switch (event.type) {
      case 'FoodLogged': {
        const d = event.data;
        const entry: FoodEntryView = {
          entry_id: d.entryId,
          day: d.day,
          meal_time: d.mealTime,
          kind: d.kind,
          food_id: d.foodId,
          name: d.name,
          portion: d.portion,
          quantity: d.quantity,
          calories: d.calories,
          protein_grams: d.proteinGrams,
          carbs_grams: d.carbsGrams,
          fats_grams: d.fatsGrams,
          instead_of: d.insteadOfMealPlanMealId,
          logged_at: d.loggedAt,
        };
        return { user_id: d.userId, entries: [...(doc?.entries ?? []).filter((e) => e.entry_id !== d.entryId), entry] };
      }
      case 'FoodLogEntryDeleted':
        return doc && { ...doc, entries: doc.entries.filter((entry) => entry.entry_id !== event.data.entryId) };
      default:
        return doc;
    }
  },
};

/** One serving of a food the person typed, how often and when they last logged it. */
export interface OwnFoodView {
  name: string;
  kcal: number;
  protein: number;
  carbs: number;
  fats: number;
  times: number;
  last_used: string;
}

/** The foods a person typed (custom entries), newest first: what "recent" and "frequent" offer again. */
export interface OwnFoodsDoc {
  user_id: string;
  foods: OwnFoodView[];
}

/** How many typed foods are remembered per person: the oldest goes past it. */
export const OWN_FOODS_KEPT = 200;

export const ownFoodsProjection: Projection<OwnFoodsDoc> = {
  name: 'ownFoods',
  handles: ['FoodLogged', 'AccountDeleted'],
  erases: (event) => (event.type === 'AccountDeleted' ? event.data.userId : undefined),
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event) {
    if (event.type !== 'FoodLogged' || event.data.kind !== 'custom') return doc;
    const d = event.data;
    const per = (n: number) => Math.round((n / (d.quantity || 1)) * 10) / 10;
    const earlier = doc?.foods.find((food) => food.name.toLowerCase() === d.name.toLowerCase());
    const food: OwnFoodView = {
      name: d.name,
      kcal: Math.round(d.calories / (d.quantity || 1)),
      protein: per(d.proteinGrams),
      carbs: per(d.carbsGrams),
      fats: per(d.fatsGrams),
      times: (earlier?.times ?? 0) + 1,
      last_used: d.loggedAt,
    };
    const others = (doc?.foods ?? []).filter((f) => f !== earlier);
    return { user_id: d.userId, foods: [food, ...others].slice(0, OWN_FOODS_KEPT) };
  },
};
