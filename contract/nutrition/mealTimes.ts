/**
 * The meal times a plan may use, in the order a day is eaten (docs/product.md#numbers-and-constants: Breakfast 1, Lunch 2,
 * Dinner 3, Snack 4). Imports nothing: the web client sorts by the same rule (docs/architecture.md, "Shared with
 * the web client").
 */
export const MEAL_TIMES = ['Breakfast', 'Lunch', 'Dinner', 'Snack'] as const;
export type MealTime = (typeof MEAL_TIMES)[number];

/** A meal time's place in the day, 1 to 4, in any case; a name that is none of them (an AI plan's) comes after them. */
export const mealOrder = (mealTime: string): number => {
  const index = MEAL_TIMES.findIndex((time) => time.toLowerCase() === mealTime.trim().toLowerCase());
  return index === -1 ? MEAL_TIMES.length + 1 : index + 1;
};
