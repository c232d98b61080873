import type { EventData } from '../../../../events/catalog.js';
import { byMonthOf } from '../chunks.js';
import { erasesAccount, type Projection } from '../projection.js';

/** A meal eaten (and not undone), with when and what it counted for. */
export interface MealLogView {
  meal_log_id: string;
  meal_plan_id: string;
  meal_plan_meal_id: string;
  day_number: number;
  meal_time: string;
  name: string;
  calories: number;
  protein_grams: number;
  carbs_grams: number;
  fats_grams: number;
  logged_at: string;
}

/** A meal log as the read models keep it, from its event. */
export function mealLogView(d: EventData<'MealLogged'>): MealLogView {
  return {
    meal_log_id: d.mealLogId,
    meal_plan_id: d.mealPlanId,
    meal_plan_meal_id: d.mealPlanMealId,
    day_number: d.dayNumber,
    meal_time: d.mealTime,
    name: d.name,
    calories: d.calories,
    protein_grams: d.proteinGrams,
    carbs_grams: d.carbsGrams,
    fats_grams: d.fatsGrams,
    logged_at: d.loggedAt,
  };
}

/**
 * The meals a user logged in one UTC month (chunks.ts), from every plan, in the order logged; `joinChunks` puts the
 * months back together. The dashboard (today's eaten meals and macros, meals logged this week) and the progress page
 * (calories per day) group these by date in the user's zone.
 */
export interface MealLogsDoc {
  user_id: string;
  logs: MealLogView[];
}

export const mealLogsProjection: Projection<MealLogsDoc> = {
  name: 'mealLogs',
  handles: ['MealLogged', 'MealLogUndone', 'AccountDeleted'],
  // An erased account's history goes with it (every chunk).
  erases: erasesAccount,
  key: byMonthOf('loggedAt'),
  evolve(doc, event) {
    switch (event.type) {
      case 'MealLogged': {
        const d = event.data;
        const log = mealLogView(d);
        return { user_id: d.userId, logs: [...(doc?.logs ?? []), log] };
      }
      case 'MealLogUndone':
        return doc && { ...doc, logs: doc.logs.filter((log) => log.meal_log_id !== event.data.mealLogId) };
      default:
        return doc;
    }
  },
};
