import { lbOf, type WeightUnit } from '../../../contract/weightUnits.js';
import { kmOf, type DistanceUnit } from '../../../contract/training/exerciseKinds.js';
import type { RecordKind, SetFact } from '../../../contract/training/strengthTypes.js';
import { kindOfSet, type ExerciseKind } from './kinds.js';

/**
 * The rules every strength number here follows, in one place: what a working set is, the estimated 1RM, and when a
 * set beats a record. Records, the history chart and the next session's targets all read these.
 */

export type { RecordKind, SetFact };

/** One ended session's sets of one exercise: what "previous" shows and what the next target is decided from. */
export interface SessionSets {
  session_id: string;
  date: string;
  sets: SetFact[];
}

/** Epley's estimate is only trusted up to this many reps; a longer set has no e1RM (docs/adr/0071-records.md). */
export const E1RM_MAX_REPS = 12;

/** Estimated one-repetition max by Epley, w × (1 + r/30); null above `E1RM_MAX_REPS` reps. One rep is the lift. */
export function e1rmLb(set: Pick<SetFact, 'weight_lb' | 'reps'>): number | null {
  if (set.reps > E1RM_MAX_REPS) return null;
  return set.reps === 1 ? set.weight_lb : set.weight_lb * (1 + set.reps / 30);
}

export const volumeLb = (set: Pick<SetFact, 'weight_lb' | 'reps'>) => set.weight_lb * set.reps;

/** Warm-ups never count toward a record, a chart's top set or a target. */
export const working = <S extends Pick<SetFact, 'warmup'>>(sets: S[]) => sets.filter((s) => !s.warmup);

/**
 * The kinds of record: of a loaded lift its e1RM, heaviest weight and set volume; of a body-weight move the most reps
 * in a set (and the heaviest load added, where any was); of a hold the longest; of cardio the longest distance and
 * time (docs/adr/0078-sets-carry-what-their-exercise-kind-measures.md).
 */
export const RECORD_KINDS: RecordKind[] = ['e1rm', 'weight', 'volume', 'reps', 'seconds', 'distance'];

/** The records a set of an exercise of `kind` can hold; the person's own exercises are judged by the set's fields. */
export function recordKindsOf(kind: ExerciseKind | null, set: SetFact): RecordKind[] {
  const measured = kind ?? kindOfSet({ ...(set.weight > 0 && { weight: { value: set.weight, unit: set.unit } }), ...(set.seconds !== undefined && { seconds: set.seconds }), ...(set.distance !== undefined && { distance: { value: set.distance, unit: set.distance_unit ?? 'km' } }) });
  if (measured === 'weighted') return set.reps > 0 ? ['e1rm', 'weight', 'volume'] : [];
  if (measured === 'bodyweight') return set.reps > 0 ? (set.weight_lb > 0 ? ['reps', 'weight'] : ['reps']) : [];
  if (measured === 'timed') return set.seconds ? ['seconds'] : [];
  return [...(set.distance ? ['distance' as const] : []), ...(set.seconds ? ['seconds' as const] : [])];
}

/**
 * A record: the set that holds it, and its value: `value_lb` is in pounds for the weight, e1RM and volume records,
 * and the count itself for the others (reps, seconds, km).
 */
export interface Mark {
  value_lb: number;
  set_id: string;
  session_id: string;
  achieved_at: string;
  weight: number;
  unit: WeightUnit;
  reps: number;
  seconds?: number;
  distance?: number;
  distance_unit?: DistanceUnit;
}

/** A set's value for a kind of record; null when it has none (no e1RM above 12 reps, no time on a rep set). */
function valueOf(kind: RecordKind, set: SetFact): number | null {
  switch (kind) {
    case 'e1rm':
      return e1rmLb(set);
    case 'volume':
      return volumeLb(set);
    case 'weight':
      return set.weight_lb;
    case 'reps':
      return set.reps;
    case 'seconds':
      return set.seconds ?? null;
    case 'distance':
      return set.distance === undefined ? null : kmOf(set.distance, set.distance_unit ?? 'km');
  }
}

