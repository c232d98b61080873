import { MEAL_TIMES } from '../../../contract/nutrition/mealTimes.js';
import { paragraphs } from './answers.js';
import { boundsText } from './constraints.js';
import { allowedFoods, readAllergies } from '../nutrition/diets.js';
import { EXERCISES, SPARES, type Exercise, type Level } from '../training/exercises.js';
import { catalogExercise, exerciseIdentity, exerciseNamed } from '../training/exerciseIdentity.js';
import { swappedLine } from '../training/swappedLine.js';
import { FOODS, foodNamed, PREGNANCY_TEXT, type Food } from '../nutrition/foods.js';
import { dayIn } from './intents.js';
import { balanceDay, buildMeal, dietName, mealRow, Pantry, styleOf } from './mealPlan.js';
import { isPregnant, type Reading } from './profile.js';
import type { Random } from './random.js';
import type { MealPlanData, ReferencedMealPlan, ReferencedRegimen, WorkoutPlanData } from './types.js';
import { reasonFor, ruledOut } from './workoutPlan.js';
import { catalogNamed } from './howTo.js';

/** Swapping one exercise or meal of the user's referenced plan, answered with the changed plan to save. */

const STOP = new Set(['the', 'a', 'an', 'my', 'on', 'in', 'of', 'for', 'with', 'and', 'day', 'please', 'exercise', 'exercises', 'meal', 'meals', 'plan', 'it', 'one', 'this', 'that', 'today', 'tomorrow', 'some', 'out']);
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter((w) => w && !STOP.has(w) && !/^\d+$/.test(w))
    .map((w) => w.replace(/(es|s)$/, ''))
    .filter((w) => w.length >= 3);

/** How well `text` names `name`: the share of the text's words found in the name. */
function match(text: string, name: string): number {
  const wanted = words(text);
  if (wanted.length === 0) return 0;
  const have = words(name);
  return wanted.filter((w) => have.some((h) => h.startsWith(w) || w.startsWith(h))).length / wanted.length;
}

/** The saved copy of a changed plan is named "<name> v2" (the client strips a trailing " v2" when naming it). */
export const revisedName = (name: string) => `${name.replace(/ v\d+$/, '')} v2`;

/**
 * A swap in a saved plan is made in that plan, in place (docs/adr/0177-a-swap-edits-the-plan-in-place.md): the plan
 * offered keeps the saved plan's name and says, line by line, which exercise becomes which. A plan only offered in
 * this conversation, or one whose days changed shape (an exercise dropped), is a revised plan to save instead.
 * Returns the sentence that tells the person how to apply it.
 */
function revisedInPlace(regimen: ReferencedRegimen, plan: WorkoutPlanData): string {
  const swaps: Array<{ workoutId: string; name: string }> = [];
  let sameShape = regimen.regimenId !== 'offered';
  for (const day of regimen.days) {
    const lines = plan.workouts.find((w) => w.day === day.dayNumber)?.exercises ?? [];
    if (lines.length !== day.exercises.length) sameShape = false;
    day.exercises.forEach((e, i) => {
      const now = lines[i];
      if (now && now.name !== e.name) swaps.push({ workoutId: e.workoutId, name: now.name });
    });
  }
  if (!sameShape || swaps.length === 0) {
    plan.name = revisedName(regimen.name);
    return `Save the plan below as "${plan.name}" to use it.`;
  }
  plan.name = regimen.name;
  plan.revises = { regimenId: regimen.regimenId, swaps };
  return `Press "Swap in my plan" to make ${swaps.length === 1 ? 'this change' : 'these changes'} in ${regimen.name} itself: it keeps its day and what you have done.`;
}

export function regimenAsPlan(regimen: ReferencedRegimen): WorkoutPlanData {
  return {
    planType: 'workout',
    name: regimen.name,
    description: regimen.description,
    goal: regimen.goal || 'general health',
    level: regimen.level || 'novice',
    duration_weeks: Math.max(1, regimen.durationWeeks),
    workouts: regimen.days.map((d) => ({
      day: d.dayNumber,
      summary: d.summary || `Day ${d.dayNumber}`,
      exercises: d.exercises.map((e) => ({ name: e.name, sets: e.sets, reps: e.reps, duration: e.durationSeconds, ...(e.why && { why: e.why }) })),
    })),
  };
}

