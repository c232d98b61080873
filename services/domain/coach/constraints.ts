import { ALLERGENS, FOODS } from '../nutrition/foods.js';
import { DIET_WORDS, readAllergies, type DietTag } from '../nutrition/diets.js';
import type { EquipmentChoice } from '../../../events/user.js';
import type { Equipment } from '../training/exercises.js';

/**
 * What a person says binds their plans, wherever they said it: the profile's diet and allergy fields, the sign-up
 * notes (accessibility needs), anything they told the trainer earlier, the message being answered, and the diet of
 * the plan being changed. Each binding keeps where it came from, so a reply can say so.
 */

/** Where a binding came from, in the words a reply uses. */
export type Source = 'profile' | 'notes' | 'chat' | 'message' | 'plan';

export interface Bound {
  kind: 'diet' | 'allergy' | 'body' | 'equipment' | 'age';
  /** What binds, as a reply names it ("vegetarian", "nuts", "your knees", "body weight only"). */
  what: string;
  from: Source;
  /** The words it was read from, quoted in the reply when it came from the chat. */
  quote: string;
}

/** Training places people name (the profile's equipment choices), and the equipment each leaves (home gyms vary). */
export type Access = EquipmentChoice;
// A home with dumbbells has dumbbells and the floor: no band, no pool, unless the person says so.
export const EQUIPMENT_OF: Record<Access, Equipment[] | 'all'> = {
  gym: 'all',
  dumbbells: ['body weight', 'dumbbell'],
  bodyweight: ['body weight'],
};
export const ACCESS_WORDS: Record<Access, string> = { gym: 'a gym', dumbbells: 'home with dumbbells', bodyweight: 'body weight only' };

/** What one text states, read as statements (negations such as "I'm not vegan" state nothing). */
export interface Stated {
  diets: DietTag[];
  /** Diets the text says no longer hold ("I'm not vegetarian any more"), lifting what the chat said before. */
  lifted: DietTag[];
  /** Foods and allergen words to leave out ("nuts", "pork"). */
  avoid: string[];
  /** Body parts and situations the exercise filter reads ("bad knees", "pregnant"). */
  body: string[];
  /**
   * Where they train, as said: `home` is "at home" with nothing named, which keeps the dumbbells the profile says
   * they have at home and is body weight only otherwise.
   */
  access: Access | 'home' | null;
  age: number | null;
}

