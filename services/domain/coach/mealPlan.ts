import { MEAL_TIMES, type MealTime } from '../../../contract/nutrition/mealTimes.js';
import { allowedFoods, type DietTag } from '../nutrition/diets.js';
import { RDA_PROTEIN_PER_KG, type EnergyTarget } from './energy.js';
import { macrosText, type DailyTargets } from './targets.js';
import { ALLERGENS, PREGNANCY_TEXT, type Food, type Role } from '../nutrition/foods.js';
import { isPregnant, type Reading } from './profile.js';
import type { Random } from './random.js';
import type { MealPlanData } from './types.js';

/**
 * Meal plans over the food catalog: each day is Breakfast, Lunch, Dinner and a Snack built from allowed foods with
 * portions sized so the protein target is met and the day lands on the calorie target (within 10%, aimed at 2%).
 */

export const PLAN_DAYS = 7;
/** Share of the day's calories and protein per meal. */
const SHARE: Record<MealTime, number> = { Breakfast: 0.25, Lunch: 0.3, Dinner: 0.3, Snack: 0.15 };
/** Largest portion, in servings, the coach writes (a big eater's rice, not a bucket of it). */
const MAX_SERVINGS = 4;
const DAY_TOLERANCE = 0.02;
/** Share of a food's calories from protein above which it counts as a protein source (eggs 34%, lentils 30%). */
const PROTEIN_DENSE = 0.3;

type Style = 'balanced' | 'low-carb' | 'keto';
/** What a plate is made of, per style; the first role is the meal's protein, `fill` tops up the calories. */
const TEMPLATES: Record<Style, Record<MealTime, { roles: Role[]; fill: Role }>> = {
  balanced: {
    Breakfast: { roles: ['protein', 'carb', 'fruit'], fill: 'carb' },
    Lunch: { roles: ['protein', 'carb', 'veg'], fill: 'carb' },
    Dinner: { roles: ['protein', 'carb', 'veg', 'fat'], fill: 'carb' },
    Snack: { roles: ['protein', 'fruit'], fill: 'fruit' },
  },
  'low-carb': {
    Breakfast: { roles: ['protein', 'fat', 'fruit'], fill: 'fat' },
    Lunch: { roles: ['protein', 'veg', 'fat'], fill: 'fat' },
    Dinner: { roles: ['protein', 'veg', 'carb', 'fat'], fill: 'fat' },
    Snack: { roles: ['protein', 'fat'], fill: 'fat' },
  },
  keto: {
    Breakfast: { roles: ['protein', 'fat', 'veg'], fill: 'fat' },
    Lunch: { roles: ['protein', 'veg', 'fat'], fill: 'fat' },
    Dinner: { roles: ['protein', 'veg', 'fat'], fill: 'fat' },
    Snack: { roles: ['protein', 'fat'], fill: 'fat' },
  },
};
/** Roles to borrow from when the diet leaves none of a role for a meal time. */
const STAND_INS: Record<Role, Role[]> = { protein: ['snack', 'fat'], carb: ['fruit', 'veg'], veg: ['fruit'], fruit: ['veg', 'fat'], fat: ['veg', 'fruit'], snack: ['protein', 'fat'] };
const TIME_LETTER: Record<MealTime, string> = { Breakfast: 'B', Lunch: 'M', Dinner: 'M', Snack: 'S' };

interface Portion {
  food: Food;
  /** Servings of the catalog's serving size (whole numbers for countable foods). */
  servings: number;
}

/** Grams (or ml) step of a portion, so the text shows weighable amounts. */
const step = (f: Food) => (typeof f.unit === 'string' ? 5 / f.servingGrams : 1);
const snap = (f: Food, servings: number) => {
  const st = step(f);
  const min = typeof f.unit === 'string' ? 0.5 : 1;
  return Math.min(MAX_SERVINGS, Math.max(min, Math.round(servings / st) * st));
};

export interface MealTotals {
  calories: number;
  protein: number;
  carbs: number;
  fats: number;
}

/** Whole grams of each macro, and calories from exactly those grams (4/4/9), so the two always agree. */
export function totalsOf(portions: Portion[]): MealTotals {
  const protein = Math.round(portions.reduce((sum, p) => sum + p.food.protein * p.servings, 0));
  const carbs = Math.round(portions.reduce((sum, p) => sum + p.food.carbs * p.servings, 0));
  const fats = Math.round(portions.reduce((sum, p) => sum + p.food.fats * p.servings, 0));
  return { calories: protein * 4 + carbs * 4 + fats * 9, protein, carbs, fats };
}

