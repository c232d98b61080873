import { z } from 'zod';

/**
 * The bounds of a sane calendar and of real training, which every reader of the log relies on (a date that parses
 * and turns back into one, a duration that keeps an end inside the calendar, sums that stay finite and meaningful).
 * Written once: the event schemas apply them at every append, and the command side's inputs and the import parser
 * quote them in their messages, so a value is refused with a 400 before any event holds it. Events already in a log
 * are read as they were written: only appends are held to these bounds (events/catalog.ts).
 */

/**
 * The years a dated fact may lie in. Training history a person brings reaches back decades, never before 1900; the
 * server's own clock and any plan stay well before 2100. A value outside is a typo or an attack.
 */
export const YEARS = { earliest: 1900, latest: 2100 } as const;
const EARLIEST_MS = Date.UTC(YEARS.earliest, 0, 1);
const END_MS = Date.UTC(YEARS.latest + 1, 0, 1);

/**
 * How far ahead of the server's clock a fact dated when it happened (a file's workout) may lie: a file read in the
 * wrong time zone or a device's clock that runs ahead stays within a day; anything later has not happened yet.
 * The schemas do not check it (they hold no clock, so a log validates the same on any day); the inputs that take a
 * date from outside do.
 */
export const AHEAD_MS = 24 * 3600_000;

/** Weights, as entered: the spec's cap on a logged weight is 2000 lb, far above any real lift (907 kg is 2000 lb). */
export const MAX_WEIGHT = { lb: 2000, kg: 907 } as const;

/** One set, one exercise, one workout, as real training has them, with room to spare. */
export const TRAINING = {
  /** Reps of one set: high-rep bodyweight sets reach the hundreds, none a thousand. */
  reps: 1000,
  /** Sets of one exercise in a plan or a log entry. */
  sets: 50,
  /** Sets in one imported workout: a long session has about fifty. */
  setsPerWorkout: 1000,
  /**
   * Sets logged in one session in the app, those taken back too: six times a long session. Each set rewrites its
   * session's docs and the person's records, which hold the session's sets until it ends, so this bounds what one
   * account can make a set cost (every such doc stays under 256 KB).
   */
  setsPerSession: 300,
  /** A workout (a session, an imported one) lasts at most a day: a longer one was left running, not trained through. */
  workoutMinutes: 24 * 60,
  /** A timed set or a cardio row lasts at most a day too: a set cannot outlast its workout. */
  setSeconds: 24 * 3600,
  /** A cardio row's distance, in km or mi: a day-long ultramarathon is a few hundred. */
  distance: 1000,
  /** Rate of perceived exertion. */
  rpe: 10,
  /** An exercise's identity key: a custom one is made of a name of at most 100 characters. */
  exerciseKey: 200,
  /**
   * Exercises a person's imports hold together, each import counting its own (an import's records are kept by
   * exercise under the import, so an undo takes them back whole). The tracker reads them all at once, so this bounds
   * what one account can make that read cost; a lifetime of Strong or Hevy history names a few hundred exercises.
   */
  importedExercises: 2000,
  /**
   * Exercises of a person's own named in the app (sets logged under a name that matches none of the catalog's). Each
   * is a records doc the tracker reads with every other, so this bounds what one account can make that read cost; a
   * lifter names a few dozen.
   */
  customExercises: 1000,
} as const;

/** Plans, as a plan of real training has them (they also keep one user's plan docs a sane size). */
export const PLANS = {
  days: 31,
  exercisesPerDay: 30,
  weeks: 104,
  /** An exercise's time in a plan, in seconds: two hours. */
  exerciseSeconds: 7200,
  mealsPerDay: 8,
  calorieGoal: 20000,
  mealCalories: 10000,
  macroGrams: 2000,
} as const;

/** The body numbers of the profile (lb, inches, percent, kcal a day), with bounds no real person is outside of. */
export const BODY = {
  age: [1, 120],
  heightIn: [12, 108],
  weightLb: [1, 1500],
  percent: [0, 100],
  calories: [0, 20000],
  weeklyWorkouts: [0, 7],
} as const;

/** The rows (sets) one imported file may hold: about thirty years of a lifter's sets, and a bound on one import's work. */
export const MAX_IMPORT_ROWS = 200_000;

/** Whether an instant (epoch ms) lies in the years of `YEARS`. */
export const inYears = (ms: number) => ms >= EARLIEST_MS && ms < END_MS;

const yearsMessage = `must be an ISO 8601 instant such as 2026-01-31T08:00:00.000Z in the years ${YEARS.earliest} to ${YEARS.latest}`;

/**
 * An instant exactly as `toISOString` writes it (UTC, milliseconds), so instants also compare as text, in the years
 * of `YEARS`: it parses, and any sane duration added to it still does.
 */
export const instant = z.iso.datetime({ precision: 3, error: yearsMessage }).refine((s) => inYears(Date.parse(s)), yearsMessage);

/** A calendar date (YYYY-MM-DD) in the years of `YEARS`. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && inYears(Date.parse(`${s}T00:00:00Z`)), `must be a date in the years ${YEARS.earliest} to ${YEARS.latest}`);

/** A whole number from `min` to `max`. */
export const whole = (min: number, max: number) => z.number().int().min(min).max(max);

/** A number from `min` to `max`. */
export const amount = (min: number, max: number) => z.number().min(min).max(max);

/** A count of things an import holds (workouts, sets, exercises): at most one per row of the file. */
export const importCount = whole(0, MAX_IMPORT_ROWS);

/** A subscription's price in cents: the configured prices stay far below it. */
export const MAX_PRICE_CENTS = 1_000_000;

/** A ticket's thread: a conversation about one problem, far below it; past it, a new ticket is asked for. */
export const MAX_TICKET_REPLIES = 1_000;

/** A chat question: the recent messages sent along with it, and its tokens (the largest models read about a million). */
export const CHAT = { history: 50, inputTokens: 1_000_000 } as const;
