/**
 * A day's food log as GET /api/food-log answers it, drawn from its entries: written once, so the server's answer and
 * the web's offline view of it (entries still waiting to be sent) group and add up alike. Imports only contract files.
 */
import type { FoodDayAnswer, FoodDayEntry, Macros } from './foodLogAnswer.js';
import { mealOrder } from './mealTimes.js';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The sum of some entries' calories and macros. */
export function totalsOf(entries: readonly Macros[]): Macros {
  const sum = (pick: (m: Macros) => number) => entries.reduce((total, entry) => total + pick(entry), 0);
  return { calories: Math.round(sum((e) => e.calories)), protein: round1(sum((e) => e.protein)), carbs: round1(sum((e) => e.carbs)), fats: round1(sum((e) => e.fats)) };
}

/** One day's entries by meal time (in the day's order), each in the order logged, with their totals and the targets. */
export function foodDayOf(entries: readonly FoodDayEntry[], date: string, targets: Macros): FoodDayAnswer {
  const ofDay = [...entries].sort((a, b) => (a.loggedAt < b.loggedAt ? -1 : a.loggedAt > b.loggedAt ? 1 : 0));
  const times = [...new Set(ofDay.map((entry) => entry.mealTime))].sort((a, b) => mealOrder(a) - mealOrder(b));
  const meals = times.map((mealTime) => {
    const ofMeal = ofDay.filter((entry) => entry.mealTime === mealTime);
    return { mealTime, entries: ofMeal, totals: totalsOf(ofMeal) };
  });
  return { date, meals, totals: totalsOf(ofDay), targets };
}

/** A day's totals, or null when nothing is logged on it: a day without entries is unknown, never 0 kcal. */
export const loggedTotals = (day: FoodDayAnswer): Macros | null => (day.meals.length > 0 ? day.totals : null);