export const portionText = ({ food, servings }: Portion) => {
  if (typeof food.unit === 'string') return `${food.name} (${Math.round(servings * food.servingGrams)} ${food.unit})`;
  return `${food.name} (${servings} ${servings === 1 ? food.unit.one : food.unit.many})`;
};

/** A meal's name lists its portions joined with " + ", so a reader (or a test) can find each food again. */
export const mealName = (portions: Portion[]) => portions.map(portionText).join(' + ');

export const allergensText = (portions: Portion[]) => {
  const found = ALLERGENS.filter((a) => portions.some((p) => p.food.allergens.includes(a)));
  return found.length > 0 ? found.join(', ') : null;
};

/** One row of a meal plan: the portions' name, totals and allergens, as the plan schema has them. */
export function mealRow(day: number, time: MealTime, portions: Portion[]): MealPlanData['meals'][number] {
  const totals = totalsOf(portions);
  return {
    day,
    meal_time: time,
    meal: mealName(portions),
    calories: totals.calories,
    protein_grams: totals.protein,
    carbs_grams: totals.carbs,
    fats_grams: totals.fats,
    allergens: allergensText(portions),
  };
}

export function styleOf(tags: DietTag[]): Style {
  return tags.includes('keto') ? 'keto' : tags.includes('low-carb') ? 'low-carb' : 'balanced';
}

/** The allowed foods by role and meal time, each list in a seeded order so plans vary between people. */
export class Pantry {
  private readonly lists = new Map<string, Food[]>();
  constructor(
    readonly foods: Food[],
    private readonly random: Random,
  ) {}

  options(role: Role, time: MealTime): Food[] {
    const key = `${role}-${time}`;
    let list = this.lists.get(key);
    if (!list) {
      const letter = TIME_LETTER[time];
      const exact = this.foods.filter((f) => f.role === role && f.times.includes(letter));
      const anyTime = this.foods.filter((f) => f.role === role);
      const borrowed = STAND_INS[role].flatMap((r) => this.foods.filter((f) => f.role === r && f.times.includes(letter)));
      list = this.random.shuffle(exact.length > 0 ? exact : anyTime.length > 0 ? anyTime : borrowed);
      this.lists.set(key, list);
    }
    return list;
  }
}

/** One meal sized to `calories` and `protein`; `pick` chooses among a role's options (a day's rotation). */
export function buildMeal(pantry: Pantry, style: Style, time: MealTime, calories: number, protein: number, pick: (options: Food[]) => Food | undefined): Portion[] {
  const template = TEMPLATES[style][time];
  const portions: Portion[] = [];
  for (const role of template.roles) {
    const options = pantry.options(role, time).filter((f) => !portions.some((p) => p.food.name === f.name));
    if (role === 'protein') {
      // The plate's protein comes from protein-dense foods when the diet leaves enough of them.
      const dense = options.filter((f) => (f.protein * 4) / Math.max(1, f.calories) >= PROTEIN_DENSE);
      if (dense.length >= 3) options.splice(0, options.length, ...dense);
    }
    const food = pick(options);
    if (food) portions.push({ food, servings: 1 });
  }
  if (portions.length === 0) return portions;
  const [main, ...rest] = portions as [Portion, ...Portion[]];
  const otherProtein = rest.reduce((sum, p) => sum + p.food.protein, 0);
  if (main.food.protein > 0) main.servings = snap(main.food, Math.min(4, Math.max(0.5, (protein - otherProtein) / main.food.protein)));
  const fill = portions.find((p) => p.food.role === template.fill && p !== main) ?? portions[portions.length - 1]!;
  const others = portions.filter((p) => p !== fill).reduce((sum, p) => sum + p.food.calories * p.servings, 0);
  if (fill.food.calories > 0) fill.servings = snap(fill.food, (calories - others) / fill.food.calories);
  // A big appetite gets more on the plate rather than one mountain of rice: up to two extra foods.
  for (let extra = 0; extra < 2 && totalsOf(portions).calories < calories * 0.95; extra++) {
    // Low-carb plates grow with fat and protein, never with starch.
    const role: Role = style === 'balanced' ? (extra === 0 ? 'fat' : 'carb') : extra === 0 ? 'fat' : 'protein';
    // Only a food whose smallest portion fits the gap: a whole tablespoon of oil on a small plate overshoots the day.
    const gap = calories - totalsOf(portions).calories;
    const food = pick(pantry.options(role, time).filter((f) => !portions.some((p) => p.food.name === f.name) && snap(f, 0) * f.calories <= gap));
    if (!food || food.calories <= 0) break;
    portions.push({ food, servings: snap(food, (calories - totalsOf(portions).calories) / food.calories) });
  }
  // A rich protein food can leave no room for the fill: shrink the rest of the plate first, then all of it.
  const kcalOf = (list: Portion[]) => list.reduce((sum, p) => sum + p.food.calories * p.servings, 0);
  const sides = portions.filter((p) => p !== main);
  const over = kcalOf(portions) - calories * 1.1;
  if (over > 0 && kcalOf(sides) > 0) {
    const keep = Math.max(0, (kcalOf(sides) - over) / kcalOf(sides));
    for (const p of sides) p.servings = snap(p.food, p.servings * keep);
  }
  const total = kcalOf(portions);
  if (total > calories * 1.1 && total > 0) for (const p of portions) p.servings = snap(p.food, (p.servings * calories) / total);
  return portions;
}

