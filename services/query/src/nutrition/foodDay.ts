import { foodDayOf, totalsOf } from '../../../../contract/nutrition/foodDay.js';
import type { FoodDayAnswer, FoodDayEntry, Macros } from '../../../../contract/nutrition/foodLogAnswer.js';
import { localDate } from '../../../platform/time.js';
import { dailyTargets } from '../../../domain/coach/targets.js';
import { profileOfAnswer, type ProfileDoc } from '../accounts/api.js';
import type { FoodEntryView, FoodLogsDoc } from './foodLogs.projection.js';
import type { MealLogsDoc } from './mealLogs.projection.js';
import { primaryPlanOf, type MealPlansDoc } from './mealPlans.projection.js';

/** The person's calendar day of an instant, in their zone (the dashboard's and /prog's keep the days they worked out). */
export type DayOf = (instant: string) => string;

/** `DayOf` in a time zone, for a reader that converts only a few instants. */
export const dayIn =
  (timeZone: string): DayOf =>
  (instant) =>
    localDate(instant, timeZone);

/** A thing eaten and the person's calendar day it counts for. */
export type Eaten = FoodDayEntry & { day: string };

/**
 * Everything a person ate, in one list: the food log's entries (dated with the person's day when logged) and the
 * planned meals logged from the dashboard (dated by when they were logged, in the person's zone). Every total the
 * app shows (the day's list, the dashboard's card, the calories chart) is a sum over this list, so they agree.
 */
export function eaten(foodLogs: FoodLogsDoc | undefined, mealLogs: MealLogsDoc | undefined, dayOf: DayOf): Eaten[] {
  const foods = (foodLogs?.entries ?? []).map(
    (entry: FoodEntryView): Eaten => ({
      day: entry.day,
      entryId: entry.entryId,
      mealTime: entry.mealTime,
      name: entry.name,
      portion: entry.portion,
      quantity: entry.quantity,
      kind: entry.kind,
      foodId: entry.foodId,
      insteadOf: entry.insteadOfMealPlanMealId,
      loggedAt: entry.loggedAt,
      calories: entry.calories,
      protein: entry.proteinGrams,
      carbs: entry.carbsGrams,
      fats: entry.fatsGrams,
    }),
  );
  const planned = (mealLogs?.logs ?? []).map(
    (log): Eaten => ({
      day: dayOf(log.logged_at),
      entryId: null,
      mealTime: log.meal_time,
      name: log.name,
      portion: 'planned meal',
      quantity: 1,
      kind: 'planned',
      foodId: null,
      insteadOf: null,
      loggedAt: log.logged_at,
      calories: log.calories,
      protein: log.protein_grams,
      carbs: log.carbs_grams,
      fats: log.fats_grams,
    }),
  );
  return [...foods, ...planned];
}

/** Calories and macros per calendar day, for the days with anything logged (a day not here had nothing logged). */
export function totalsByDay(all: readonly Eaten[]): Map<string, Macros> {
  const byDay = new Map<string, Eaten[]>();
  for (const entry of all) byDay.set(entry.day, [...(byDay.get(entry.day) ?? []), entry]);
  return new Map([...byDay].map(([day, entries]) => [day, totalsOf(entries)]));
}

/**
 * The day's energy and macro targets: the coach's one rule for each (coach/targets.ts), at the primary plan's calorie
 * goal when there is one. The food log, the dashboard and the progress page show these same four numbers.
 */
export function dayTargets(profile: ProfileDoc, planCalories: number | null | undefined): Macros {
  const target = dailyTargets(profileOfAnswer(profile), planCalories);
  return { calories: target.target, protein: target.proteinGrams, carbs: target.carbsGrams, fats: target.fatsGrams };
}

/** The day's entries by meal time (in the day's order), their totals and the targets. */
export function foodDay(all: readonly Eaten[], date: string, targets: Macros): FoodDayAnswer {
  return foodDayOf(
    all.filter((entry) => entry.day === date).map(({ day: _, ...entry }) => entry),
    date,
    targets,
  );
}

/** The docs a person's food day is drawn from, their chunks joined. */
export interface FoodDayDocs {
  profile: ProfileDoc;
  foodLogs: FoodLogsDoc | undefined;
  mealLogs: MealLogsDoc | undefined;
  mealPlans: MealPlansDoc | undefined;
}

/**
 * A person's day as GET /api/food-log?date= answers it and the dashboard's meals card shows it: what they ate on
 * that calendar day of their zone, summed, against the day's targets at the primary plan's calorie goal.
 */
export function foodDayFrom({ profile, foodLogs, mealLogs, mealPlans }: FoodDayDocs, date: string, dayOf: DayOf = dayIn(profile.time_zone)): FoodDayAnswer {
  const targets = dayTargets(profile, primaryPlanOf(mealPlans)?.calorie_goal);
  return foodDay(eaten(foodLogs, mealLogs, dayOf), date, targets);
}
