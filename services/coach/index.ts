import { MEAL_TIMES } from '../../events/mealPlan.js';
import type { ProfileFields } from '../../events/user.js';
import {
  caloriesReply,
  contextFor,
  greetingReply,
  helpReply,
  mealDayText,
  mealOverview,
  mealPlanReply,
  paragraphs,
  plansFor,
  progressionReply,
  questionReply,
  recoveryReply,
  regimenDayText,
  regimenOverview,
  resolveDay,
  thanksReply,
  unknownReply,
  unsuitableText,
  warmupReply,
  workoutPlanReply,
  type Context,
} from './answers.js';
import { intentOf, profileForRequest, type Intent } from './intents.js';
import { buildMealPlan } from './mealPlan.js';
import { seeded } from './random.js';
import { swapExercise, swapMeal } from './swaps.js';
import type { CoachReply, CoachRequest, MealPlanData, PlanData, WorkoutPlanData } from './types.js';
import { buildWorkoutPlan } from './workoutPlan.js';

export type * from './types.js';

/** Seed text for a profile: the same person gets the same plans, two people usually different ones. */
const profileSeed = (profile: ProfileFields) => JSON.stringify(profile);

/**
 * The built-in coach: answers the trainer chat without a model. Pure and synchronous; randomness is seeded from
 * the request, so the same request always gets the same answer.
 */
export function builtInCoach(asked: CoachRequest): CoachReply {
  const request = { ...asked, message: readable(asked.message), history: asked.history.map((turn) => ({ ...turn, content: readable(turn.content) })) };
  const random = seeded(`${profileSeed(request.profile)}|${request.message}`);
  const context = contextFor(request.profile, request.message, random);
  const intent = intentOf(request);
  if (intent.kind === 'swap') {
    const swapped = answerSwap(request, intent, context);
    if (swapped) return swapped;
    return answer(request, intentOf(request, true), context);
  }
  return answer(request, intent, context);
}

function answer(request: CoachRequest, intent: Intent, context: Context): CoachReply {
  switch (intent.kind) {
    case 'help':
      return helpReply();
    case 'greeting':
      return greetingReply(context);
    case 'thanks':
      return thanksReply();
    case 'create':
      return createPlans(request, intent.workout, intent.meal);
    case 'calories':
      return caloriesReply(context, request.mealPlan);
    case 'day':
      return dayReply(request, context, intent.day, intent.about);
    case 'overview':
      return overviewReply(request, context, intent.about);
    case 'progression':
      return progressionReply();
    case 'warmup':
      return warmupReply();
    case 'recovery':
      return recoveryReply(context, intent);
    case 'question':
      return questionReply(context, intent.topic);
    case 'swap':
    case 'unknown':
      return unknownReply(context);
    default: {
      const never: never = intent;
      return never;
    }
  }
}

/**
 * How much of a message the coach reads. It reads keywords, and a question a person types fits in this many
 * characters many times over; the phrase patterns (intents.ts) cost more than linear time in the length of what they
 * read, so an unbounded message (the token budget allows ~500,000 characters of spaces) could hold the process for
 * minutes. Bounded here, every message costs the coach at most a few milliseconds.
 */
export const COACH_READS_CHARACTERS = 500;

/** The start of a text, runs of whitespace read as one space (the patterns read words, not layout). */
function readable(text: string): string {
  return text.slice(0, COACH_READS_CHARACTERS * 4).replace(/\s+/g, ' ').slice(0, COACH_READS_CHARACTERS);
}

/** A new plan from the profile, with what the message asks for ("vegan", "3 days a week") laid over it. */
function createPlans(request: CoachRequest, workout: boolean, meal: boolean): CoachReply {
  const { profile, changed } = profileForRequest(request.profile, request.message);
  const context = contextFor(profile, request.message, seeded(`${profileSeed(profile)}|${request.message}`));
  const planData: PlanData[] = [];
  const parts: string[] = [];
  if (workout) {
    const plan = buildWorkoutPlan(context.reading, context.random);
    planData.push(plan);
    parts.push(workoutPlanReply(context, plan, changed));
  }
  if (meal) {
    const plan = buildMealPlan(context.reading, context.energy, context.random);
    planData.push(plan);
    parts.push(mealPlanReply(context, plan, workout ? [] : changed));
  }
  parts.push(planData.length === 1 ? 'Press Save to keep it; you can make it your primary plan on the plans page.' : 'Press Save on each to keep them.');
  return { message: paragraphs(...parts), planData };
}