const NEGATED = /(\bnot\b|\bno longer\b|\bnon-?|n't\b|\bused to be\b|\bstopped being\b|\bquit being\b)[\sa-z]{0,14}$/;
// Saying what you eat is as good as naming the diet.
const MEAL_HABITS: Array<[RegExp, DietTag]> = [
  [/\b(?:don'?t|do not|never|can'?t|cannot|won'?t) eat (?:any )?(?:animal products|anything from animals)\b/, 'vegan'],
  [/\b(?:don'?t|do not|never|can'?t|cannot|won'?t) eat (?:any )?(?:meat or fish|meat and fish|meat, fish|meat)\b/, 'vegetarian'],
];
const LIFTS = /\b(?:i (?:eat|have) (?:meat|fish|chicken) (?:again|now)|i'?m eating meat again)\b/;
/** Allergy and avoidance phrasing: what follows (or precedes) it is the food. */
const AVOID_AFTER = /\b(?:allerg(?:ic|y|ies) to|intoleran(?:t|ce) to|can'?t eat|cannot eat|don'?t eat|do not eat|never eat|avoid(?:ing)?|without|no|free of)\s+([a-z ,'-]+?)(?=[^a-z ,'-]|$|\s+(?:please|for|at|in|with|to|that|which|so|but|because|i|my|a|per|and i|anymore|any more)\b)/g;
const AVOID_BEFORE = /\b([a-z]+(?:[ -][a-z]+)?)[ -](?:allerg(?:y|ies)|intolerance|free)\b/g;
const BODY =
  /\b(?:bad|sore|injured|hurt\w*|weak|painful|dodgy|arthritic|replaced|my|bum)\s+(?:knees?|lower back|back|shoulders?|wrists?|hips?|ankles?|neck)\b|\b(?:knee|back|shoulder|wrist|hip|ankle|neck) (?:pain|problems?|injur\w*|issues?|trouble|surgery)\b|\bwheel ?chair\b|\bpregnan\w*|\btrimester\b|\barthritis\b|\bno jumping\b/g;
const ACCESS: Array<[RegExp, Access | 'home']> = [
  [/\b(?:body ?weight only|only (?:my )?body ?weight|no equipment|without (?:any )?equipment|don'?t have (?:any )?equipment|nothing but my body|no gym)\b/, 'bodyweight'],
  [/\b(?:(?:at )?home with (?:a pair of |a set of |some |my |our |two |adjustable |light )*(?:\w+ )?dumbbells|only (?:have )?(?:my )?dumbbells|(?:i )?(?:have|own|use|got) (?:a pair of |a set of |some |my |two |adjustable )*dumbbells|with my dumbbells)\b/, 'dumbbells'],
  [/\b(?:at home|for (?:the )?home|home workouts?|train(?:ing)? (?:from|at) home)\b/, 'home'],
  [/\b(?:(?:at|to) (?:the|a) gym|gym membership|i have a gym|full gym)\b/, 'gym'],
];
const AGE = /\b(?:i'?m|i am)\s+(\d{1,2})(?:\s*(?:years?(?: old)?|yrs?(?: old)?|y\.?o\.?))?(?=\s*(?:$|[.,!;]|and\b))|\b(\d{1,2})[- ]years?[- ]old\b/;

/** Words after "no" or "without" that are not foods: "no equipment", "without jumping". */
export const NOT_FOOD = /^(body ?weight|home|only|what|how|can|could|is|are|do|does|should|would|will|which|when|where|who|why|please|thanks|i|you|it|have|a|an|the|more|less|than|gym|equipment|time|days?|weights?|jumping|running|machines?|cardio|longer|rest|idea|plan|problem|way|need|one|pain|injur\w*|lunges?|squats?|exercises?|work ?outs?|training|dumbbells?|barbells?|kettlebells?|bands?|access|money|kids?|car|space|room|preference|restrictions?|allergies|idea)\b/;

/**
 * Words of the body and of moves: a phrase holding one ("no deep squats", "no kneeling", "without jumping") is a note
 * about training, never a food to leave out of a meal plan, wherever in the phrase the word stands.
 */
const MOVE_OR_BODY = /\b(?:deep|squat\w*|lunge\w*|jump\w*|kneel\w*|bend\w*|knees?|backs?|spine|shoulders?|wrists?|hips?|ankles?|neck|joints?|impact|burpees?|planks?|push-?ups?|pull-?ups?|sit-?ups?|crunch\w*|stairs|steps?|step-?ups?|overhead|lifting|lifts?|deadlifts?|running|runs?|twist\w*|reps?|sets?|weights?|exercis\w*|moves?|stretch\w*|floor work|lying)\b/;

/** Words after "no" that say there is nothing to avoid rather than name a food ("no food allergies", "no special diet"). */
const NO_FOOD_NAMED = /^(?:no|none|any|food|(?:any |special |known )?(?:foods?|diet|dietary)(?: (?:allerg\w*|restrictions?|needs?|intoleran\w*))?|allerg\w*|intoleran\w*|restrictions?)$/;

const stem = (word: string) => word.replace(/(ies|es|s)$/, '');
/** A word names a food when an allergen group, a source or a catalog food goes by it: "no equipment" is not one. */
function namesFood(word: string): boolean {
  if (readAllergies(word).allergens.length > 0) return true;
  if (/^(meat|red meat|pork|bacon|ham|beef|poultry|chicken|turkey|lamb|fish|seafood|shellfish)$/.test(word)) return true;
  const s = stem(word);
  return s.length >= 3 && FOODS.some((f) => f.name.toLowerCase().includes(s));
}

function dietsIn(text: string): { diets: DietTag[]; lifted: DietTag[] } {
  const diets = new Set<DietTag>();
  const lifted = new Set<DietTag>();
  for (const [re, tags] of DIET_WORDS) {
    for (const m of text.matchAll(new RegExp(re.source, 'g'))) {
      const negated = NEGATED.test(text.slice(Math.max(0, m.index - 24), m.index));
      for (const tag of tags) (negated ? lifted : diets).add(tag);
    }
  }
  for (const [re, tag] of MEAL_HABITS) if (re.test(text)) diets.add(tag);
  if (LIFTS.test(text)) ['vegan', 'vegetarian', 'pescatarian'].forEach((t) => lifted.add(t as DietTag));
  return { diets: [...diets].filter((d) => !lifted.has(d)), lifted: [...lifted] };
}

/** What a text states that binds later plans. Questions only asking about a diet ("is keto healthy?") bind nothing. */
export function statedIn(text: string): Stated {
  const t = text.toLowerCase().replace(/[’‘]/g, "'");
  const sentences = t.split(/(?<=[.!?\n])\s*/).filter(Boolean);
  const statements = sentences.filter((s) => !/\?\s*$/.test(s) || /\b(make|create|build|give|plan|menu|i am|i'm|i have|allerg\w*)\b/.test(s));
  const said = statements.join(' ');
  const { diets, lifted } = dietsIn(said);
  // Allergies bind even inside a question: "I'm allergic to nuts, what can I eat?"
  const avoid = [...t.matchAll(AVOID_AFTER)]
    .flatMap((m) => m[1]!.split(/,|\bor\b|\band\b/))
    .concat([...t.matchAll(AVOID_BEFORE)].map((m) => m[1]!))
    .map((w) => w.trim().replace(/^(?:no|without|any|a|an|the|severe|bad)\s+/, '').trim())
    // "No food allergies" names the allergies, not a food: answering the first chat's question binds nothing.
    .filter((w) => w && !NO_FOOD_NAMED.test(w) && !MOVE_OR_BODY.test(w) && (namesFood(w) || (!NOT_FOOD.test(w) && w.split(' ').length <= 2)));
  // A pain report binds the body even asked as a question: "the step-up hurts my knee, can you swap it?"
  const aboutBody = sentences.filter((s) => statements.includes(s) || (/\b(?:hurts?|hurting|painful|pain)\b/.test(s) && /\bmy\b/.test(s))).join(' ');
  const body = [...aboutBody.matchAll(BODY)].map((m) => m[0]);
  const access = ACCESS.find(([re]) => re.test(said))?.[1] ?? null;
  const age = AGE.exec(said);
  return { diets, lifted, avoid: [...new Set(avoid)], body, access, age: age ? Number(age[1] ?? age[2]) : null };
}

export const statesAnything = (s: Stated) => s.diets.length + s.lifted.length + s.avoid.length + s.body.length > 0 || s.access !== null || s.age !== null;

/** The allergen groups a list of words maps to, for naming in a reply. */
export const allergenWords = (words: string[]) => ALLERGENS.filter((a) => readAllergies(words.join(', ')).allergens.includes(a));

/** Where a binding came from, as a reply says it after the binding ("from your profile"). */
export function sourceText(bound: Bound): string {
  switch (bound.from) {
    case 'profile':
      return 'from your profile';
    case 'notes':
      return 'from the accessibility needs on your profile';
    case 'chat':
      return `you told me earlier: "${bound.quote.length > 60 ? `${bound.quote.slice(0, 57)}…` : bound.quote}"`;
    case 'message':
      return 'from your message';
    case 'plan':
      return 'from the plan being changed';
  }
}

/**
 * The bindings that shape each kind of plan: a diet says nothing of a workout, a knee nothing of a meal; age and a
 * pregnancy shape both (the foods to avoid in pregnancy are catalog data).
 */
const matters = (b: Bound, about: 'workout' | 'meal') =>
  b.kind === 'age' || (about === 'workout' ? b.kind === 'body' || b.kind === 'equipment' : b.kind === 'diet' || b.kind === 'allergy' || b.what === 'pregnancy');

/**
 * One line naming every binding and where it came from, after the answer of a plan or a swap; with `about`, only
 * the bindings that matter to that kind of plan.
 */
export function boundsText(bounds: Bound[], about?: 'workout' | 'meal'): string | null {
  const shown = about ? bounds.filter((b) => matters(b, about)) : bounds;
  if (shown.length === 0) return null;
  const seen = new Map<string, Bound[]>();
  for (const b of shown) {
    const key = `${b.kind}:${b.what}`;
    seen.set(key, [...(seen.get(key) ?? []), b]);
  }
  const parts = [...seen.values()].map((list) => `${list[0]!.what} (${[...new Set(list.map(sourceText))].join('; ')})`);
  return `Kept to: ${parts.join('; ')}.`;
}
