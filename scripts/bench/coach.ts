import { ACTIVITY_LEVELS, GENDERS, type ProfileFields } from '../../events/user.js';
import { EXERCISES } from '../../services/domain/training/exercises.js';
import { FOODS } from '../../services/domain/nutrition/foods.js';
import { builtInCoach, starterPlans, type CoachRequest } from '../../services/domain/coach/index.js';
import { seeded } from '../../services/domain/coach/random.js';
import type { MealPlanData, ReferencedMealPlan, ReferencedRegimen, WorkoutPlanData } from '../../services/domain/coach/types.js';
import { mealPlan } from '../../services/command/src/nutrition/mealPlan.js';
import { advanceMealDayFlow, saveMealPlanFlow } from '../../services/command/src/nutrition/flows.js';
import { mealPlanInput, mealPlanOf } from '../../services/command/src/nutrition/planInput.js';
import { referencedMealPlan } from '../../services/command/src/nutrition/primaryPlan.js';
import { advanceDay } from '../../services/command/src/training/regimens/decide.js';
import { regimenProgressFlow, saveRegimenFlow } from '../../services/command/src/training/regimens/flows.js';
import { referencedRegimen } from '../../services/command/src/training/regimens/load.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { regimen } from '../../services/command/src/training/regimens/regimen.js';
import { mealPlanStream, regimenStream } from '../../events/streams.js';
import { now, percentile, round } from './common.js';
import { History, iso, request, START } from './fixtures/log.js';

export interface CoachFigures {
  requests: number;
  /** Time of one `builtInCoach` call, in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Calls answered with a plan (new plans and swaps), for scale: they are the slow kind. */
  withPlans: number;
  catalog: { exercises: number; foods: number };
}

const MESSAGES = [
  'make me a workout plan',
  'Create a vegetarian meal plan without nuts',
  'make me a workout plan and a meal plan',
  'I want to lose weight',
  'how many calories should I eat?',
  'what is on day 2?',
  "what's for lunch today",
  'swap the squats',
  'swap the chicken',
  'replace dinner on day 3',
  'summarize my plan',
  'when should I add weight?',
  '/help',
  'hi',
];

/** A varied profile per index, drawn from a seed so every run measures the same requests. */
function profileFor(i: number): ProfileFields {
  const r = seeded(`bench-${i}`);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r.next() * items.length)]!;
  return {
    name: `Bench ${i}`,
    age: 18 + Math.floor(r.next() * 60),
    gender: pick(GENDERS),
    heightIn: 58 + Math.floor(r.next() * 20),
    weightLb: 110 + Math.floor(r.next() * 200),
    bodyFatPercentage: null,
    musclePercentage: null,
    targetWeightLb: 120 + Math.floor(r.next() * 150),
    targetBodyFatPercentage: null,
    targetMusclePercentage: null,
    primaryGoal: pick(['Lose weight', 'Build muscle', 'Get stronger', 'Run a 10k', 'Stay healthy', null]),
    secondaryGoal: null,
    weeklyWorkoutFrequency: pick([0, 1, 2, 3, 4, 5, 6, 7, null]),
    activityLevel: pick(ACTIVITY_LEVELS),
    gymExperience: Math.round(r.next() * 100) / 100,
    helpPreferences: [],
    accessibilityNeeds: pick([null, 'bad knees', 'lower back pain', 'wheelchair user', 'shoulder injury']),
    calorieIntakeGoal: pick([null, null, null, 1800, 2500]),
    dietType: pick([null, 'vegetarian', 'vegan', 'pescatarian', 'keto', 'gluten-free', 'halal']),
    dietRestrictions: pick([null, 'peanuts', 'dairy, eggs', 'shellfish, sesame', 'soy']),
    timeZone: 'UTC',
  };
}

/**
 * The coach's plans saved and moved on to day 2 through the command side's own flows, then read back as the chat
 * reads the primary plans it attaches to /meal and /exercise.
 */
function savedOnDay2(userId: string, workout: WorkoutPlanData, meal: MealPlanData): { workoutPlan: ReferencedRegimen; mealPlan: ReferencedMealPlan } {
  const h = new History();
  const at = iso(START);
  const regimenId = `${userId}-regimen`;
  const mealPlanId = `${userId}-meals`;
  h.run(request(START, userId), saveRegimenFlow({ regimenId, userId, plan: workoutPlanOf(workoutPlanInput.parse(workout)), now: at }));
  h.run(request(START, userId), saveMealPlanFlow({ mealPlanId, userId, plan: mealPlanOf(mealPlanInput.parse(meal)), now: at }));
  h.run(request(START, userId), regimenProgressFlow(advanceDay, { userId, regimenId, now: at }));
  h.run(request(START, userId), advanceMealDayFlow({ userId, mealPlanId, now: at }));
  const r = h.state(regimenStream(regimenId), regimen);
  const p = h.state(mealPlanStream(mealPlanId), mealPlan);
  if (r.status === 'none' || p.status === 'none') throw new Error('the starter plans were not saved');
  return { workoutPlan: referencedRegimen(r), mealPlan: referencedMealPlan(p) };
}

/** Times `builtInCoach` over `requests` varied requests (half with the user's plans attached, as /meal and /exercise do). */
export function measureCoach(requests: number): CoachFigures {
  const batch: CoachRequest[] = Array.from({ length: requests }, (_, i) => {
    const profile = profileFor(i);
    const message = MESSAGES[i % MESSAGES.length]!;
    // The user's primary plans as the chat loads them: the starter plans, saved.
    const { workout, meal } = starterPlans(profile);
    return { message, history: [], profile, ...(i % 2 === 0 ? savedOnDay2(`bench-${i}`, workout, meal) : {}) };
  });
  // A few calls first so the timings are of warm code, as a running server's would be.
  for (const request of batch.slice(0, 20)) builtInCoach(request);
  const times: number[] = [];
  let withPlans = 0;
  for (const request of batch) {
    const t0 = now();
    const reply = builtInCoach(request);
    times.push(now() - t0);
    if (reply.planData.length > 0) withPlans += 1;
  }
  return {
    requests,
    p50Ms: round(percentile(times, 50), 3),
    p99Ms: round(percentile(times, 99), 3),
    maxMs: round(Math.max(...times), 3),
    withPlans,
    catalog: { exercises: EXERCISES.length, foods: FOODS.length },
  };
}