/**
 * Whether `set` beats `mark` at `kind`. Only strictly better counts: a tie leaves the record with the set that
 * reached it first. The heaviest weight is also beaten by more reps at that same weight (`best_reps_at_weight`).
 * Values are compared to a thousandth of a pound, so the same weight entered in kg and in lb is a tie.
 */
export function beats(kind: RecordKind, set: SetFact, mark: Mark | null): boolean {
  const value = valueOf(kind, set);
  return value !== null && outdoes(kind, value, set.reps, mark);
}

/** Whether record `a` beats record `b` of the same kind, by the rule of `beats`: a tie does not. */
export const markBeats = (kind: RecordKind, a: Mark, b: Mark | null): boolean => outdoes(kind, a.value_lb, a.reps, b);

/** The rule of `beats`, on a value (in lb) done at `reps`. */
function outdoes(kind: RecordKind, value: number, reps: number, mark: Mark | null): boolean {
  if (!mark) return true;
  const diff = Math.round((value - mark.value_lb) * 1000);
  if (diff !== 0) return diff > 0;
  return kind === 'weight' && reps > mark.reps;
}

export const markOf = (kind: RecordKind, set: SetFact): Mark => ({
  value_lb: valueOf(kind, set)!,
  set_id: set.set_id,
  session_id: set.session_id,
  achieved_at: set.at,
  weight: set.weight,
  unit: set.unit,
  reps: set.reps,
  ...(set.seconds !== undefined && { seconds: set.seconds }),
  ...(set.distance !== undefined && { distance: set.distance, distance_unit: set.distance_unit }),
});

/** Each kind's record; a doc folded before a kind existed has no entry for it, read as none. */
export type Marks = Partial<Record<RecordKind, Mark | null>>;
export const noMarks = (): Marks => ({});

/** The records after these sets of one exercise (of `kind`), in the order they were done, starting from `marks`. */
export function withSets(marks: Marks, sets: SetFact[], kind: ExerciseKind | null): Marks {
  const next = { ...marks };
  for (const set of working(sets)) for (const k of recordKindsOf(kind, set)) if (beats(k, set, next[k] ?? null)) next[k] = markOf(k, set);
  return next;
}

/**
 * A set as the reader sees it, from an entry in either unit. Written out field by field (in the entry's order, then
 * `weight_lb`): a replay makes one for every set of the log, several times over.
 */
export function setFact(f: Omit<SetFact, 'weight_lb'>): SetFact {
  const fact: SetFact = {
    set_id: f.set_id,
    session_id: f.session_id,
    at: f.at,
    weight: f.weight,
    unit: f.unit,
    reps: f.reps,
    rpe: f.rpe,
    warmup: f.warmup,
    weight_lb: lbOf(f.weight, f.unit),
  };
  // Added in place rather than spread in: spreading a conditional object turns the set into a slow dictionary object.
  if (f.seconds !== undefined) fact.seconds = f.seconds;
  if (f.distance !== undefined && f.distance_unit !== undefined) {
    fact.distance = f.distance;
    fact.distance_unit = f.distance_unit;
  }
  return fact;
}

/** Pounds as answers carry them: to the hundredth, since a kg weight is not a whole number of pounds. */
export const lb = (value: number) => Math.round(value * 100) / 100;

/**
 * The better of two records of one kind, by the same rule as `beats`: the higher value, at a tie (to a thousandth of
 * a pound) more reps at the weight, else the one reached first. How records kept apart (an import's) join the rest.
 */
export function betterMark(kind: RecordKind, a: Mark | null, b: Mark | null): Mark | null {
  if (!a || !b) return a ?? b;
  if (markBeats(kind, a, b)) return a;
  if (markBeats(kind, b, a)) return b;
  return a.achieved_at <= b.achieved_at ? a : b;
}

export const joinedMarks = (a: Marks, b: Marks): Marks => {
  const joined: Marks = {};
  for (const kind of RECORD_KINDS) {
    const best = betterMark(kind, a[kind] ?? null, b[kind] ?? null);
    if (best) joined[kind] = best;
  }
  return joined;
};