const NEEDS_PLAN = {
  meal: 'Start your message with /meal to include your primary meal plan, and ask again. No meal plan yet? Ask me to make one.',
  workout: 'Start your message with /exercise to include your primary workout plan, and ask again. No workout plan yet? Ask me to make one.',
};

function dayReply(request: CoachRequest, context: Context, day: 'today' | 'tomorrow' | number, about: 'meal' | 'workout' | 'either'): CoachReply {
  const parts: string[] = [];
  if (about !== 'meal' && request.workoutPlan) {
    const r = request.workoutPlan;
    const n = resolveDay(day, r.currentDay, r.days.length);
    parts.push(regimenDayText(r, n));
    const careful = unsuitableText(r, context.reading, n);
    if (careful) parts.push(careful);
  }
  if (about !== 'workout' && request.mealPlan) {
    const m = request.mealPlan;
    const time = MEAL_TIMES.find((t) => new RegExp(`\\b${t}`, 'i').test(request.message));
    parts.push(mealDayText(m, resolveDay(day, m.currentDay, m.days), time));
  }
  if (parts.length === 0) parts.push(about === 'meal' ? NEEDS_PLAN.meal : about === 'workout' ? NEEDS_PLAN.workout : `${NEEDS_PLAN.meal}\n\n${NEEDS_PLAN.workout.replace('Start', 'Or start')}`);
  else if (request.workoutPlan && about !== 'meal') parts.push('Warm up for 5–10 minutes first and cool down after.');
  return { message: paragraphs(...parts), planData: [] };
}

function overviewReply(request: CoachRequest, context: Context, about: 'meal' | 'workout' | 'either'): CoachReply {
  const parts: string[] = [];
  if (about !== 'meal' && request.workoutPlan) parts.push(regimenOverview(request.workoutPlan, context.reading));
  if (about !== 'workout' && request.mealPlan) parts.push(mealOverview(request.mealPlan));
  if (parts.length === 0) parts.push(about === 'workout' ? NEEDS_PLAN.workout : NEEDS_PLAN.meal);
  return { message: paragraphs(...parts), planData: [] };
}

function answerSwap(request: CoachRequest, intent: { from: string; to: string | null }, context: Context): CoachReply | null {
  const t = request.message.toLowerCase();
  const mealFirst = /\b(meal|breakfast|lunch|dinner|snack|food|eat)\b/.test(t) || !request.workoutPlan;
  const tryWorkout = () => (request.workoutPlan ? swapExercise(request.workoutPlan, intent.from, intent.to, context.reading, request.message) : null);
  const tryMeal = () => (request.mealPlan ? swapMeal(request.mealPlan, intent.from, intent.to, context.reading, context.random) : null);
  const result = mealFirst ? (tryMeal() ?? tryWorkout()) : (tryWorkout() ?? tryMeal());
  if (result) return { message: result.message, planData: result.plan ? [result.plan] : [] };
  if (!request.mealPlan && !request.workoutPlan && /\b(swap|replace|substitut\w*|instead of|alternative)\b/.test(t)) {
    return {
      message: paragraphs(
        'To swap something in your plan I need to see it:',
        `- ${NEEDS_PLAN.workout}\n- ${NEEDS_PLAN.meal}`,
      ),
      planData: [],
    };
  }
  return null;
}

/** The starter regimen and meal plan the workers save as a new subscriber's primary plans. */
export function starterPlans(profile: ProfileFields): { workout: WorkoutPlanData; meal: MealPlanData } {
  return plansFor(contextFor(profile, '', seeded(profileSeed(profile))));
}
