import { KG_PER_LB, lbOf, type WeightUnit } from '../../../contract/weightUnits.js';
import { catalogExercise, exerciseIdentity } from './exerciseIdentity.js';
import { kindNamed, kindOf, kindOfSet, type ExerciseKind } from './kinds.js';
import { lb, working, type SessionSets, type SetFact } from './strength.js';
import type { Target } from '../../../contract/training/strengthTypes.js';

/** The reps a plan asks for: "8-12" is 8 to 12, "10" is exactly 10, "10 per leg" is 10. */
export function repRange(reps: number | string, targetReps: number): { bottom: number; top: number } {
  const range = /^\s*(\d+)\s*[-–]\s*(\d+)/.exec(String(reps));
  if (range) return { bottom: Number(range[1]), top: Math.max(Number(range[1]), Number(range[2])) };
  return { bottom: targetReps, top: targetReps };
}

/**
 * How much load a step up adds, by the kind of lift: legs and hips move the most weight and progress fastest,
 * upper-body presses and pulls in between, small single-joint lifts (arms, calves, core) and the user's own
 * exercises the least. Within the 2–10 % the coaching rules give (docs/capabilities/coach-rules.md, Resistance training).
 */
export function loadStep(exercise: string): number {
  const known = catalogExercise(exercise);
  if (!known) return 0.025;
  if (['squat', 'hinge', 'lunge'].includes(known.pattern)) return 0.1;
  if (['push-h', 'push-v', 'pull-h', 'pull-v'].includes(known.pattern)) return 0.05;
  return 0.025;
}

/** The smallest jump the plates allow: a pair of 2.5 lb or 1.25 kg plates. */
export const PLATE_STEP: Record<WeightUnit, number> = { lb: 5, kg: 2.5 };

export type { Target };

/** A session's heaviest working weight and the working sets done at it (back-off sets are left out). */
function topWork(session: SessionSets): { weight: number; unit: WeightUnit; weight_lb: number; sets: SetFact[] } | null {
  const sets = working(session.sets);
  if (sets.length === 0) return null;
  const heaviest = sets.reduce((a, b) => (b.weight_lb > a.weight_lb ? b : a));
  const atTop = sets.filter((s) => Math.abs(s.weight_lb - heaviest.weight_lb) < 1e-6);
  return { weight: heaviest.weight, unit: heaviest.unit, weight_lb: heaviest.weight_lb, sets: atTop };
}

// Building a formatter is far dearer than using one; a user base has few distinct zones.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Nov 18": the session's date where the user lives (their profile's zone), as they remember the day. */
function day(iso: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone })));
  return format.format(new Date(iso));
}
/**
 * A load in words: as logged, or in `shownIn` where the reader's unit is another (the coach writes every load in the
 * person's unit), to a tenth.
 */
export function amount(value: number, unit: WeightUnit, shownIn: WeightUnit = unit): string {
  if (shownIn === unit) return `${Number(value.toFixed(2))} ${unit}`;
  return `${Number((unit === 'lb' ? value * KG_PER_LB : value / KG_PER_LB).toFixed(1))} ${shownIn}`;
}
const done = (w: NonNullable<ReturnType<typeof topWork>>, shownIn?: WeightUnit) => {
  const reps = w.sets.map((s) => s.reps);
  const shape = reps.every((r) => r === reps[0]) ? `${reps.length}×${reps[0]}` : reps.join(', ');
  return `${shape} at ${amount(w.weight, w.unit, shownIn)}`;
};

/**
 * The next session's target for one exercise, by its kind: a body-weight move by reps (`repsTarget`), a hold or
 * cardio by time (`timeTarget`), a loaded lift by double progression (`loadTarget`): when every working set reached the top of the
 * rep range in each of the last two sessions, add load (`loadStep`, rounded to whole plate steps, at least one);
 * when both fell short of the bottom (half or more of the working sets below it), take 10 % off; otherwise keep the
 * load and aim for one more rep. `reason` names the sessions and sets the target came from.
 */
export function nextTarget(args: { exercise: string; name: string; reps: number | string; targetReps: number; recent: SessionSets[]; timeZone: string; kind?: ExerciseKind | null; shownIn?: WeightUnit }): Target {
  const kind = args.kind ?? kindOf(args.exercise) ?? kindOfRecent(args.recent);
  if (kind === 'bodyweight') return repsTarget(args);
  if (kind === 'timed' || kind === 'distance') return timeTarget(kind, args);
  return loadTarget(args);
}

