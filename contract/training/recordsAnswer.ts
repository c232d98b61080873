/**
 * The answers of GET /api/records, /api/records/recent, /api/records/sessions/{id} and /api/records/{exercise}/history
 * as types, written once for both sides: answers.ts builds them and the web client's records feature reads them.
 * Types only, importing only other such files, so the web build takes nothing else from the server.
 */
import type { WeightUnit } from '../weightUnits.js';
import type { RecordKind, SetFact } from './strengthTypes.js';
import type { DistanceUnit, ExerciseKind } from './exerciseKinds.js';

export type { WeightUnit, RecordKind, ExerciseKind, DistanceUnit };

/** What a set of a hold or cardio adds to its weight and reps: its time, and a distance as entered. */
interface Timed {
  seconds?: number;
  distance?: number;
  distance_unit?: DistanceUnit;
}

/** One set as the tracker shows it: the weight as entered and in lb. */
export type LoggedSet = Omit<SetFact, 'session_id'>;

/** A record a session broke. `value_lb` is in lb for weight, e1RM and volume; the count (reps, seconds, km) for the rest. */
export interface NewRecord extends Timed {
  exercise: string;
  name: string;
  kind: RecordKind;
  value_lb: number;
  previous_lb: number;
  weight: number;
  unit: WeightUnit;
  reps: number;
  set_id: string;
  achieved_at: string;
}

/** GET /api/records/recent: each record with the session that broke it, newest first. */
export interface RecentRecord extends NewRecord {
  session_id: string;
  ended_at: string;
}

/** GET /api/records/sessions/{id}: the session's sets so far, each exercise's previous session, what it broke. */
export interface SessionSets {
  session_id: string;
  sets: Array<LoggedSet & { exercise: string; name: string }>;
  previous: Record<string, { name: string; date: string; sets: LoggedSet[] }>;
  new_records: NewRecord[];
}

/** The set that holds one record; `value_lb` as in `NewRecord`. */
export interface MarkAnswer extends Timed {
  value_lb: number;
  weight: number;
  unit: WeightUnit;
  reps: number;
  set_id: string;
  session_id: string;
  achieved_at: string;
}

/** GET /api/records: one exercise's records. */
export interface ExerciseRecord {
  exercise: string;
  name: string;
  /** The person's own exercise (not the catalog's): it may be merged into another. */
  custom: boolean;
  /** The person's own exercises merged into this one, whose records count here until the merge is undone. */
  merged: { exercise: string; name: string }[];
  /** What its sets are measured in, which names its records: e1RM for a loaded lift, most reps for a body-weight move. */
  kind: ExerciseKind;
  best_weight_lb: number | null;
  best_weight: { value: number; unit: WeightUnit } | null;
  best_e1rm_lb: number | null;
  best_reps_at_weight: number | null;
  best_volume_lb: number | null;
  /** Most reps in a set (body-weight moves), longest hold or cardio time in seconds, longest distance. */
  best_reps: number | null;
  best_seconds: number | null;
  best_distance: { value: number; unit: DistanceUnit } | null;
  achieved_at: string | null;
  set_id: string | null;
  marks: Record<RecordKind, MarkAnswer | null>;
  /** Where the headline record was set: in this app, or in an import from another (and which import). */
  source: 'app' | 'strong' | 'hevy';
  import_id?: string;
}

/**
 * GET /api/records/{exercise}/history: each session's top working set, e1RM and volume. The top set follows the
 * kind: the most reps of a body-weight move, the longest hold, the longest cardio (no e1RM for any of these).
 */
export interface ExerciseHistory {
  exercise: string;
  name: string;
  kind: ExerciseKind;
  sessions: Array<{
    session_id: string;
    date: string;
    top_set: { set_id: string; weight: number; unit: WeightUnit; weight_lb: number; reps: number } & Timed;
    e1rm_lb: number | null;
    volume_lb: number;
    record: boolean;
  }>;
}
