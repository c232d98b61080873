import { MEAL_TIMES, type MealTime } from '../../../contract/nutrition/mealTimes.js';
import { amountsOf, BY_WEIGHT, catalogue, type CatalogueFood, type Portion } from '../nutrition/catalogue/catalogue.js';
import { foodIndex, stem, type FoodIndex } from '../nutrition/catalogue/search.js';
import { DIET_RULES } from '../nutrition/diets.js';
import type { Food } from '../nutrition/foods.js';
import type { Reading } from './profile.js';
import { paragraphs } from './text.js';
import type { CoachReply, FoodLogOffer } from './types.js';

/**
 * "I had two slices of veggie pizza for lunch": a food eaten, to be logged, never a new plan. Read before plan
 * requests: "lunch" and "pizza" name meals, but the words of eating in the past tense ask for a log entry.
 */
const ATE = /\b(i|i've|i have|we)\s+(just\s+)?(had|ate|eaten|drank|have eaten|have had)\b|\b(can|could) you log\b|\blog (that|this|it|my)\b/;
/** A plan or a question about one is not a meal eaten: "I had a question about my plan". */
const NOT_A_MEAL = /\b(plans?|question|problem|workout|session|day off|rest day|good day|bad day|injury|pain)\b/;

export const asksToLogFood = (text: string) => ATE.test(text) && !NOT_A_MEAL.test(text);

const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, half: 0.5, 'half a': 0.5, couple: 2, 'a couple of': 2 };
const UNITS = 'slices?|pieces?|cups?|bowls?|glass(?:es)?|mugs?|cans?|bottles?|tbsp|tablespoons?|tsp|teaspoons?|oz|ounces?|servings?|plates?|bars?|scoops?|g|grams?|medium|large|small|whole';
const COUNT = '\\d+(?:\\.\\d+)?|a couple of|half a|an?|one|two|three|four|five|six|seven|eight|nine|ten';
/** "two slices", "(2 slices)", "250 g": a count with its unit, read before a bare count ("a veggie pizza"). */
const AMOUNTS = [new RegExp(`\\b(${COUNT})\\s*(${UNITS})\\b(\\s+of)?`), new RegExp(`\\b(${COUNT})\\b()`)];
const WHEN = /\b(?:for|at|with)\s+(breakfast|lunch|dinner|supper|tea)\b|\b(?:as|for)\s+an?\s+(snack)\b|\b(this morning|tonight|snack)\b/;
const FILLER = /\b(i|i've|we|just|had|have|ate|eaten|drank|can|could|you|log|that|this|it|my|please|for|some|of|the|and|as|at|with|today|earlier|breakfast|lunch|dinner|supper|snack|tea|morning|tonight|an?|half|couple)\b/g;

const mealTimeOf = (text: string): MealTime | null => {
  const said = WHEN.exec(text);
  const word = said?.[1] ?? said?.[2] ?? said?.[3];
  if (!word) return null;
  if (word === 'supper' || word === 'tonight' || word === 'tea') return 'Dinner';
  if (word === 'this morning') return 'Breakfast';
  return MEAL_TIMES.find((time) => time.toLowerCase() === word) ?? null;
};

/** The amount and unit said ("two slices", "250 g", "a bowl"), and the message with them taken out. */
function amountIn(text: string): { quantity: number; unit: string | null; rest: string } {
  const bracketed = text.replace(/[()]/g, ' ');
  const match = AMOUNTS.map((amount) => amount.exec(bracketed)).find((found) => found !== null);
  if (!match) return { quantity: 1, unit: null, rest: bracketed };
  const quantity = NUMBERS[match[1]!] ?? Number(match[1]);
  return { quantity: quantity > 0 ? quantity : 1, unit: match[2] || null, rest: bracketed.replace(match[0], ' ').replace(/\b\d+(\.\d+)?\b/g, ' ') };
}

/** The food's measure that the unit names ("slices" → "1 slice"), by weight for grams, else its first measure. */
function portionFor(food: CatalogueFood, unit: string | null, quantity: number): { portion: Portion; quantity: number; named: boolean } {
  if (unit && /^(g|grams?)$/.test(unit)) return { portion: BY_WEIGHT, quantity: quantity / 100, named: true };
  const word = unit ? stem(unit.replace(/^(tablespoons?)$/, 'tbsp').replace(/^(teaspoons?)$/, 'tsp')) : null;
  const named = word ? food.portions.find((p) => p.label.toLowerCase().split(/[^a-z]+/).map(stem).includes(word)) : undefined;
  return { portion: named ?? food.portions[0]!, quantity, named: named !== undefined || !word };
}

/** The diet or allergy a food breaks, in words ("vegan: it is dairy"), from what the person said or their profile. */
export function flagsOf(food: CatalogueFood, carbs: number, reading: Pick<Reading, 'diet' | 'allergies'>): string[] {
  const asFood = { source: food.source, allergens: food.allergens, family: null, carbs } as unknown as Food;
  const diets = reading.diet.tags.filter((tag) => !DIET_RULES[tag](asFood)).map((tag) => `it does not fit your ${tag} diet (${food.source})`);
  const allergies = reading.allergies.allergens.filter((allergen) => food.allergens.includes(allergen)).map((allergen) => `it may contain ${allergen}, which you said you avoid`);
  const words = reading.allergies.avoidWords.filter((word) => food.name.toLowerCase().includes(word.toLowerCase())).map((word) => `it is ${word}, which you said you avoid`);
  return [...diets, ...allergies, ...words];
}

let index: FoodIndex | undefined;
const search = (text: string) => (index ??= foodIndex(catalogue().foods)).search(text, 1)[0];

/**
 * The entry a message describes, as POST /api/food-log takes it, with its numbers: found in the catalogue by the
 * words left once the amount, the meal and the words of eating are taken out. Undefined when no food matches.
 */
export function foodLogOffer(message: string, reading: Pick<Reading, 'diet' | 'allergies'>): FoodLogOffer | undefined {
  const text = message.toLowerCase();
  const { quantity: said, unit, rest } = amountIn(text);
  const words = rest.replace(WHEN, ' ').replace(/[^a-z0-9' -]+/g, ' ').replace(FILLER, ' ').replace(/\s+/g, ' ').trim();
  const food = words && search(words);
  if (!food) return undefined;
  const { portion, quantity, named } = portionFor(food, unit, said);
  const amounts = amountsOf(food, portion.grams, quantity);
  return {
    meal_time: mealTimeOf(text) ?? 'Snack',
    food: food.id,
    name: food.name,
    portion: portion.label,
    quantity: Math.round(quantity * 100) / 100,
    calories: amounts.calories,
    protein: amounts.proteinGrams,
    carbs: amounts.carbsGrams,
    fats: amounts.fatsGrams,
    flags: flagsOf(food, amounts.carbsGrams, reading),
    ...(!named && unit && { unmatchedUnit: unit }),
  };
}

const times = (n: number) => (n === 1 ? '' : `${n} × `);

/** The reply to a food eaten: the entry with its numbers, to log with one tap, and what it breaks, if anything. */
export function foodLogReply(message: string, reading: Pick<Reading, 'diet' | 'allergies'>): CoachReply {
  const offer = foodLogOffer(message, reading);
  if (!offer) {
    return {
      message: paragraphs("I couldn't find that food in the catalogue. Search for it on the Food log page, or add it there with its calories."),
      planData: [],
    };
  }
  const said = mealTimeOf(message.toLowerCase()) ? '' : ' (I put it under Snack: change the meal if it was another)';
  return {
    message: paragraphs(
      `Here is the entry for your ${offer.meal_time.toLowerCase()}${said}: ${times(offer.quantity)}${offer.portion} of ${offer.name}: ${offer.calories} kcal, ${offer.protein} g protein, ${offer.carbs} g carbs, ${offer.fats} g fat. Tap "Log it" to add it to today.`,
      offer.unmatchedUnit ? `The USDA data has no "${offer.unmatchedUnit}" for this food, so I used its own measure (${offer.portion}); change the amount if yours was different.` : '',
      offer.flags.length ? `Heads up: ${offer.flags.join('; ')}.` : '',
    ),
    planData: [],
    foodLog: offer,
  };
}
