import { z } from 'zod';
import { PLANS, TRAINING } from '../../../../../events/bounds.js';
import { idField, says, text, wholeNumber } from '../../fields.js';
import { checkWorkoutPlan } from '../../plans/api.js';
import type { WorkoutPlan } from './decide.js';

/** A model writes `3` or `"3"` for the same number; in a plan both are read as the number. */
const numericText = (value: unknown) => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);
const planNumber = (what: string, min: number, max: number) => z.preprocess(numericText, wholeNumber(what, min, max));

/** Bounds a real plan stays inside (events/bounds.ts); they also keep one user's regimens doc a sane size. */
export const PLAN_LIMITS = {
  days: PLANS.days,
  exercisesPerDay: PLANS.exercisesPerDay,
  weeks: PLANS.weeks,
  sets: TRAINING.sets,
  reps: TRAINING.reps,
  durationSeconds: PLANS.exerciseSeconds,
  repsText: 40,
} as const;

/**
 * Reps as the plan writes them: a whole number (`10`, `"10"`), a range (`"8-12"`, `"8–12"`, `"8 to 12"`) or a
 * number with words (`"10 per leg"`). The text is kept as written for the plans page; `target` is the lower bound,
 * the whole number the tracker pre-fills. Text with no whole number in it has no reading and is refused.
 */
const reps = z
  .union([z.number(), z.string()], { error: says('reps', 'must be a number or a range such as 8-12') })
  .transform((value, ctx) => {
    const written = typeof value === 'number' ? String(value) : value.trim();
    if (typeof value === 'number' && !Number.isInteger(value)) {
      ctx.addIssue({ code: 'custom', message: 'reps must be a whole number' });
      return z.NEVER;
    }
    if (written.length > PLAN_LIMITS.repsText) {
      ctx.addIssue({ code: 'custom', message: `reps must be at most ${PLAN_LIMITS.repsText} characters` });
      return z.NEVER;
    }
    const range = /^(\d+)\s*(?:-|–|—|to)\s*(\d+)/i.exec(written);
    const first = /\d+/.exec(written);
    if (!first) {
      ctx.addIssue({ code: 'custom', message: 'reps must be a number or a range such as 8-12' });
      return z.NEVER;
    }
    const target = range ? Math.min(Number(range[1]), Number(range[2])) : Number(first[0]);
    if (target < 1 || target > PLAN_LIMITS.reps) {
      ctx.addIssue({ code: 'custom', message: `reps must be between 1 and ${PLAN_LIMITS.reps}` });
      return z.NEVER;
    }
    return { written, target };
  });

const exercise = z
  .object({
    name: text('name', 100),
    sets: planNumber('sets', 1, PLAN_LIMITS.sets),
    reps,
    /** Seconds; 0 (also when left out) when the exercise has no set time. */
    duration: z.preprocess((value) => (value === undefined || value === null ? 0 : value), planNumber('duration', 0, PLAN_LIMITS.durationSeconds)),
    /** The trainer's reason for the exercise, kept with the plan. */
    why: text('why', 600, 0).optional(),
  })
  .strict();

const day = z
  .object({
    day: planNumber('day', 1, PLAN_LIMITS.days),
    // Empty (or left out) is kept empty: readers show 'Day N' then, as the plans page does (docs/product.md#screens-feature-by-feature).
    summary: z.preprocess((value) => (value === undefined || value === null ? '' : value), text('summary', 200, 0)),
    // A rest day may list no exercises.
    exercises: z
      .array(exercise, { error: says('exercises', 'must be a list') })
      .max(PLAN_LIMITS.exercisesPerDay, `at most ${PLAN_LIMITS.exercisesPerDay} exercises a day`),
  })
  .strict();

/** One exercise of a saved plan swapped in place: its place in the plan, and the exercise it becomes. */
export const swapInput = z.object({ workoutId: idField('workoutId'), name: text('name', 100) }).strict();

/**
 * What a plan offered in chat changes in a saved plan, exercise by exercise, when it is that plan with exercises
 * swapped: the client applies it with POST /api/user/regimens/:id/swap instead of saving a second plan.
 */
const revision = z
  .object({
    regimenId: idField('regimenId'),
    swaps: z
      .array(swapInput, { error: says('revises.swaps', 'must be a list') })
      .min(1, 'revises.swaps needs at least one swap')
      .max(PLAN_LIMITS.days * PLAN_LIMITS.exercisesPerDay, 'revises.swaps is longer than a plan'),
  })
  .strict();

/** docs/product.md#what-the-app-keeps-and-answers "AI plan data" for a workout plan, as POST /api/savePlan receives it (and as chat checks what it offers). */
export const workoutPlanInput = z
  .object({
    planType: z.literal('workout', { error: "planType must be 'workout'" }),
    name: text('name', 100),
    description: text('description', 2000, 0),
    goal: text('goal', 200),
    level: text('level', 50),
    duration_weeks: planNumber('duration_weeks', 1, PLAN_LIMITS.weeks),
    workouts: z
      .array(day, { error: says('workouts', 'must be a list') })
      .min(1, 'workouts needs at least one day')
      .max(PLAN_LIMITS.days, `workouts has at most ${PLAN_LIMITS.days} days`),
    revises: revision.optional(),
  })
  .strict()
  .superRefine((plan, ctx) => {
    if (plan.workouts.length === 0) return; // already refused above, with a clearer message
    // Days are a cycle 1..N: the current day advances through them and wraps, so a gap would be a day never reached.
    const days = plan.workouts.map((w) => w.day).sort((a, b) => a - b);
    if (days.some((d, i) => d !== i + 1)) {
      ctx.addIssue({ code: 'custom', path: ['workouts'], message: `days must be numbered 1 to ${days.length}, each once` });
    }
    if (plan.workouts.every((w) => w.exercises.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['workouts'], message: 'the plan needs at least one exercise' });
    }
    checkWorkoutPlan(plan, ctx);
  });

export type WorkoutPlanInput = z.infer<typeof workoutPlanInput>;

/** The checked request (docs/product.md#what-the-app-keeps-and-answers field names) as the save command's plan. */
export const workoutPlanOf = (input: WorkoutPlanInput): WorkoutPlan => ({
  name: input.name,
  description: input.description,
  goal: input.goal,
  level: input.level,
  durationWeeks: input.duration_weeks,
  days: input.workouts.map((w) => ({
    dayNumber: w.day,
    summary: w.summary,
    exercises: w.exercises.map((e) => ({ name: e.name, sets: e.sets, reps: e.reps.written, targetReps: e.reps.target, durationSeconds: e.duration, ...(e.why && { why: e.why }) })),
  })),
});
