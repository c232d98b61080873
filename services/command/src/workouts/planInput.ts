import { z } from 'zod';
import type { RegimenDay } from '../../../../events/regimen.js';

/** "is required" when the field is missing, else what it must be. */
const says = (what: string, must: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `${what} is required` : `${what} ${must}`;

export const text = (what: string, max: number, min = 1) =>
  z
    .string({ error: says(what, 'must be text') })
    .trim()
    .min(min, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);

export const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: says(what, 'must be a number') })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

/** Bounds a real plan stays inside; they also keep one user's regimens doc a sane size. */
export const PLAN_LIMITS = { days: 31, exercisesPerDay: 30, weeks: 104, sets: 50, reps: 1000, durationSeconds: 7200 } as const;

const exercise = z
  .object({
    name: text('name', 100),
    sets: wholeNumber('sets', 1, PLAN_LIMITS.sets),
    reps: wholeNumber('reps', 1, PLAN_LIMITS.reps),
    /** Seconds; 0 when the exercise has no set time. */
    duration: wholeNumber('duration', 0, PLAN_LIMITS.durationSeconds),
  })
  .strict();

const day = z
  .object({
    day: wholeNumber('day', 1, PLAN_LIMITS.days),
    summary: text('summary', 200),
    // A rest day may list no exercises.
    exercises: z
      .array(exercise, { error: says('exercises', 'must be a list') })
      .max(PLAN_LIMITS.exercisesPerDay, `at most ${PLAN_LIMITS.exercisesPerDay} exercises a day`),
  })
  .strict();

/** Spec §3 "AI plan data" for a workout plan, as POST /api/savePlan receives it. */
export const workoutPlanInput = z
  .object({
    planType: z.literal('workout', { error: "planType must be 'workout'" }),
    name: text('name', 100),
    description: text('description', 2000, 0),
    goal: text('goal', 200),
    level: text('level', 50),
    duration_weeks: wholeNumber('duration_weeks', 1, PLAN_LIMITS.weeks),
    workouts: z
      .array(day, { error: says('workouts', 'must be a list') })
      .min(1, 'workouts needs at least one day')
      .max(PLAN_LIMITS.days, `workouts has at most ${PLAN_LIMITS.days} days`),
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
  });

export type WorkoutPlanInput = z.infer<typeof workoutPlanInput>;

/** The plan's days in order, each exercise with its stable id (`d<day>-e<n>`, unique within the regimen). */
export function regimenDaysOf(plan: WorkoutPlanInput): RegimenDay[] {
  return [...plan.workouts]
    .sort((a, b) => a.day - b.day)
    .map((w) => ({
      dayNumber: w.day,
      summary: w.summary,
      exercises: w.exercises.map((e, i) => ({
        workoutId: `d${w.day}-e${i + 1}`,
        name: e.name,
        sets: e.sets,
        reps: e.reps,
        durationSeconds: e.duration,
      })),
    }));
}
