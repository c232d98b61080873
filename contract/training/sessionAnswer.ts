/**
 * The answers of GET /api/workouts/active-session and GET /api/exercise-logs as types, written once for both sides:
 * the sessions' read models build them and the web client's workouts and tracker features read them. Types
 * only, importing only other such files, so the web build takes nothing else from the server.
 */
import type { ImportSource } from '../imports/importAnswer.js';
import type { WeightUnit } from '../weightUnits.js';

/** One exercise logged whole (docs/product.md#what-the-app-keeps-and-answers "Exercise log entry"); notes only where the user wrote some. */
export interface LoggedExercise {
  workout_id: string;
  workout_name: string;
  sets: number;
  reps_per_set: number;
  weight_used_lb: number;
  notes?: string;
  /** The weight as it was logged: an imported entry's as the file had it, a set's as the person logged it (`weight_used_lb` is the same in lb). */
  weight?: number;
  unit?: WeightUnit;
  /** An imported cardio row (no reps): its distance and its time in seconds, as the file had them. */
  distance?: number;
  distance_unit?: 'km' | 'mi';
  seconds?: number;
  /** An imported drop set or set taken to failure. */
  set_type?: 'drop' | 'failure';
}

/** GET /api/workouts/active-session (docs/product.md#what-the-app-keeps-and-answers "Active session"), or null when none is open. */
export interface ActiveSessionAnswer {
  session_id: string;
  regimen_id: string;
  status: 'In Progress' | 'Paused' | 'Ended';
  start_time: string;
  elapsed_seconds: number;
  runtime_seconds: number;
  /** What was logged in it so far (the tracker shows it again after a reload). */
  exercises: LoggedExercise[];
  /** Distinct exercises logged so far, whole or set by set (warm-ups alone do not count): "N exercises logged". */
  exercises_logged: number;
}

/** One session of GET /api/exercise-logs (docs/product.md#what-the-app-keeps-and-answers "Exercise log session"), newest first. */
export interface ExerciseLogSession {
  session_id: string;
  regimen_id: string;
  start_time: string;
  end_time: string | null;
  total_duration_minutes: number | null;
  exercises: LoggedExercise[];
  /** A session brought in from another app's export: which app, which import (Undo takes it back), its name there. */
  imported_from?: ImportSource;
  import_id?: string;
  name?: string;
  /** An imported workout's own notes. */
  notes?: string;
}
