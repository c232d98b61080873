import { z } from 'zod';
import { PLANS } from '../../../../events/bounds.js';
import { MEAL_TIMES } from '../../../../contract/nutrition/mealTimes.js';
import { optionalText, requiredText } from '../fields.js';
import { checkMealPlan } from '../plans/api.js';
import type { MealPlanContent } from './decide.js';

/** Bounds no real plan is outside of (events/bounds.ts); they keep one save (and every later load of the plan) small. */
export const LIMITS = { days: PLANS.days, mealsPerDay: PLANS.mealsPerDay, calorieGoal: PLANS.calorieGoal, mealCalories: PLANS.mealCalories, macroGrams: PLANS.macroGrams } as const;

/** A model writes `450`, `"450"` or `"450 kcal"` (`"30g"`) for the same number: each is read as the number. */
const numericText = (value: unknown) => {
  const match = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(?:g|grams?|kcal|cal|calories)?\s*$/i.exec(value) : null;
  return match ? Number(match[1]) : value;
};

const number = (min: number, max: number, what: string) =>
  z.preprocess(
    numericText,
    z.number({ error: `${what} must be a number` }).min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`),
  );

// A model writes "breakfast", " Dinner " or "Afternoon snack" as often as "Breakfast": a name holding exactly one
// meal time (or "supper", which is dinner) is read as it; other names are not.
const mealTime = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const words = value.trim().toLowerCase().replace(/\bsupper\b/, 'dinner');
  const named = MEAL_TIMES.filter((t) => new RegExp(`\\b${t.toLowerCase()}\\b`).test(words));
  return named.length === 1 ? named[0] : value;
}, z.enum(MEAL_TIMES, { error: `must be one of ${MEAL_TIMES.join(', ')}` }));

// Allergens come as text ("nuts, dairy") or as a list; both are kept as one text, none as null.
const allergens = z.preprocess(
  (value) => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.map((v) => v.trim()).filter(Boolean).join(', ') : value),
  optionalText(300).pipe(z.string().nullable().optional()),
);

const macro = (what: string) => number(0, LIMITS.macroGrams, what).optional();

/** The two spellings the AI plan data allows for each macro (docs/product.md#what-the-app-keeps-and-answers): `carbs_grams` or `carbs`, and so on. */
const MACROS = [
  ['protein_grams', 'protein'],
  ['carbs_grams', 'carbs'],
  ['fats_grams', 'fats'],
] as const;

const mealItem = z
  .object({
    day: z.preprocess(
      numericText,
      z.number({ error: 'day must be a whole number' }).int('day must be a whole number').min(1, 'day must be at least 1').max(LIMITS.days, `day must be at most ${LIMITS.days}`),
    ),
    meal_time: mealTime,
    meal: requiredText(200, 'meal (its name)'),
    calories: number(0, LIMITS.mealCalories, 'calories'),
    protein_grams: macro('protein_grams'),
    protein: macro('protein'),
    carbs_grams: macro('carbs_grams'),
    carbs: macro('carbs'),
    fats_grams: macro('fats_grams'),
    fats: macro('fats'),
    allergens,
  })
  .strict()
  .superRefine((item, ctx) => {
    for (const [long, short] of MACROS) {
      // Both spellings saying the same is one reading; saying different things is none.
      if (item[long] !== undefined && item[short] !== undefined && item[long] !== item[short]) {
        ctx.addIssue({ code: 'custom', path: [short], message: `give ${long} or ${short}, not both` });
      } else if (item[long] === undefined && item[short] === undefined) {
        ctx.addIssue({ code: 'custom', path: [long], message: `${long} (or ${short}) is required` });
      }
    }
  })
  .transform((item) => ({
    day: item.day,
    mealTime: item.meal_time,
    name: item.meal,
    calories: item.calories,
    proteinGrams: (item.protein_grams ?? item.protein)!,
    carbsGrams: (item.carbs_grams ?? item.carbs)!,
    fatsGrams: (item.fats_grams ?? item.fats)!,
    allergens: item.allergens ?? null,
  }));

/** POST /api/savePlan with planType 'meal': docs/product.md#what-the-app-keeps-and-answers "AI plan data" for meal plans, normalised to one spelling. */
export const mealPlanInput = z
  .object({
    planType: z.literal('meal'),
    name: requiredText(120, 'name'),
    description: optionalText(2000),
    diet_type: optionalText(60),
    calorie_goal: number(1, LIMITS.calorieGoal, 'calorie_goal'),
    meals: z
      .array(mealItem, { error: 'meals must be a list of meals' })
      .min(1, 'meals needs at least one meal')
      .max(LIMITS.days * LIMITS.mealsPerDay, `meals may hold at most ${LIMITS.days * LIMITS.mealsPerDay} meals`)
      .superRefine((meals, ctx) => {
        const perDay = new Map<number, number>();
        for (const meal of meals) perDay.set(meal.day, (perDay.get(meal.day) ?? 0) + 1);
        for (const [day, count] of perDay) {
          if (count > LIMITS.mealsPerDay) ctx.addIssue({ code: 'custom', message: `day ${day} has ${count} meals; at most ${LIMITS.mealsPerDay} a day` });
        }
      }),
  })
  .strict()
  .superRefine(checkMealPlan)
  .transform((plan) => ({
    name: plan.name,
    description: plan.description ?? null,
    dietType: plan.diet_type ?? null,
    calorieGoal: plan.calorie_goal,
    meals: plan.meals,
  }));

export type MealPlanInput = z.infer<typeof mealPlanInput>;

/** The checked request as the save command's plan. */
export const mealPlanOf = ({ meals, ...plan }: MealPlanInput): MealPlanContent => ({ ...plan, meals: meals.map(({ day, ...meal }) => ({ dayNumber: day, ...meal })) });
