import { z } from 'zod';
import { instant, PLANS, TRAINING, whole } from './bounds.js';

const id = z.string().min(1);
const at = instant;
const day = whole(1, PLANS.days);

/** One exercise of a regimen day; `workoutId` is stable for the regimen's life, so logs can point at it. */
const regimenExercise = z.object({
  workoutId: id,
  name: z.string(),
  sets: whole(1, TRAINING.sets),
  /** As the plan wrote it: `"10"`, a range `"8-12"`, `"10 per leg"`; the plans page shows it so. */
  reps: z.string().min(1),
  /** The whole-number lower bound of `reps`, which the tracker pre-fills. */
  targetReps: whole(1, TRAINING.reps),
  /** The AI plan's per-exercise time in seconds; the plans list shows it as `rest`. */
  durationSeconds: whole(0, PLANS.exerciseSeconds),
  /** Why the trainer chose it (the rule and the facts it used), when the plan said; the chat answers "why?" from it. */
  why: z.string().optional(),
});

const regimenDay = z.object({
  dayNumber: day,
  /** May be empty: readers show 'Day N' then. */
  summary: z.string(),
  exercises: z.array(regimenExercise).max(PLANS.exercisesPerDay),
});
export type RegimenDay = z.infer<typeof regimenDay>;

const regimenSavedFields = {
  regimenId: id,
  userId: id,
  name: z.string(),
  description: z.string(),
  goal: z.string(),
  level: z.string(),
  durationWeeks: whole(1, PLANS.weeks),
  savedAt: at,
};

/**
 * Stream `regimen-<id>`: the plan as saved and the progress through its days.
 * Stream `workouts-<userId>` (the user's workout roster): which regimen is primary and which are deleted, so the
 * per-user rules (one primary, the primary cannot be deleted) are decided on one stream.
 */
export const regimenEvents = {
  /** v2: each exercise keeps its reps as written (a range too) beside the whole-number `targetReps`. */
  'RegimenSaved.v2': z.object({ ...regimenSavedFields, days: z.array(regimenDay).min(1).max(PLANS.days) }),
  /** Roster stream. `currentDay` is the regimen's day at that moment, for readers that follow the primary. */
  PrimaryRegimenSelected: z.object({
    userId: id,
    regimenId: id,
    previousRegimenId: id.nullable(),
    currentDay: day,
    selectedAt: at,
  }),
  /** Roster stream. */
  RegimenDeleted: z.object({ userId: id, regimenId: id, deletedAt: at }),
  /** Roster stream: a saved regimen counts toward the plans one account keeps (see plans/roster.ts). */
  /** `name`: the name it was saved under, distinct among the user's regimens (absent on those listed before names were). */
  RegimenListed: z.object({ userId: id, regimenId: id, listedAt: at, name: z.string().optional() }),
  /**
   * A session on the regimen ended: that day's workout counts as done at `completedAt`. `workout`: the session had
   * something logged, so the plan moves on to the day after (services/domain/training/planDays.ts); absent on
   * completions recorded before plans followed the workouts done, which moved only by "Proceed".
   */
  RegimenDayCompleted: z.object({ regimenId: id, userId: id, dayNumber: day, sessionId: id, completedAt: at, workout: z.boolean().optional() }),
  /** `toDay` below or equal to `fromDay` means the regimen wrapped round to day 1: a new cycle begins. */
  RegimenDayAdvanced: z.object({ regimenId: id, userId: id, fromDay: day, toDay: day, advancedAt: at }),
  /** "Reset daily progress": the completions of `dayNumber` in the current cycle no longer count. */
  RegimenDayCompletionUndone: z.object({ regimenId: id, userId: id, dayNumber: day, undoneAt: at }),
  /**
   * One exercise of the plan changed in place (a swap from the plans page or the chat): the plan keeps its id, its
   * day and its history, and becomes `version`; sessions done before keep the names they logged. `replaced`: the
   * name it had; `name` the line's new name (a hold's says its time).
   */
  RegimenExerciseSwapped: z.object({
    regimenId: id,
    userId: id,
    workoutId: id,
    replaced: z.string(),
    name: z.string().min(1).max(100),
    version: whole(2, 100_000),
    swappedAt: at,
    /**
     * The line's prescription after the swap, by the new exercise's kind (a hold by seconds in its name, one rep a
     * set): absent on swaps recorded before it followed the kind, which kept the line's sets, reps and rest.
     */
    ...regimenExercise.pick({ sets: true, reps: true, targetReps: true, durationSeconds: true }).partial().shape,
  }),
  /** "Restart regimen": back to day 1, a new cycle with no completions. */
  RegimenRestarted: z.object({ regimenId: id, userId: id, fromDay: day, restartedAt: at }),
};

/**
 * Versions no longer appended, still read from older logs: events/catalog.ts upcasts each to its successor.
 * `RegimenSaved` (v1) held reps as a whole number only. Its schema is the one it was written under, without the
 * bounds of events/bounds.ts: it is only ever read, and an old event must go on reading as it was written.
 */
const looseId = z.string().min(1);
export const retiredRegimenEvents = {
  RegimenSaved: z.object({
    regimenId: looseId,
    userId: looseId,
    name: z.string(),
    description: z.string(),
    goal: z.string(),
    level: z.string(),
    durationWeeks: z.number().int(),
    savedAt: z.string().min(1),
    days: z.array(
      z.object({
        dayNumber: z.number().int().min(1),
        summary: z.string(),
        exercises: z.array(
          z.object({ workoutId: looseId, name: z.string(), sets: z.number().int(), reps: z.number().int(), durationSeconds: z.number().int(), why: z.string().optional() }),
        ),
      }),
    ),
  }),
};