/** The person's own exercise is aimed at by what its last set measured; a loaded lift until one is logged. */
function kindOfRecent(recent: SessionSets[]): ExerciseKind {
  const last = recent.flatMap((s) => working(s.sets)).pop();
  if (!last) return 'weighted';
  return kindOfSet({ ...(last.weight > 0 && { weight: { value: last.weight, unit: last.unit } }), ...(last.seconds !== undefined && { seconds: last.seconds }), ...(last.distance !== undefined && { distance: { value: last.distance, unit: last.distance_unit ?? 'km' } }) });
}

/** Reps a body-weight move's target adds when the last session's sets all reached the plan's top. */
export const REPS_STEP = 2;

/**
 * A body-weight move has no load to add: its progression is reps. Every working set of the last session at the top of
 * the plan's range → add `REPS_STEP` reps to the fewest done; else aim for one more than the fewest, within the
 * range. No weight is named (an added load is the person's own choice).
 */
function repsTarget({ name, reps, targetReps, recent, timeZone }: { name: string; reps: number | string; targetReps: number; recent: SessionSets[]; timeZone: string }): Target {
  const { bottom, top } = repRange(reps, targetReps);
  const range = bottom === top ? `${top}` : `${bottom}–${top}`;
  const last = recent.filter((s) => working(s.sets).length > 0).pop();
  const none = { target_weight_lb: null, target_weight: null, target_seconds: null };
  if (!last) return { ...none, target_reps: bottom, reason: `No sets of ${name} logged yet: do ${range} good reps a set, stopping a rep or two before form breaks.` };
  const done = working(last.sets).map((s) => s.reps);
  const fewest = Math.min(...done);
  const shape = done.every((r) => r === done[0]) ? `${done.length}×${done[0]}` : done.join(', ');
  const said = `${shape} on ${day(last.date, timeZone)}`;
  if (fewest >= top) return { ...none, target_reps: fewest + REPS_STEP, reason: `${said}: every set reached ${top} → add ${REPS_STEP} reps: aim for ${fewest + REPS_STEP} a set.` };
  const aim = Math.min(top, Math.max(bottom, fewest + 1));
  return { ...none, target_reps: aim, reason: `${said} → aim for ${aim} reps a set.` };
}

/** Seconds a hold's target adds when the last session's holds all reached the plan's time. */
export const SECONDS_STEP = 5;

/**
 * A hold or cardio is aimed at by time: the plan's (a hold's catalog time, the minutes a cardio line names) until one
 * is logged; then a hold adds `SECONDS_STEP` to its shortest set once every set reached the plan's time, and cardio
 * keeps its time (going further in it is the progression).
 */
function timeTarget(kind: 'timed' | 'distance', { exercise, name, recent, timeZone }: { exercise: string; name: string; recent: SessionSets[]; timeZone: string }): Target {
  const planned = kind === 'timed' ? (catalogExercise(exercise)?.holdSeconds ?? 30) : 60 * (Number(/(\d+)\s*min/i.exec(name)?.[1]) || 20);
  const last = recent.filter((s) => working(s.sets).some((set) => set.seconds !== undefined)).pop();
  const none = { target_weight_lb: null, target_weight: null, target_reps: 0 };
  const time = (seconds: number) => (seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);
  if (!last) {
    const how = kind === 'timed' ? `hold for ${time(planned)} a set with good form` : `go for ${time(planned)} at a pace you can still talk at`;
    return { ...none, target_seconds: planned, reason: `No ${name} logged yet: ${how}.` };
  }
  const seconds = working(last.sets).flatMap((s) => (s.seconds === undefined ? [] : [s.seconds]));
  const shortest = Math.min(...seconds);
  const said = `${seconds.map(time).join(', ')} on ${day(last.date, timeZone)}`;
  if (kind === 'distance') return { ...none, target_seconds: Math.max(...seconds), reason: `${said} → the same time again, a little further if it feels easy.` };
  if (shortest >= planned) return { ...none, target_seconds: shortest + SECONDS_STEP, reason: `${said}: every hold reached ${time(planned)} → add ${SECONDS_STEP} s: aim for ${time(shortest + SECONDS_STEP)}.` };
  return { ...none, target_seconds: planned, reason: `${said} → aim for ${time(planned)} a hold.` };
}

