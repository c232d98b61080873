/**
 * The answers of GET /api/workouts (and /workout-regimens) and GET /api/workout-session/workouts/{regimenId} as
 * types, written once for both sides: the regimens projection and route build them and the web client's workouts and
 * tracker features read them. Types only, importing only other such files, so the web build takes nothing else from
 * the server.
 */
import type { Target } from './strengthTypes.js';
import type { ExerciseKind } from './exerciseKinds.js';
import type { HowTo } from './howTo.js';

/** One exercise of a regimen's day as listed. */
export interface ListedExercise {
  workout_id: string;
  name: string;
  sets: number;
  /** As the plan wrote it: a number when it is a whole number, else the text (`"8-12"`, `"10 per leg"`). */
  reps: number | string;
  /** The AI plan's per-exercise seconds (`duration`), shown as rest on the plans page. */
  rest: number;
  /** How to do it: a catalog exercise's form cues and main mistakes; absent for the person's own. */
  how?: HowTo;
}

/** A regimen as GET /api/workouts lists it (docs/product.md#what-the-app-keeps-and-answers "Workout regimen"). */
export interface ListedRegimen {
  regimen_id: string;
  name: string;
  description: string;
  goal: string;
  level: string;
  duration_weeks: number;
  current_day: number;
  is_primary: boolean;
  workouts: Array<{ day_number: number; summary_name: string; exercises: ListedExercise[] }>;
}

/**
 * One exercise of a regimen as the tracker loads it (docs/product.md#what-the-app-keeps-and-answers "Workout"), today's first: the spec's
 * fields, the plan's rest, the exercise's identity and the next session's target.
 */
export interface PlannedWorkout extends Target {
  workout_id: string;
  name: string;
  sets: number;
  reps_per_set: number;
  day_number: number;
  rest_seconds: number | null;
  /** The exercise's identity (services/domain/training/exerciseIdentity.ts), which records and sets are kept under. */
  exercise: string;
  /** What a set of it is measured in (the catalog's); null for the person's own, logged by whatever they give. */
  kind: ExerciseKind | null;
  /** How to do it: a catalog exercise's form cues and main mistakes; absent for the person's own. */
  how?: HowTo;
}
