import { foodDayOf } from '../../../../contract/nutrition/foodDay';
import { FOOD_LOG_DEFAULTS } from '../../../../contract/nutrition/foodLogLimits';
import type { FoodDayAnswer, FoodDayEntry } from '../../../../contract/nutrition/foodLogAnswer';
import type { LogFood, ShownFood } from '../../shared/api/foodLog';
import type { QueuedCommand } from '../../shared/offline/db';

/** Today's food log (the profile's today: no date asked). */
export const TODAY = '/food-log';
const ENTRY = /^\/food-log\/([^/]+)$/;

/**
 * Today's food log with the changes still waiting to be sent (offline) applied: an entry logged shows with the numbers
 * the page worked out for it, under the id the queue made for it (so it can be removed before it is sent); an entry
 * removed is gone. The server's numbers replace them once it has the entries.
 */
export function pendingFoodDay(data: FoodDayAnswer | undefined, waiting: QueuedCommand[]): FoodDayAnswer | undefined {
  if (!data) return data;
  let entries: FoodDayEntry[] = data.meals.flatMap((meal) => meal.entries);
  for (const command of waiting) {
    const { url, method } = command.request;
    const removed = method === 'DELETE' ? ENTRY.exec(url) : null;
    if (removed) entries = entries.filter((entry) => entry.entryId !== decodeURIComponent(removed[1]!));
    if (method !== 'POST' || url !== TODAY || !command.shown) continue;
    const body = command.request.body as LogFood;
    if (body.date && body.date !== data.date) continue;
    const shown = command.shown as ShownFood;
    entries.push({
      entryId: command.creates?.localId ?? null,
      mealTime: body.meal_time,
      name: shown.name,
      portion: body.portion ?? FOOD_LOG_DEFAULTS.portion,
      quantity: body.quantity ?? 1,
      kind: body.food ? 'catalogue' : body.custom ? 'custom' : 'quick',
      foodId: body.food ?? null,
      insteadOf: body.instead_of ?? null,
      loggedAt: command.at,
      calories: shown.calories,
      protein: shown.protein,
      carbs: shown.carbs,
      fats: shown.fats,
    });
  }
  return foodDayOf(entries, data.date, data.targets);
}

