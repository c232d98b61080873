import { unitOf } from './text.js';
import { MEAL_TIMES } from '../../../contract/nutrition/mealTimes.js';
import type { ProfileFields } from '../../../events/user.js';
import {
  caloriesReply,
  contextFor,
  greetingReply,
  helpReply,
  mealPlanReply,
  PAIN_IS_A_STOP,
  paragraphs,
  plansFor,
  progressionReply,
  questionReply,
  recoveryReply,
  thanksReply,
  unknownReply,
  warmupReply,
  workoutPlanReply,
  type Context,
} from './answers.js';
import { mealDayText, mealOverview, regimenDayText, regimenOverview, resolveDay, unsuitableText } from './savedPlans.js';
import { intentOf, profileForRequest, type Intent } from './intents.js';
import { clinicianNote } from './profile.js';
import { buildMealPlan } from './mealPlan.js';
import { seeded } from './random.js';
import { offeredMealPlan, offeredRegimen, swapInRegimen, swapMeal } from './swaps.js';
import { whyReply } from './why.js';
import { howToReply } from './howTo.js';
import { loadReply } from './load.js';
import { foodLogReply } from './foodLog.js';
import { boundsText } from './constraints.js';
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
  const request = {
    ...asked,
    message: readable(asked.message),
    history: asked.history.map((turn) => ({ ...turn, content: readable(turn.content) })),
    // What the person said before binds as much as the message, and is read within the same bound.
    ...(asked.said && { said: asked.said.map(readable) }),
  };
  const random = seeded(`${profileSeed(request.profile)}|${request.message}`);
  const context = contextFor(request.profile, request.message, random, { said: request.said ?? [] });
  const intent = intentOf(request);
  if (intent.kind === 'swap') {
    const swapped = answerSwap(withPlans(request), intent, request);
    // A swap made because a move hurts says, after it, what pain means.
    if (swapped) return intent.pain ? { ...swapped, message: paragraphs(swapped.message, PAIN_IS_A_STOP) } : swapped;
    return answer(request, intentOf(request, true), context);
  }
  return answer(request, intent, context);
}

/**
 * The plans a follow-up is about: the one referenced with /meal or /exercise, else the newest offered in this
 * conversation, else the primary plan. `only` keeps to one kind ("why this exercise?" is about workouts).
 */