/** Protein's share of a food's calories. */
const proteinShare = (f: Food) => (f.protein * 4) / Math.max(1, f.calories);
const isDense = (f: Food) => proteinShare(f) >= PROTEIN_DENSE;
/** What trimming spares, tier by tier: the protein foods, then only the dense ones, then nothing. */
const TRIM_ORDER: Array<(food: Food) => boolean> = [(f) => f.role === 'protein' || isDense(f), isDense, () => false];

/** Nudges portions one step at a time until the day is within 2% of the target (or no step helps). */
export function balanceDay(meals: Portion[][], target: number): void {
  // Only the meal whose portion moves is re-totalled: the others' calories are kept.
  const mealCalories = meals.map((m) => totalsOf(m).calories);
  for (let round = 0; round < 80; round++) {
    const dayTotal = mealCalories.reduce((a, b) => a + b, 0);
    const error = dayTotal - target;
    if (Math.abs(error) <= target * DAY_TOLERANCE) return;
    let best: { meal: number; portion: Portion; servings: number; calories: number; error: number } | null = null;
    const search = (spared: (food: Food) => boolean) => meals.forEach((meal, m) => {
      const others = dayTotal - mealCalories[m]!;
      for (const portion of meal) {
        if (spared(portion.food)) continue;
        const before = portion.servings;
        const unit = typeof portion.food.unit === 'string' ? 3 * step(portion.food) : 1;
        // Only steps toward the target can help.
        for (const delta of error > 0 ? [-unit, -4 * unit] : [unit, 4 * unit]) {
          const servings = snap(portion.food, before + delta);
          if (servings === before) continue;
          portion.servings = servings;
          const calories = totalsOf(meal).calories;
          portion.servings = before;
          const after = Math.abs(others + calories - target);
          if (after < (best?.error ?? Math.abs(error))) best = { meal: m, portion, servings, calories, error: after };
        }
      }
    });
    // Trimming takes from the protein foods only when nothing else helps, and from the densest last, so the protein
    // target (and the RDA) survives.
    for (const spared of error > 0 ? TRIM_ORDER : [() => false]) {
      search(spared);
      if (best) break;
    }
    if (!best) return;
    const chosen: { meal: number; portion: Portion; servings: number; calories: number } = best;
    chosen.portion.servings = chosen.servings;
    mealCalories[chosen.meal] = chosen.calories;
  }
}

/** Protein grams one top-up step adds: a scoop or a small portion, so the plate changes in small, honest steps. */
const TOP_UP_GRAMS = 8;

/**
 * The RDA (0.8 g/kg) holds for anyone: while a day falls short (a low-calorie day of a restrictive diet, a heavy
 * body), the step that adds the most protein per kcal is taken — a dense portion already on a plate grows, or a
 * dense allowed food joins a meal it suits — and the day is re-balanced to its calories by trimming the rest.
 * Stops when the day holds or no step can add protein.
 */
