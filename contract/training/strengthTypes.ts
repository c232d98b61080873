/**
 * The strength rules' facts as types: a set as the read side keeps it, and the next session's target. Types only,
 * importing only other such files, so the records answers and the web client read them without taking anything else
 * of the server.
 */
import type { WeightUnit } from '../weightUnits.js';
import type { DistanceUnit } from './exerciseKinds.js';

/**
 * One set as the read side keeps it: the weight as entered (value and unit) and in lb for comparing. A set with no
 * load (a body-weight move, a hold, cardio) has weight 0; one with no reps (a hold, cardio) has reps 0 and its
 * `seconds`; cardio its `distance` as entered, where one was given.
 */
export interface SetFact {
  set_id: string;
  session_id: string;
  at: string;
  weight: number;
  unit: WeightUnit;
  weight_lb: number;
  reps: number;
  seconds?: number;
  distance?: number;
  distance_unit?: DistanceUnit;
  rpe: number | null;
  warmup: boolean;
}

/** The next session's target for one exercise, as the tracker's plan answer and the coach give it. */
export interface Target {
  target_weight_lb: number | null;
  /** The same weight in the unit the user lifts this exercise in, as plates are loaded. */
  target_weight: { value: number; unit: WeightUnit } | null;
  /** Reps a set (0 for a hold or cardio, which are aimed at by time). */
  target_reps: number;
  /** A hold's or cardio's time a set, in seconds; null for a rep exercise. */
  target_seconds: number | null;
  reason: string;
}

/**
 * The kinds of record: a loaded lift's e1RM, heaviest weight and set volume (in lb); a body-weight move's most reps;
 * a hold's longest (seconds); cardio's longest distance (km) and time.
 */
export type RecordKind = 'weight' | 'e1rm' | 'volume' | 'reps' | 'seconds' | 'distance';
