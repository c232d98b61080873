import { MEAL_TIMES, type MealTime } from '../../events/mealPlan.js';
import { allowedFoods } from './diets.js';
import { EXERCISES, exerciseNamed, type Contraindication, type Exercise, type Level } from './exercises.js';
import { dayIn } from './intents.js';
import { balanceDay, buildMeal, mealRow, Pantry, styleOf } from './mealPlan.js';
import { readAccessibility, type Reading } from './profile.js';
import type { Random } from './random.js';
import type { MealPlanData, ReferencedMealPlan, ReferencedRegimen, WorkoutPlanData } from './types.js';
import { allowedExercise } from './workoutPlan.js';

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
      exercises: d.exercises.map((e) => ({ name: e.name, sets: e.sets, reps: e.reps, duration: e.durationSeconds })),
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

const EASIER_ON: Record<Contraindication, string> = {
  knee: 'your knees',
  'lower-back': 'your lower back',
  shoulder: 'your shoulders',
  wrist: 'your wrists',
  hip: 'your hips',
  ankle: 'your ankles',
  neck: 'your neck',
  impact: 'your joints (no jumping)',
  balance: 'your balance',
  'non-seated': 'you (it can be done seated)',
  legs: 'your legs (upper body only)',
  supine: 'you (no lying on your back)',
};

export interface SwapResult {
  message: string;
  plan: WorkoutPlanData | MealPlanData | null;
}

/** Swap an exercise of the referenced regimen, or null when the text names none of its exercises. */
export function swapExercise(regimen: ReferencedRegimen, from: string, to: string | null, reading: Reading, message: string): SwapResult | null {
  const lines = regimen.days.flatMap((d) => d.exercises.map((e) => ({ day: d.dayNumber, name: e.name })));
  const scored = lines.map((l) => ({ ...l, score: match(from, l.name.replace(/\s*\(.*$/, '')) })).filter((l) => l.score > 0);
  if (scored.length === 0) return null;
  const bestScore = Math.max(...scored.map((l) => l.score));
  const target = scored.find((l) => l.score === bestScore)!.name;
  const original = exerciseNamed(target);
  const level: Level = /advanced|intermediate|novice/.test(regimen.level.toLowerCase()) ? (regimen.level.toLowerCase().match(/advanced|intermediate|novice/)![0] as Level) : reading.level;
  // What the message says hurts counts as much as the profile's accessibility needs.
  const against = [...new Set([...reading.accessibility.contraindications, ...readAccessibility(message).contraindications])];
  const inPlan = new Set(lines.map((l) => l.name.replace(/\s*\(.*$/, '')));
  const pattern = original?.pattern;
  const notes: string[] = [];
  let replacement: Exercise | undefined;
  if (to) {
    const asked = EXERCISES.map((e) => ({ e, score: match(to, e.name) })).filter((x) => x.score >= 0.5).sort((a, b) => b.score - a.score)[0]?.e;
    if (asked && asked.contraindications.some((c) => against.includes(c))) {
      notes.push(`I would not use ${asked.name}: it is hard on ${asked.contraindications.filter((c) => against.includes(c)).map((c) => EASIER_ON[c]).join(' and ')} given what you told me.`);
    } else if (asked) replacement = asked;
    else notes.push(`I do not know "${to}" from my exercise list, so I picked the closest safe match.`);
  }
  if (!replacement) {
    const options = EXERCISES.filter(
      (e) => e.name !== original?.name && !inPlan.has(e.name) && (pattern ? e.pattern === pattern : true) && allowedExercise(e, level, against),
    ).sort((a, b) => a.contraindications.length - b.contraindications.length || Math.abs(levelIndex(a.level) - levelIndex(level)) - Math.abs(levelIndex(b.level) - levelIndex(level)));
    replacement = options[0];
  }
  if (!replacement) return { message: `I could not find a safe alternative to ${target} in my exercise list for your level and needs. A coach or physiotherapist can suggest one in person.`, plan: null };
  const plan = regimenAsPlan(regimen);
  plan.name = revisedName(regimen.name);
  const days: number[] = [];
  for (const workout of plan.workouts) {
    workout.exercises = workout.exercises.map((e) => {
      if (e.name !== target) return e;
      days.push(workout.day);
      const hold = replacement.holdSeconds;
      return { ...e, name: hold ? `${replacement.name} (${hold} s hold)` : replacement.name, reps: hold ? 1 : e.reps };
    });
  }
  const easier = original ? original.contraindications.filter((c) => !replacement.contraindications.includes(c)) : [];
  const why = original
    ? `${original.pattern === replacement.pattern ? 'same movement pattern' : 'a close movement'}, works ${replacement.muscles.join(', ')}${easier.length > 0 ? `, and is easier on ${easier.map((c) => EASIER_ON[c]).join(' and ')}` : ''}`
    : `works ${replacement.muscles.join(', ')}`;
  return {
    message: [
      ...notes,
      `Swap ${target.replace(/\s*\(.*$/, '')} for ${replacement.name}: ${why}.`,
      `It changes day ${[...new Set(days)].join(' and day ')} of ${regimen.name}; sets, reps and rest stay the same (${replacement.equipment}). Start light for the first session to learn the movement.`,
      `Save the plan below as "${plan.name}" to use it.`,
    ].join('\n\n'),
    plan,
  };
}

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
  const avoid = foodWords.length > 0 ? foodWords : [];
  const foods = allowedFoods(reading.diet, { allergens: reading.allergies.allergens, avoidWords: [...reading.allergies.avoidWords, ...avoid] });
  const wanted = to ? foods.find((f) => match(to, f.name) >= 0.5) : undefined;
  const pantry = new Pantry(foods, random);
  const style = styleOf(reading.diet.tags);
  const result = mealPlanAsPlan(plan);
  result.name = revisedName(plan.name);
  const changes: string[] = [];
  for (const target of targets) {
    const index = plan.meals.indexOf(target);
    const wasMain = target.name.split(' + ')[0]?.replace(/\s*\(.*$/, '');
    const portions = buildMeal(pantry, style, target.mealTime as MealTime, target.calories, target.proteinGrams, (options) => {
      if (wanted && options.includes(wanted)) return wanted;
      return options.find((f) => f.name !== wasMain && !target.name.includes(f.name)) ?? options[0];
    });
    if (portions.length === 0) continue;
    balanceDay([portions], target.calories);
    const row = mealRow(target.dayNumber, target.mealTime as MealTime, portions);
    result.meals[index] = row;
    changes.push(`- Day ${target.dayNumber} ${target.mealTime}: ${target.name} (${target.calories} kcal) → ${row.meal} (${row.calories} kcal, ${row.protein_grams} g protein)`);
  }
  if (changes.length === 0) return { message: 'I could not build a replacement that fits your diet and allergies from my food list.', plan: null };
  return {
    message: [
      `Here ${changes.length === 1 ? 'is the swap' : `are ${changes.length} swaps`} for ${plan.name}, keeping each meal's calories and protein close to the original and your diet and allergies respected:`,
      changes.join('\n'),
      wanted || !to ? '' : `I do not have "${to}" in my food list (or it does not fit your diet), so I chose something similar.`,
      `Save the plan below as "${result.name}" to use it.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    plan: result,
  };
}
