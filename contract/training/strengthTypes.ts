/**
 * The strength rules' facts as types: a set as the read side keeps it, and the next session's target. Types only,
 * importing only other such files, so the records answers and the web client read them without taking anything else
 * of the server.
 */
import type { WeightUnit } from '../weightUnits.js';

/** One set as the read side keeps it: the weight as entered (value and unit) and in lb for comparing. */
export interface SetFact {
  set_id: string;
  session_id: string;
  at: string;
  weight: number;
  unit: WeightUnit;
  weight_lb: number;
  reps: number;
  rpe: number | null;
  warmup: boolean;
}

/** The next session's target for one exercise, as the tracker's plan answer and the coach give it. */
export interface Target {
  target_weight_lb: number | null;
  /** The same weight in the unit the user lifts this exercise in, as plates are loaded. */
  target_weight: { value: number; unit: WeightUnit } | null;
  target_reps: number;
  reason: string;
}
