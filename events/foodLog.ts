import { z } from 'zod';
import { MEAL_TIMES } from '../contract/nutrition/mealTimes.js';
import { FOOD_LOG } from '../contract/nutrition/foodLogLimits.js';
import { amount, calendarDate, instant } from './bounds.js';

const grams = amount(0, FOOD_LOG.macroGrams);

/**
 * Stream `foodlog-<userId>`: what a person ate, food by food, and the entries taken back. An entry carries its day
 * (the person's calendar day it counts for), its name and its totals, so every reader sums entries without looking a
 * food up, and a later change of the catalogue cannot rewrite what was eaten.
 */
export const foodLogEvents = {
  FoodLogged: z.object({
    entryId: z.string(),
    userId: z.string(),
    day: calendarDate,
    mealTime: z.enum(MEAL_TIMES),
    /** How the entry was made: a catalogue food, a food the person typed, calories alone, or a copy of an earlier entry. */
    kind: z.enum(['catalogue', 'custom', 'quick']),
    /** The catalogue's id of the food; null for one the person typed or a quick add. */
    foodId: z.string().max(FOOD_LOG.idLength).nullable(),
    name: z.string().max(FOOD_LOG.nameLength),
    portion: z.string().max(FOOD_LOG.portionLength),
    /** The portion's grams, when the catalogue knows them. */
    portionGrams: amount(0, FOOD_LOG.portionGrams).nullable(),
    quantity: amount(0, FOOD_LOG.quantity),
    /** Totals for the entry (the portion times the quantity). */
    calories: amount(0, FOOD_LOG.calories),
    proteinGrams: grams,
    carbsGrams: grams,
    fatsGrams: grams,
    /** The planned meal this entry was eaten in place of ("Ate something else"), or null. */
    insteadOfMealPlanMealId: z.string().nullable(),
    loggedAt: instant,
  }),
  /** Takes one FoodLogged back (undo, or a delete from the day's list). */
  FoodLogEntryDeleted: z.object({ entryId: z.string(), userId: z.string(), day: calendarDate, deletedAt: instant }),
};
