import { ALLERGENS, FOODS, type Allergen, type Food } from './foods.js';

/**
 * Diets as rules over the catalog's data (what a food comes from, its family, its allergens, its carbs). A food's
 * diet tags are the diets it satisfies, so the tags and the filter can never disagree.
 */
const MEAT_AND_FISH = new Set(['fish', 'shellfish', 'poultry', 'meat', 'pork']);
/** Carbohydrate grams per serving above which a food does not fit a ketogenic day (about 20–50 g net a day). */
const KETO_CARBS_PER_SERVING = 8;
const LOW_CARB_CARBS_PER_SERVING = 15;

export const DIET_RULES = {
  vegan: (f: Food) => f.source === 'plant',
  vegetarian: (f: Food) => !MEAT_AND_FISH.has(f.source),
  pescatarian: (f: Food) => !['poultry', 'meat', 'pork'].includes(f.source),
  keto: (f: Food) => f.carbs <= KETO_CARBS_PER_SERVING,
  'low-carb': (f: Food) => f.carbs <= LOW_CARB_CARBS_PER_SERVING,
  'gluten-free': (f: Food) => !f.allergens.includes('gluten'),
  'dairy-free': (f: Food) => !f.allergens.includes('dairy'),
  halal: (f: Food) => f.source !== 'pork',
  kosher: (f: Food) => f.source !== 'pork' && f.source !== 'shellfish',
  paleo: (f: Food) => f.family === null && f.source !== 'dairy',
} as const;
export type DietTag = keyof typeof DIET_RULES;

export const dietTagsOf = (food: Food): DietTag[] => (Object.keys(DIET_RULES) as DietTag[]).filter((tag) => DIET_RULES[tag](food));

/** Words people write in the diet type field, mapped to the catalog's tags. */
export const DIET_WORDS: Array<[RegExp, DietTag[]]> = [
  [/\bvegan|plant[- ]based|whole[- ]food plant/, ['vegan']],
  [/\blacto[- ]?ovo|ovo[- ]?lacto|vegetarian|veggie/, ['vegetarian']],
  [/\bpesc[ae]tarian|pescetarian|fish only/, ['pescatarian']],
  [/\bketo|ketogenic/, ['keto']],
  [/\blow[- ]?carb|atkins/, ['low-carb']],
  [/\bgluten[- ]?free|coeliac|celiac/, ['gluten-free']],
  [/\bdairy[- ]?free|lactose[- ]?free|no dairy/, ['dairy-free']],
  [/\bhalal/, ['halal']],
  [/\bkosher/, ['kosher']],
  [/\bpaleo|primal/, ['paleo']],
];
/** Diet words that ask for no restriction: heard, and nothing to filter. */
const UNRESTRICTED = /\b(balanced|omnivore|omnivorous|flexitarian|flexible|mediterranean|normal|regular|standard|anything|none|no preference|high[- ]protein|dash|clean|healthy|everything)\b/;

export interface DietReading {
  tags: DietTag[];
  /** The diet text when it named nothing the coach knows: the reply says it kept a balanced plan. */
  unrecognised: string | null;
}

export function readDiet(dietType: string | null): DietReading {
  const text = (dietType ?? '').trim().toLowerCase();
  if (!text) return { tags: [], unrecognised: null };
  const tags = [...new Set(DIET_WORDS.filter(([re]) => re.test(text)).flatMap(([, t]) => t))];
  return { tags, unrecognised: tags.length === 0 && !UNRESTRICTED.test(text) ? dietType!.trim() : null };
}

/** Words for each allergen group (lower case; a word matches at a word start). */
const ALLERGY_WORDS: Array<[RegExp, Allergen[]]> = [
  [/\b(tree[- ]?nuts?|almonds?|walnuts?|cashews?|pecans?|pistachios?|hazelnuts?|macadamias?|brazil nuts?|pine nuts?)\b/, ['tree nuts']],
  [/\b(peanuts?|groundnuts?)\b/, ['peanuts']],
  [/^(all |any |mixed )?nuts?$/, ['peanuts', 'tree nuts']],
  [/\b(dairy|(?<!(almond|oat|soy|coconut|rice) )milk|lactose|cheese|casein|whey|(?<!(peanut|nut|almond|seed|apple) )butter|(?<!coconut )cream|yogh?urt)\b/, ['dairy']],
  [/\b(gluten|wheat|barley|rye|celiac|coeliac|oats?)\b/, ['gluten']],
  [/\beggs?\b/, ['egg']],
  [/\b(soy|soya|soybeans?|tofu|edamame)\b/, ['soy']],
  [/\b(shellfish|shrimps?|prawns?|crabs?|lobsters?|crustaceans?|mussels?|scallops?|oysters?|clams?|molluscs?)\b/, ['shellfish']],
  [/\b(fish|salmon|tuna|cod|seafood)\b/, ['fish']],
  [/\bseafood\b/, ['shellfish']],
  [/\bsesame|tahini\b/, ['sesame']],
];
const NOTHING = /^(none|no|n\/?a|nil|nothing|no allergies|-)$/;

export interface AllergyReading {
  allergens: Allergen[];
  /** Words that map to no allergen group ("strawberries", "mushrooms"): foods named so are left out too. */
  avoidWords: string[];
}

/** `dietRestrictions` is one comma-separated string ("peanuts, shellfish"); "and", "or", ";" and "/" separate too. */
export function readAllergies(dietRestrictions: string | null): AllergyReading {
  const parts = (dietRestrictions ?? '')
    .toLowerCase()
    .split(/,|;|\/|\band\b|\bor\b|\n/)
    .map((p) => p.replace(/\b(allerg(y|ies|ic)( to)?|intoleran(t|ce)( to)?|no|free|avoid)\b/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((p) => p && !NOTHING.test(p));
  const allergens = new Set<Allergen>();
  const avoidWords: string[] = [];
  for (const part of parts) {
    const hits = ALLERGY_WORDS.filter(([re]) => re.test(part)).flatMap(([, a]) => a);
    if (hits.length > 0) hits.forEach((a) => allergens.add(a));
    else avoidWords.push(part);
  }
  return { allergens: ALLERGENS.filter((a) => allergens.has(a)), avoidWords };
}

/** Words for what a food comes from, so "pork" or "red meat" in the restrictions leaves out bacon and ham too. */
const SOURCE_WORDS: Array<[RegExp, Food['source'][]]> = [
  [/\b(pork|bacon|ham)\b/, ['pork']],
  [/\bred meat\b|^meat$/, ['meat', 'pork']],
  [/\b(poultry|chicken|turkey)\b/, ['poultry']],
  [/\bbeef\b/, ['meat']],
];

const stem = (word: string) => word.replace(/(ies|es|s)$/, '');

/** Everything a profile's diet and allergies allow, from the whole catalog; in pregnancy, without the foods to avoid. */
export function allowedFoods(diet: DietReading, allergies: AllergyReading, pregnant: boolean): Food[] {
  const avoidSources = new Set(allergies.avoidWords.flatMap((w) => SOURCE_WORDS.filter(([re]) => re.test(w)).flatMap(([, s]) => s)));
  const avoidStems = allergies.avoidWords.map(stem).filter((s) => s.length >= 3);
  return FOODS.filter(
    (f) =>
      diet.tags.every((tag) => DIET_RULES[tag](f)) &&
      !(pregnant && f.pregnancy) &&
      !f.allergens.some((a) => allergies.allergens.includes(a)) &&
      !avoidSources.has(f.source) &&
      !avoidStems.some((s) => f.name.toLowerCase().includes(s)),
  );
}