export function mealPlanAsPlan(plan: ReferencedMealPlan): MealPlanData {
  return {
    planType: 'meal',
    name: plan.name,
    description: plan.description ?? '',
    diet_type: plan.dietType,
    calorie_goal: plan.calorieGoal,
    meals: plan.meals.map((m) => ({
      day: m.dayNumber,
      meal_time: m.mealTime,
      meal: m.name,
      calories: m.calories,
      protein_grams: m.proteinGrams,
      carbs_grams: m.carbsGrams,
      fats_grams: m.fatsGrams,
      allergens: m.allergens,
    })),
  };
}

export interface SwapResult {
  message: string;
  plan: WorkoutPlanData | MealPlanData | null;
}

/** A plan offered in the chat (not saved yet) as the swaps read a saved one. */
export function offeredRegimen(plan: WorkoutPlanData): ReferencedRegimen {
  return {
    regimenId: 'offered',
    name: plan.name,
    description: plan.description,
    goal: plan.goal,
    level: plan.level,
    durationWeeks: plan.duration_weeks,
    currentDay: 1,
    days: plan.workouts.map((w) => ({
      dayNumber: w.day,
      summary: w.summary,
      exercises: w.exercises.map((e, i) => ({
        workoutId: `d${w.day}-e${i + 1}`,
        name: e.name,
        sets: e.sets,
        reps: String(e.reps),
        targetReps: Math.max(1, Number(/\d+/.exec(String(e.reps))?.[0] ?? 1)),
        durationSeconds: e.duration,
        ...(e.why && { why: e.why }),
      })),
    })),
  };
}

export function offeredMealPlan(plan: MealPlanData): ReferencedMealPlan {
  return {
    mealPlanId: 'offered',
    name: plan.name,
    dietType: plan.diet_type,
    calorieGoal: plan.calorie_goal,
    description: plan.description,
    currentDay: 1,
    days: Math.max(1, ...plan.meals.map((m) => m.day)),
    meals: plan.meals.map((m, i) => ({
      mealPlanMealId: `m${i}`,
      dayNumber: m.day,
      mealTime: m.meal_time,
      name: m.meal,
      calories: m.calories,
      proteinGrams: m.protein_grams,
      carbsGrams: m.carbs_grams,
      fatsGrams: m.fats_grams,
      allergens: m.allergens,
    })),
  };
}

/** "something easier on my knees", "anything else": no exercise named, only a wish. */
const ANYTHING = /^(something|anything|an? (easier|different|other|alternative)|else|other|alternative|easier)\b/;

interface Replacement {
  exercise: Exercise | undefined;
  /** Why candidates were left out, for the reply when none is left. */
  ruled: string[];
}

/**
 * A replacement for `original` that keeps its muscle group: the same movement pattern first, then another pattern
 * training the same main muscle, then any move sharing a muscle; never one the person's body, equipment, age or level rules out. Exercises already
 * in the plan come last (on another day they are still a real alternative).
 */
function replacementFor(original: Exercise | undefined, avoid: Set<string>, inPlan: Set<string>, reading: Reading, level: Level): Replacement {
  const ruled: string[] = [];
  const main = original?.muscles[0];
  const tiers: Array<(e: Exercise) => boolean> = original
    ? [
        (e) => e.pattern === original.pattern && main !== undefined && e.muscles.includes(main),
        (e) => e.pattern === original.pattern,
        (e) => e.pattern !== 'cardio' && main !== undefined && e.muscles.includes(main),
        // Last, any move sharing a muscle: a knee that rules out every squat still trains glutes with a bridge.
        (e) => e.pattern !== 'cardio' && original.muscles.some((m) => e.muscles.includes(m)),
      ]
    : [() => true];
  for (const tier of tiers) {
    const options = EXERCISES.filter((e) => e.name !== original?.name && !avoid.has(e.name) && tier(e));
    const allowed = options.filter((e) => {
      const why = ruledOut(e, reading, level);
      if (why && !ruled.some((r) => r.startsWith(e.name))) ruled.push(`${e.name}: ${why}`);
      return !why;
    });
    const byFit = allowed.sort(
      (a, b) => Number(inPlan.has(a.name)) - Number(inPlan.has(b.name)) || a.contraindications.length - b.contraindications.length || Math.abs(levelIndex(a.level) - levelIndex(level)) - Math.abs(levelIndex(b.level) - levelIndex(level)),
    );
    if (byFit[0]) return { exercise: byFit[0], ruled };
  }
  return { exercise: undefined, ruled };
}

