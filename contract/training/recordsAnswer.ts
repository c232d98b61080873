/**
 * The answers of GET /api/records, /api/records/recent, /api/records/sessions/{id} and /api/records/{exercise}/history
 * as types, written once for both sides: answers.ts builds them and the web client's records feature reads them.
 * Types only, importing only other such files, so the web build takes nothing else from the server.
 */
import type { WeightUnit } from '../weightUnits.js';
import type { SetFact } from './strengthTypes.js';

export type { WeightUnit };

/** One set as the tracker shows it: the weight as entered and in lb. */
export type LoggedSet = Omit<SetFact, 'session_id'>;

/** A record a session broke. */
export interface NewRecord {
  exercise: string;
  name: string;
  kind: 'e1rm' | 'weight' | 'volume';
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

/** The set that holds one record. */
export interface MarkAnswer {
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
  best_weight_lb: number | null;
  best_weight: { value: number; unit: WeightUnit } | null;
  best_e1rm_lb: number | null;
  best_reps_at_weight: number | null;
  best_volume_lb: number | null;
  achieved_at: string | null;
  set_id: string | null;
  marks: { weight: MarkAnswer | null; e1rm: MarkAnswer | null; volume: MarkAnswer | null };
  /** Where the headline record was set: in this app, or in an import from another (and which import). */
  source: 'app' | 'strong' | 'hevy';
  import_id?: string;
}

/** GET /api/records/{exercise}/history: each session's top working set, e1RM and volume. */
export interface ExerciseHistory {
  exercise: string;
  name: string;
  sessions: Array<{
    session_id: string;
    date: string;
    top_set: { set_id: string; weight: number; unit: WeightUnit; weight_lb: number; reps: number };
    e1rm_lb: number | null;
    volume_lb: number;
    record: boolean;
  }>;
}