function topUpProtein(pantry: Pantry, meals: Portion[][], minimum: number, target: number): void {
  const protein = () => meals.reduce((sum, m) => sum + totalsOf(m).protein, 0);
  const stepFor = (f: Food) => (typeof f.unit === 'string' ? Math.max(step(f), TOP_UP_GRAMS / Math.max(1, f.protein)) : 1);
  for (let round = 0; round < 60 && protein() < minimum; round++) {
    const steps: Array<{ share: number; apply: () => void }> = [];
    const consider = (food: Food, apply: () => void) => {
      if (proteinShare(food) >= PROTEIN_DENSE) steps.push({ share: proteinShare(food), apply });
    };
    MEAL_TIMES.forEach((time, t) => {
      const meal = meals[t]!;
      if (meal.length === 0) return;
      for (const portion of meal) {
        const servings = snap(portion.food, portion.servings + stepFor(portion.food));
        if (servings > portion.servings) consider(portion.food, () => (portion.servings = servings));
      }
      for (const food of pantry.foods) {
        if (!food.times.includes(TIME_LETTER[time]) || meal.some((p) => p.food.name === food.name)) continue;
        consider(food, () => meal.push({ food, servings: snap(food, stepFor(food)) }));
      }
    });
    // The densest step; on a tie the first (a portion already on the plate before a new food).
    const chosen = steps.reduce<(typeof steps)[number] | undefined>((a, b) => (a && a.share >= b.share ? a : b), undefined);
    if (!chosen) return;
    chosen.apply();
    balanceDay(meals, target);
  }
}

/** Days whose protein stays under `minimum` grams (the RDA): only when the diet leaves no dense protein to add. */
export function daysUnderProtein(meals: MealPlanData['meals'], minimum: number): number[] {
  const byDay = new Map<number, number>();
  for (const m of meals) byDay.set(m.day, (byDay.get(m.day) ?? 0) + m.protein_grams);
  return [...byDay].filter(([, protein]) => protein < minimum).map(([day]) => day);
}

/** The day's protein floor in whole grams: 0.8 g per kg of the weight the energy target used, rounded as its target is. */
export const rdaGrams = (energy: EnergyTarget) => Math.round(energy.kg * RDA_PROTEIN_PER_KG);

/** What a plan says when some days stay under the RDA: which days, the minimum, and how to close the gap. */
export const underRdaText = (days: number[], rda: number) =>
  `${days.length === 1 ? 'Day' : 'Days'} ${days.join(', ')} stay${days.length === 1 ? 's' : ''} under ${rda} g protein, the minimum of 0.8 g per kg: your diet and allergies leave too few dense protein foods in my list at this calorie level. A protein shake that fits your diet, or a higher calorie goal, closes the gap.`;

export function dietName(tags: DietTag[]): string {
  if (tags.length === 0) return 'Balanced';
  const name = tags.map((t) => t).join(', ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function buildMealPlan(reading: Reading, energy: DailyTargets, random: Random): MealPlanData {
  const foods = allowedFoods(reading.diet, reading.allergies, isPregnant(reading));
  const pantry = new Pantry(foods, random);
  const style = styleOf(reading.diet.tags);
  const meals: MealPlanData['meals'] = [];
  const rda = rdaGrams(energy);
  for (let day = 1; day <= PLAN_DAYS; day++) {
    const portionsByMeal = MEAL_TIMES.map((time, t) =>
      buildMeal(pantry, style, time, energy.target * SHARE[time], energy.proteinGrams * SHARE[time], (options) => options[(day * (t + 2) + t) % Math.max(1, options.length)]),
    );
    balanceDay(portionsByMeal, energy.target);
    topUpProtein(pantry, portionsByMeal, rda, energy.target);
    MEAL_TIMES.forEach((time, t) => {
      const portions = portionsByMeal[t]!;
      if (portions.length === 0) return;
      meals.push(mealRow(day, time, portions));
    });
  }
  const diet = dietName(reading.diet.tags);
  const avoided = [...reading.allergies.allergens, ...reading.allergies.avoidWords];
  const short = daysUnderProtein(meals, rda);
  return {
    planType: 'meal',
    name: `${diet} ${energy.target.toLocaleString('en-US')} kcal week`,
    description: [
      `Seven days at about ${energy.target.toLocaleString('en-US')} kcal: ${macrosText(energy)} a day (${energy.source === 'profile goal' ? 'your own calorie goal' : `Mifflin-St Jeor BMR ${energy.bmr} × ${energy.activityFactor} = TDEE ${energy.tdee}, adjusted for your goal`}).`,
      avoided.length > 0 ? `Leaves out ${avoided.join(', ')}.` : '',
      isPregnant(reading) ? PREGNANCY_TEXT : '',
      short.length > 0 ? underRdaText(short, rda) : '',
      'Portions are cooked weights; swap any meal in the chat.',
    ]
      .filter(Boolean)
      .join(' '),
    diet_type: diet,
    calorie_goal: energy.target,
    meals,
  };
}