const planLevel = (regimen: ReferencedRegimen, reading: Reading): Level => {
  const named = /advanced|intermediate|novice/.exec(regimen.level.toLowerCase())?.[0] as Level | undefined;
  // A plan written for a higher level than the person's never lifts what the person may do.
  return named && levelIndex(named) < levelIndex(reading.level) ? named : reading.level;
};

/** How much of a line to do, in words: "2 × 10", "2 sets held for 30 s", "one continuous bout". */
function doseOf(line: { name: string; sets: number; reps: number | string }): string {
  const time = /\(\s*(\d+\s*(?:s|min))\b/.exec(line.name)?.[1];
  if (String(line.reps) !== '1' || !time) return `${line.sets} × ${line.reps}`;
  return /min/.test(time) ? 'one continuous bout' : `${line.sets} sets held for ${time}`;
}

/** A plan line for `replacement` in place of `line`, prescribed by its kind as the swap endpoint prescribes it. */
function replaceLine(line: WorkoutPlanData['workouts'][number]['exercises'][number], replacement: Exercise, reading: Reading, dayTitle: string) {
  const swapped = swappedLine({ name: line.name, sets: line.sets, reps: line.reps, rest: line.duration }, replacement.name);
  return { ...line, name: swapped.name, sets: swapped.sets, reps: swapped.reps, duration: swapped.rest, why: reasonFor(replacement, reading, dayTitle) };
}

/**
 * A swap in a regimen: a whole day ("swap day 2") or one exercise ("swap lunges for something easier on my knees").
 * Whatever else in the plan breaks a binding the person has stated since it was written is swapped with it.
 */
export function swapInRegimen(regimen: ReferencedRegimen, from: string, to: string | null, reading: Reading): SwapResult | null {
  const day = /^day\s*(\d{1,2})$/.exec(from.trim())?.[1];
  if (day) return swapWorkoutDay(regimen, Number(day), reading);
  return swapExercise(regimen, from, to, reading);
}

function swapWorkoutDay(regimen: ReferencedRegimen, dayNumber: number, reading: Reading): SwapResult | null {
  const target = regimen.days.find((d) => d.dayNumber === dayNumber);
  if (!target) return null;
  const level = planLevel(regimen, reading);
  const plan = regimenAsPlan(regimen);
  const inPlan = new Set(regimen.days.flatMap((d) => d.exercises.map((e) => baseName(e.name))));
  const used = new Set(inPlan);
  const lines: string[] = [];
  const workout = plan.workouts.find((w) => w.day === dayNumber)!;
  workout.exercises = workout.exercises.map((line) => {
    const original = exerciseNamed(line.name);
    const { exercise } = replacementFor(original, used, new Set(), reading, level);
    if (!exercise) return line;
    used.add(exercise.name);
    lines.push(`- ${baseName(line.name)} → ${exercise.name}`);
    return replaceLine(line, exercise, reading, workout.summary);
  });
  if (lines.length === 0) return { message: `I could not find new exercises for day ${dayNumber} of ${regimen.name} that suit you; every alternative in my list was already in the plan or ruled out.`, plan: null };
  const extra = enforceRegimen(plan, reading, level);
  const apply = revisedInPlace(regimen, plan);
  return {
    message: paragraphs(
      `A new day ${dayNumber} for ${regimen.name}, each exercise swapped for one that works the same muscles:`,
      lines.join('\n'),
      extra,
      boundsText(reading.bounds, 'workout'),
      `Sets, reps and rest stay the same unless the new exercise is counted another way (a hold goes by the time in its name). ${apply}`,
    ),
    plan,
  };
}

/** Swap an exercise of the referenced regimen, or null when the text names none of its exercises. */
export function swapExercise(regimen: ReferencedRegimen, from: string, to: string | null, reading: Reading): SwapResult | null {
  const lines = regimen.days.flatMap((d) => d.exercises.map((e) => ({ day: d.dayNumber, name: e.name })));
  const scored = lines.map((l) => ({ ...l, score: match(from, baseName(l.name)) })).filter((l) => l.score > 0);
  if (scored.length === 0) return null;
  const bestScore = Math.max(...scored.map((l) => l.score));
  const target = scored.find((l) => l.score === bestScore)!.name;
  // A plan line in other words ("Step-up") is read as the catalog exercise it names, so its swap keeps its movement.
  const original = exerciseNamed(target) ?? catalogNamed(baseName(target));
  const level = planLevel(regimen, reading);
  const inPlan = new Set(lines.map((l) => baseName(l.name)));
  const notes: string[] = [];
  let replacement: Exercise | undefined;
  const wish = to && !ANYTHING.test(to) ? to : null;
  if (wish) {
    // A name the identity rule knows ("Squat (Barbell)") is that exercise; otherwise the closest catalog name.
    const asked = catalogExercise(exerciseIdentity(wish).key) ?? EXERCISES.map((e) => ({ e, score: match(wish, e.name) })).filter((x) => x.score >= 0.5).sort((a, b) => b.score - a.score)[0]?.e;
    const why = asked ? ruledOut(asked, reading, level) : null;
    // "swap box squat to a high box" names the exercise itself, not what to swap it for.
    if (asked && asked.name === original?.name) replacement = undefined;
    else if (asked && why) notes.push(`I would not use ${asked.name}: ${why}.`);
    else if (asked) replacement = asked;
    else notes.push(`I do not know "${wish}" from my exercise list, so I picked the closest match that suits you.`);
  }
  const found = replacementFor(original, new Set([baseName(target)]), inPlan, reading, level);
  replacement ??= found.exercise;
  if (!replacement) {
    const ruled = found.ruled.slice(0, 8).map((r) => `- ${r}`).join('\n');
    return {
      message: paragraphs(
        `My exercise list has nothing else that works the same muscles as ${baseName(target)} and suits you. What I ruled out, and why:`,
        ruled || `- nothing else trains ${original?.muscles[0] ?? 'the same muscles'}`,
        boundsText(reading.bounds, 'workout'),
        'A coach or physiotherapist can suggest one in person.',
      ),
      plan: null,
    };
  }
  const plan = regimenAsPlan(regimen);
  const days: number[] = [];
  let dose = 'sets, reps and rest stay the same';
  for (const workout of plan.workouts) {
    workout.exercises = workout.exercises.map((e) => {
      if (e.name !== target) return e;
      days.push(workout.day);
      const line = replaceLine(e, replacement, reading, workout.summary);
      if (line.sets !== e.sets || String(line.reps) !== String(e.reps) || line.duration !== e.duration) dose = `it is done as ${doseOf(line)} instead of ${doseOf(e)}`;
      return line;
    });
  }
  const extra = enforceRegimen(plan, reading, level, new Set([original?.name ?? baseName(target)]));
  const apply = revisedInPlace(regimen, plan);
  const easier = original ? original.contraindications.filter((c) => !replacement.contraindications.includes(c) && reading.accessibility.contraindications.includes(c)) : [];
  const why = original
    ? `${original.pattern === replacement.pattern ? 'the same movement' : 'a different movement'} for the same muscles (${replacement.muscles.join(', ')})${easier.length > 0 ? `, and it ${easier.map((c) => SPARES[c]).join(' and ')}` : ''}`
    : `it works ${replacement.muscles.join(', ')}`;
  return {
    message: paragraphs(
      `Swap ${baseName(target)} for ${replacement.name}: ${why}.`,
      ...notes,
      `It changes day ${[...new Set(days)].join(' and day ')} of ${regimen.name}; ${dose} (${replacement.equipment}). Start light for the first session to learn the movement.`,
      extra,
      boundsText(reading.bounds, 'workout'),
      apply,
    ),
    plan,
  };
}

/**
 * Swaps, in place, every exercise of `plan` that a binding rules out (said since the plan was written); returns
 * the sentence saying so, or null when nothing needed it. `never`: exercises just swapped out, which come back nowhere.
 */
export function enforceRegimen(plan: WorkoutPlanData, reading: Reading, level: Level, never: ReadonlySet<string> = new Set()): string | null {
  const changed: string[] = [];
  const used = new Set(plan.workouts.flatMap((w) => w.exercises.map((e) => baseName(e.name))));
  for (const workout of plan.workouts) {
    const today = new Set(workout.exercises.map((e) => baseName(e.name)));
    workout.exercises = workout.exercises.flatMap((line) => {
      const e = exerciseNamed(line.name);
      // The plan's level is not a binding said since: only the body, the equipment and age are enforced.
      if (!e || !ruledOut(e, reading, 'advanced')) return [line];
      // Not twice on one day; on another day an exercise already in the plan is still a real alternative.
      const { exercise } = replacementFor(e, new Set([...today, ...never]), used, reading, level);
      if (exercise) today.add(exercise.name);
      changed.push(exercise ? `${e.name} → ${exercise.name} (day ${workout.day})` : `${e.name} dropped (day ${workout.day})`);
      if (!exercise) return [];
      used.add(exercise.name);
      return [replaceLine(line, exercise, reading, workout.summary)];
    });
  }
  return changed.length > 0 ? `I also changed what no longer suits you: ${changed.join('; ')}.` : null;
}

const baseName = (name: string) => name.replace(/\s*\(.*$/, '');

/** Words that name how a food is cooked or cut, not what it is: "grilled" says nothing about a diet. */
const GENERIC = new Set(['grilled', 'baked', 'roast', 'roasted', 'smoked', 'steamed', 'seared', 'sliced', 'lean', 'ground', 'skinless', 'breast', 'whole', 'nonfat', 'full', 'low', 'fat', 'in', 'water', 'cooked', 'firm', 'mixed', 'fresh']);

/**
 * A meal's name holds only allowed foods: catalog foods by name, and for names the catalog does not know (a model's
 * "Chicken stir-fry") no word that names an excluded food ("chicken").
 */
export function mealAllowed(name: string, allowed: readonly Food[]): boolean {
  const ok = new Set(allowed.map((f) => f.name));
  return name.split(' + ').every((part) => {
    const food = foodNamed(baseName(part));
    if (food) return ok.has(food.name);
    const text = part.toLowerCase();
    return !excludedWords(ok).some((w) => new RegExp(`\\b${w}`).test(text));
  });
}

const excludedWords = (ok: Set<string>) =>
  [...new Set(FOODS.filter((f) => !ok.has(f.name)).flatMap((f) => f.name.toLowerCase().split(/[\s-]+/).filter((w) => w.length >= 4 && !GENERIC.has(w))))].filter(
    // A word an allowed food also uses ("beans" in black beans and green beans) decides nothing.
    (w) => ![...ok].some((name) => name.toLowerCase().includes(w)),
  );

const levelIndex = (l: Level) => ['novice', 'intermediate', 'advanced'].indexOf(l);

/** Swap meals of the referenced plan (by day and meal time, or by a food they contain), or null when none match. */
export function swapMeal(plan: ReferencedMealPlan, from: string, to: string | null, reading: Reading, random: Random): SwapResult | null {
  const time = MEAL_TIMES.find((t) => new RegExp(`\\b${t}`, 'i').test(from));
  const said = dayIn(from);
  const day = said === 'today' ? plan.currentDay : said === 'tomorrow' ? (plan.currentDay % Math.max(1, plan.days)) + 1 : said;
  const foodWords = words(from).filter((w) => !MEAL_TIMES.some((t) => t.toLowerCase().startsWith(w)));
  let targets = plan.meals.filter((m) => (time ? m.mealTime === time : true) && (day !== null ? m.dayNumber === day : true));
  if (foodWords.length > 0) targets = targets.filter((m) => match(foodWords.join(' '), m.name) > 0);
  if (!time && day === null && foodWords.length === 0) return null;
  if (targets.length === 0) return null;
  if (time && day === null && foodWords.length === 0) targets = targets.filter((m) => m.dayNumber === plan.currentDay);
  if (targets.length === 0) return null;
  const allowed = allowedFoods(reading.diet, reading.allergies, isPregnant(reading));
  // "For something without tofu" is what this replacement leaves out, not a new rule for the whole plan: the other
  // meals are swapped only where they break what the person said before or elsewhere, and the ones that merely hold
  // what this swap leaves out are named, to be swapped when asked.
  const notIn = /\bwithout\s+([a-z ,'-]+)$/.exec(to ?? '')?.[1]?.split(/,|\bor\b|\band\b/).map((w) => w.trim()).filter(Boolean) ?? [];
  const asked = readAllergies(notIn.join(', '));
  const binding = allowedFoods(
    reading.diet,
    { allergens: reading.allergies.allergens.filter((a) => !asked.allergens.includes(a)), avoidWords: reading.allergies.avoidWords.filter((w) => !asked.avoidWords.includes(w)) },
    isPregnant(reading),
  );
  const breaking = plan.meals.filter((m) => !targets.includes(m) && !mealAllowed(m.name, binding));
  targets = [...targets, ...breaking].sort((a, b) => plan.meals.indexOf(a) - plan.meals.indexOf(b));
  const holding = plan.meals.filter((m) => !targets.includes(m) && !mealAllowed(m.name, allowed));
  const avoid = [...foodWords, ...notIn];
  const foods = allowedFoods(reading.diet, { allergens: reading.allergies.allergens, avoidWords: [...reading.allergies.avoidWords, ...avoid] }, isPregnant(reading));
  const wish = to && !ANYTHING.test(to) ? to : null;
  const wanted = wish ? foods.find((f) => match(wish, f.name) >= 0.5) : undefined;
  const pantry = new Pantry(foods, random);
  const style = styleOf(reading.diet.tags);
  const result = mealPlanAsPlan(plan);
  result.name = revisedName(plan.name);
  if (reading.diet.tags.length > 0) {
    // The label says the diet the plan now keeps.
    const label = dietName(reading.diet.tags);
    if (plan.dietType && result.name.startsWith(plan.dietType)) result.name = `${label}${result.name.slice(plan.dietType.length)}`;
    result.diet_type = label;
  }
  const changes: string[] = [];
  for (const target of targets) {
    const index = plan.meals.indexOf(target);
    const wasMain = target.name.split(' + ')[0]?.replace(/\s*\(.*$/, '');
    const portions = buildMeal(pantry, style, target.mealTime, target.calories, target.proteinGrams, (options) => {
      if (wanted && options.includes(wanted)) return wanted;
      return options.find((f) => f.name !== wasMain && !target.name.includes(f.name)) ?? options[0];
    });
    if (portions.length === 0) continue;
    balanceDay([portions], target.calories);
    const row = mealRow(target.dayNumber, target.mealTime, portions);
    result.meals[index] = row;
    changes.push(`- Day ${target.dayNumber} ${target.mealTime}: ${target.name} (${target.calories} kcal) → ${row.meal} (${row.calories} kcal, ${row.protein_grams} g protein)`);
  }
  const kept = boundsText(reading.bounds, 'meal');
  if (changes.length === 0 || targets.some((t) => !mealAllowed(result.meals[plan.meals.indexOf(t)]!.meal, allowed)) || result.meals.some((m) => !mealAllowed(m.meal, binding))) {
    return { message: paragraphs('I could not build a replacement from my food list that keeps to everything you told me.', kept), plan: null };
  }
  return {
    message: paragraphs(
      `Here ${changes.length === 1 ? 'is the swap' : `are ${changes.length} swaps`} for ${plan.name}, keeping each meal's calories and protein close to the original:`,
      changes.join('\n'),
      breaking.length > 0 ? `${breaking.length === 1 ? 'One other meal' : `${breaking.length} other meals`} held something you told me you do not eat, so I swapped ${breaking.length === 1 ? 'it' : 'them'} too.` : null,
      holding.length > 0 ? `${holding.length === 1 ? 'One other meal holds' : `${holding.length} other meals hold`} ${notIn.join(' or ')} too; ask me to swap ${holding.length === 1 ? 'it' : 'them'} as well.` : null,
      kept ?? 'You have told me no diet or allergy; tell me if there is one.',
      isPregnant(reading) ? PREGNANCY_TEXT : null,
      wanted || !wish ? null : `I do not have "${wish}" in my food list (or it does not fit what you eat), so I chose something similar.`,
      `Save the plan below as "${result.name}" to use it.`,
    ),
    plan: result,
  };
}
