import type { MealTime } from '../../../contract/nutrition/mealTimes.js';
import { kcal } from './energy.js';
import { exerciseNamed } from '../training/exerciseIdentity.js';
import type { Reading } from './profile.js';
import { paragraphs, plural } from './text.js';
import type { ReferencedMealPlan, ReferencedRegimen } from './types.js';

/* What the coach says of a saved plan: a day of it, its overview, what in it does not suit the user. */

/** Each day's calories and macros, rounded. */
export function dayTotals(plan: ReferencedMealPlan) {
  const byDay = new Map<number, { calories: number; protein: number; carbs: number; fats: number }>();
  for (const m of plan.meals) {
    const d = byDay.get(m.dayNumber) ?? { calories: 0, protein: 0, carbs: 0, fats: 0 };
    byDay.set(m.dayNumber, { calories: d.calories + m.calories, protein: d.protein + m.proteinGrams, carbs: d.carbs + m.carbsGrams, fats: d.fats + m.fatsGrams });
  }
  for (const [k, d] of byDay) byDay.set(k, { calories: Math.round(d.calories), protein: Math.round(d.protein), carbs: Math.round(d.carbs), fats: Math.round(d.fats) });
  return byDay;
}

const restText = (seconds: number) => (seconds > 0 ? `, rest ${seconds} s` : '');

/**
 * A saved day's summary after `joiner` (" is Lower body", ", Lower body"), or nothing when the plan left it empty:
 * the product then shows the day as just "Day N", and so does the coach.
 */
const summaryAfter = (joiner: string, summary: string) => (summary.trim() ? `${joiner}${summary.trim()}` : '');

export function regimenDayText(regimen: ReferencedRegimen, dayNumber: number): string {
  const day = regimen.days.find((d) => d.dayNumber === dayNumber);
  if (!day) return `${regimen.name} has ${plural(regimen.days.length, 'day')}; there is no day ${dayNumber}.`;
  if (day.exercises.length === 0) return `Day ${dayNumber} of ${regimen.name} is ${day.summary.trim() || 'a rest day'}: no exercises, so rest or take a walk.`;
  return `Day ${dayNumber} of ${regimen.name}${summaryAfter(' is ', day.summary)}:\n${day.exercises.map((e) => `- ${e.name}: ${e.sets} × ${e.reps}${restText(e.durationSeconds)}`).join('\n')}`;
}

/** A day of the plan; with `time` ("what's for lunch today") only the meals at that time, and the day's total. */
export function mealDayText(plan: ReferencedMealPlan, dayNumber: number, time?: MealTime): string {
  const meals = plan.meals.filter((m) => m.dayNumber === dayNumber);
  const asked = time ? meals.filter((m) => m.mealTime === time) : [];
  if (time && asked.length > 0) {
    const total = dayTotals(plan).get(dayNumber)!;
    return `${time} on day ${dayNumber} of ${plan.name}:\n${asked
      .map((m) => `- ${m.name} (${m.calories} kcal: ${m.proteinGrams} g protein, ${m.carbsGrams} g carbs, ${m.fatsGrams} g fat${m.allergens ? `; contains ${m.allergens}` : ''})`)
      .join('\n')}\n\nThe whole day has ${kcal(total.calories)} (goal ${kcal(plan.calorieGoal)}).`;
  }
  if (meals.length === 0) return `Day ${dayNumber} of ${plan.name} has no meals planned (the plan has ${plural(plan.days, 'day')}).`;
  const t = dayTotals(plan).get(dayNumber)!;
  return `Day ${dayNumber} of ${plan.name} has ${kcal(t.calories)} (${t.protein} g protein, ${t.carbs} g carbs, ${t.fats} g fat; goal ${kcal(plan.calorieGoal)}):\n${meals
    .map((m) => `- ${m.mealTime}: ${m.name} (${m.calories} kcal${m.allergens ? `; contains ${m.allergens}` : ''})`)
    .join('\n')}`;
}

/** "today" is the plan's current day; "tomorrow" the next, wrapping to day 1 after the last. */
export function resolveDay(day: 'today' | 'tomorrow' | number, current: number, length: number): number {
  if (day === 'today') return current;
  if (day === 'tomorrow') return length > 0 ? (current % length) + 1 : current + 1;
  return day;
}

/** Exercises of a saved plan that the user's accessibility needs rule out (a plan from elsewhere may have some). */
export function unsuitableText(regimen: ReferencedRegimen, reading: Reading, dayNumber?: number): string | null {
  const against = reading.accessibility.contraindications;
  const names = regimen.days
    .filter((d) => dayNumber === undefined || d.dayNumber === dayNumber)
    .flatMap((d) => d.exercises.map((e) => exerciseNamed(e.name)))
    .filter((e) => e !== undefined && e.contraindications.some((c) => against.includes(c)))
    .map((e) => e!.name);
  const unique = [...new Set(names)];
  if (unique.length === 0) return null;
  return `Careful: ${unique.join(', ')} ${unique.length === 1 ? 'does' : 'do'} not suit ${reading.accessibility.heard.join(' and ')}. Ask me to "swap ${unique[0]}" for a safer alternative.`;
}

export function regimenOverview(regimen: ReferencedRegimen, reading: Reading): string {
  return paragraphs(
    `"${regimen.name}" is a ${regimen.level} plan (${regimen.goal}) over ${plural(regimen.durationWeeks, 'week')}, ${plural(regimen.days.length, 'training day')} in a cycle; you are on day ${regimen.currentDay}.`,
    regimen.days.map((d) => `- Day ${d.dayNumber}${summaryAfter(', ', d.summary)}: ${d.exercises.map((e) => e.name).join(', ') || 'rest'}`).join('\n'),
    patternsCovered(regimen),
    unsuitableText(regimen, reading),
    'Ask "what is on day 2?" for sets and reps, or "swap <exercise>" for an alternative.',
  );
}

function patternsCovered(regimen: ReferencedRegimen): string | null {
  const patterns = new Set(regimen.days.flatMap((d) => d.exercises.map((e) => exerciseNamed(e.name)?.pattern).filter(Boolean)));
  if (patterns.size === 0) return null;
  const wanted: Array<[string, string[]]> = [
    ['squat', ['squat', 'lunge']],
    ['hinge', ['hinge']],
    ['push', ['push-h', 'push-v']],
    ['pull', ['pull-h', 'pull-v']],
    ['core', ['core']],
  ];
  const missing = wanted.filter(([, p]) => !p.some((x) => patterns.has(x as never))).map(([n]) => n);
  return missing.length === 0 ? 'Each week covers squat, hinge, push, pull and core: a balanced plan.' : `The week has no ${missing.join(', ')} work; ask me to add some if your body allows it.`;
}

export function mealOverview(plan: ReferencedMealPlan): string {
  const byDay = dayTotals(plan);
  const average = [...byDay.values()].reduce((s, d) => s + d.calories, 0) / Math.max(1, byDay.size);
  return paragraphs(
    `"${plan.name}" (${plan.dietType ?? 'no diet type'}) runs ${plural(plan.days, 'day')} at a goal of ${kcal(plan.calorieGoal)}; it averages ${kcal(average)} a day and you are on day ${plan.currentDay}.`,
    [...byDay.entries()].sort(([a], [b]) => a - b).map(([day, t]) => `- Day ${day}: ${kcal(t.calories)}, ${t.protein} g protein`).join('\n'),
    'Ask "what is on day 3?" for the meals, or "swap lunch on day 2" / "swap the salmon" for something else.',
  );
}
