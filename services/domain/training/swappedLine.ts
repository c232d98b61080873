import { exerciseNamed } from './exerciseIdentity.js';
import { kindNamed } from './kinds.js';

/** One exercise of a plan as the plan prescribes it: `rest` is a cardio line's bout length (docs/adr/0374). */
export interface PlanLine {
  name: string;
  sets: number;
  reps: number | string;
  rest: number;
}

/** Reps a set of a move counted in reps is given where it takes the place of a hold or cardio: the middle of 8–12. */
export const REPS_AFTER_A_TIMED_LINE = 10;
/** The minutes a cardio line is given where the name it takes says none (what its target reads, progression.ts). */
export const CARDIO_MINUTES = 20;
/** Rest between holds, and between sets of a move that takes a cardio line's place (the coach's, workoutPlan.ts). */
const HOLD_REST = 45;
const SET_REST = 60;

/** A name that says its own time ("Plank (45 s hold)", "Brisk Walk (15 min)"). */
const statesTime = (name: string) => /\(\s*\d+\s*(s|sec|secs|seconds?|min|mins|minutes?)\b/i.test(name);

/**
 * A plan line counts reps: a weighted or body-weight exercise; the person's own is read by the line itself (a hold or
 * cardio writes one rep a set and its time in its name).
 */
function countsReps(line: PlanLine): boolean {
  const kind = kindNamed(line.name);
  if (kind === 'weighted' || kind === 'bodyweight') return true;
  if (kind === 'timed' || kind === 'distance') return false;
  return !(String(line.reps) === '1' && statesTime(line.name));
}

/**
 * The line of a plan after its exercise is swapped for `name`: the prescription follows the new exercise's kind
 * (docs/adr/0396-a-swap-prescribes-by-the-new-exercises-kind.md), one rule for the swap endpoint and the coach.
 * - A hold: its catalog time in the name ("Front Plank (30 s hold)") unless the name says one, one rep a set.
 * - Cardio: one continuous bout, its minutes in the name unless it says them.
 * - A move counted in reps (weighted, body weight, or the person's own): the old line's sets, reps and rest when it
 *   counted reps too; in place of a hold or cardio, `REPS_AFTER_A_TIMED_LINE` reps a set. No load is ever written in
 *   a plan: a body-weight move's target names none (progression.ts).
 */
export function swappedLine(line: PlanLine, name: string): PlanLine {
  const kind = kindNamed(name);
  const fromCardio = kindNamed(line.name) === 'distance';
  const sets = fromCardio ? Math.max(line.sets, 2) : line.sets;
  if (kind === 'timed') {
    const hold = exerciseNamed(name)?.holdSeconds;
    return { name: statesTime(name) || !hold ? name : `${name} (${hold} s hold)`, sets, reps: 1, rest: fromCardio ? HOLD_REST : line.rest };
  }
  if (kind === 'distance') return { name: statesTime(name) ? name : `${name} (${CARDIO_MINUTES} min, easy pace)`, sets: 1, reps: 1, rest: 0 };
  if (countsReps(line)) return { ...line, name };
  return { name, sets, reps: REPS_AFTER_A_TIMED_LINE, rest: fromCardio ? SET_REST : line.rest };
}