function withPlans(request: CoachRequest, only?: 'meal' | 'workout'): CoachRequest {
  const offered = [...(request.offered ?? [])].reverse();
  const offeredMeal = offered.find((p): p is MealPlanData => p.planType === 'meal');
  const offeredWorkout = offered.find((p): p is WorkoutPlanData => p.planType === 'workout');
  const mealPlan = request.mealPlan ?? (offeredMeal ? offeredMealPlan(offeredMeal) : request.primary?.mealPlan);
  const workoutPlan = request.workoutPlan ?? (offeredWorkout ? offeredRegimen(offeredWorkout) : request.primary?.workoutPlan);
  return {
    ...request,
    ...(mealPlan && only !== 'workout' && { mealPlan }),
    ...(workoutPlan && only !== 'meal' && { workoutPlan }),
  };
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
      return caloriesReply(context, request.mealPlan, request.message);
    case 'day':
      return dayReply(request, context, intent.day, intent.about);
    case 'overview':
      return overviewReply(request, context, intent.about);
    case 'progression':
      return progressionReply(unitOf(request.profile));
    case 'warmup':
      return warmupReply();
    case 'recovery':
      return recoveryReply(context, intent);
    case 'question':
      return questionReply(context, intent.topic);
    case 'why':
      return whyReply(withPlans(request, 'workout'), context, intent);
    case 'howTo':
      return howToReply(withPlans(request, 'workout'), intent.phrase);
    case 'load':
      return loadReply(request);
    case 'logFood':
      return foodLogReply(request.message, context.reading);
    case 'swap':
    case 'unknown':
      return notedReply(context) ?? unknownReply(context);
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

/**
 * A new plan from the profile, with what the message asks for ("3 days a week") laid over it, kept to every diet,
 * allergy, body and equipment binding, whichever way it was said; the reply names each and where it came from.
 */
function createPlans(request: CoachRequest, workout: boolean, meal: boolean): CoachReply {
  const { profile, changed } = profileForRequest(request.profile, request.message);
  const context = contextFor(profile, request.message, seeded(`${profileSeed(profile)}|${request.message}`), { said: request.said ?? [] });
  const planData: PlanData[] = [];
  const parts: string[] = [];
  const daysAsked = profile.weeklyWorkoutFrequency !== request.profile.weeklyWorkoutFrequency;
  if (workout) {
    const plan = buildWorkoutPlan(context.reading, context.random);
    planData.push(plan);
    parts.push(workoutPlanReply(context, plan, changed, daysAsked));
  }
  if (meal) {
    const plan = buildMealPlan(context.reading, context.energy, context.random);
    planData.push(plan);
    parts.push(mealPlanReply(context, plan, workout ? [] : changed));
  }
  // The answer first; what was kept to after it, once, and only what shapes the plans offered.
  const kept = boundsText(context.reading.bounds, workout && meal ? undefined : workout ? 'workout' : 'meal');
  if (kept) parts.push(kept);
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

function answerSwap(request: CoachRequest, intent: { from: string; to: string | null }, original: CoachRequest): CoachReply | null {
  const t = request.message.toLowerCase();
  const mealFirst = /\b(meal|breakfast|lunch|dinner|snack|food|eat)\b/.test(t) || !request.workoutPlan;
  const said = { said: request.said ?? [] };
  const seed = `${profileSeed(request.profile)}|${request.message}`;
  const tryWorkout = () => {
    if (!request.workoutPlan) return null;
    const context = contextFor(request.profile, request.message, seeded(seed), said);
    return swapInRegimen(request.workoutPlan, intent.from, intent.to, context.reading);
  };
  const tryMeal = () => {
    if (!request.mealPlan) return null;
    // The plan being changed binds too: a plan labelled vegetarian stays vegetarian.
    const context = contextFor(request.profile, request.message, seeded(seed), { ...said, planDiet: request.mealPlan.dietType, planDescription: request.mealPlan.description });
    return swapMeal(request.mealPlan, intent.from, intent.to, context.reading, context.random);
  };
  const result = mealFirst ? (tryMeal() ?? tryWorkout()) : (tryWorkout() ?? tryMeal());
  if (result) return { message: result.message, planData: result.plan ? [result.plan] : [] };
  if (!original.mealPlan && !original.workoutPlan && !request.mealPlan && !request.workoutPlan && /\b(swap|replace|substitut\w*|instead of|alternative)\b/.test(t)) {
    return {
      message: paragraphs(
        'To swap something in a plan I need a plan first: ask me for a workout plan or a meal plan, or save one as your primary plan.',
        `- ${NEEDS_PLAN.workout}\n- ${NEEDS_PLAN.meal}`,
      ),
      planData: [],
    };
  }
  return null;
}

/** "I am vegetarian" on its own: said back, with what it binds from now on. */
function notedReply(context: Context): CoachReply | null {
  const heard = context.reading.bounds.filter((b) => b.from === 'message');
  if (heard.length === 0) return null;
  return {
    message: paragraphs(
      `Noted: ${[...new Set(heard.map((b) => b.what))].join(', ')}. Every plan and swap I write from now on keeps to it, in this conversation and the next.`,
      'Plans you saved before may not fit yet: ask me to swap a meal or an exercise and I will change whatever in them does not. Or ask me for a new plan.',
      clinicianNote(context.reading.concerns),
    ),
    planData: [],
  };
}

/** The starter regimen and meal plan the workers save as a new subscriber's primary plans. */
export function starterPlans(profile: ProfileFields): { workout: WorkoutPlanData; meal: MealPlanData } {
  return plansFor(contextFor(profile, '', seeded(profileSeed(profile))));
}