/** Double progression of a loaded lift, as the comment on `nextTarget` says. */
function loadTarget({ exercise, name, reps, targetReps, recent, timeZone, shownIn }: { exercise: string; name: string; reps: number | string; targetReps: number; recent: SessionSets[]; timeZone: string; shownIn?: WeightUnit }): Target {
  const { bottom, top } = repRange(reps, targetReps);
  const range = bottom === top ? `${top}` : `${bottom}–${top}`;
  const sessions = recent.flatMap((s) => {
    const w = topWork(s);
    return w ? [{ date: s.date, work: w }] : [];
  });
  const last = sessions[sessions.length - 1];
  if (!last) {
    return { target_weight_lb: null, target_weight: null, target_reps: bottom, target_seconds: null, reason: `No working sets of ${name} logged yet: pick a weight you can lift ${range} times with good form.` };
  }
  const { unit } = last.work;
  const lastTwo = sessions.slice(-2);
  const said = describe(lastTwo, timeZone, shownIn);
  const target = (value: number, targetReps: number, reason: string): Target => ({
    target_weight_lb: lb(lbOf(value, unit)),
    target_weight: { value, unit },
    target_reps: targetReps,
    target_seconds: null,
    reason,
  });
  const step = PLATE_STEP[unit];
  if (lastTwo.length === 2 && lastTwo.every((s) => s.work.sets.every((set) => set.reps >= top))) {
    const raised = Math.max(last.work.weight + step, Math.round((last.work.weight * (1 + loadStep(exercise))) / step) * step);
    return target(raised, bottom, `${said}: every set reached ${top} reps twice → try ${amount(raised, unit, shownIn)} for ${range} reps.`);
  }
  const missed = (s: (typeof sessions)[number]) => s.work.sets.filter((set) => set.reps < bottom).length * 2 >= s.work.sets.length;
  if (lastTwo.length === 2 && lastTwo.every(missed)) {
    const lowered = Math.max(0, Math.floor((last.work.weight * 0.9) / step) * step);
    return target(lowered, bottom, `${said}: short of ${bottom} reps twice → take 10 % off: ${amount(lowered, unit, shownIn)} for ${range} reps.`);
  }
  const fewest = Math.min(...last.work.sets.map((s) => s.reps));
  const aim = Math.min(top, Math.max(bottom, fewest + 1));
  return target(last.work.weight, aim, `${describe([last], timeZone, shownIn)} → stay at ${amount(last.work.weight, unit, shownIn)} and aim for ${aim} reps a set.`);
}

/**
 * A plan's exercise with its identity and next session's target, from the exercise's recent sessions (`recent`, by
 * identity key): what the tracker shows beside the exercise and what the chat explains, so both say one thing.
 */
export function exerciseTarget(
  recentOf: (exercise: string) => SessionSets[],
  planned: { name: string; reps: number | string; targetReps: number },
  timeZone: string,
  /** The unit the reason writes loads in; as logged when not given. */
  shownIn?: WeightUnit,
): { exercise: string; name: string; kind: ExerciseKind | null } & Target {
  const { key, name } = exerciseIdentity(planned.name);
  const kind = kindNamed(planned.name);
  return { exercise: key, name, kind, ...nextTarget({ exercise: key, name, reps: planned.reps, targetReps: planned.targetReps, recent: recentOf(key), timeZone, kind, shownIn }) };
}

/** "3×12 at 50 lb on Nov 18 and Nov 21", or each session's own sets where they differ. */
function describe(sessions: { date: string; work: NonNullable<ReturnType<typeof topWork>> }[], timeZone: string, shownIn?: WeightUnit): string {
  const shapes = sessions.map((s) => done(s.work, shownIn));
  if (shapes.every((s) => s === shapes[0])) return `${shapes[0]} on ${sessions.map((s) => day(s.date, timeZone)).join(' and ')}`;
  return sessions.map((s, i) => `${shapes[i]} on ${day(s.date, timeZone)}`).join(' and ');
}
