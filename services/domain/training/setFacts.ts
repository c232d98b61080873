import type { AppEvent } from '../../../events/catalog.js';
import { TRAINING } from '../../../events/bounds.js';
import type { ImportedWorkout } from '../../../events/imports.js';
import { setIdOf } from '../../../events/sets.js';
import { exerciseIdentity, shownName } from './exerciseIdentity.js';
import { setFact, working, type SessionSets, type SetFact } from './strength.js';

/** A set with the exercise it is of. */
export interface ExerciseSet extends SetFact {
  exercise: string;
  /** The exercise's name: the catalog's, or a custom exercise's own. */
  name: string;
  /** The name the person gave it, where it differs ("Squat (Barbell)"): shown back where they typed it. */
  said?: string;
}

/**
 * The sets an event adds: one for a set logged one by one, or `sets` equal working sets for an exercise logged
 * whole (log-exercise, the tracker's form), named by the same exercise identity so both kinds share one history.
 */
export function setsOf(event: AppEvent): ExerciseSet[] {
  if (event.type === 'SetLogged') {
    const d = event.data;
    const name = shownName(d.exercise, d.exerciseName);
    const set = exerciseSet(
      {
        set_id: d.setId,
        session_id: d.sessionId,
        at: d.loggedAt,
        weight: d.weight ?? 0,
        unit: d.unit ?? 'lb',
        reps: d.reps ?? 0,
        rpe: d.rpe,
        warmup: d.warmup,
        ...(d.seconds !== undefined && { seconds: d.seconds }),
        ...(d.distance !== undefined && d.distanceUnit !== undefined && { distance: d.distance, distance_unit: d.distanceUnit }),
      },
      d.exercise,
      name,
    );
    if (d.exerciseName !== name) set.said = d.exerciseName;
    return [set];
  }
  if (event.type === 'ExerciseLogged') {
    const d = event.data;
    const { key, name } = exerciseIdentity(d.name);
    const sets: ExerciseSet[] = [];
    for (let i = 1; i <= loggedSets(d.sets); i += 1) {
      sets.push(exerciseSet({ set_id: `${event.id}-${i}`, session_id: d.sessionId, at: d.loggedAt, weight: d.weightLb, unit: 'lb', reps: d.reps, rpe: null, warmup: false }, key, name));
    }
    return sets;
  }
  return [];
}

/** A set of an exercise: the `setFact` with its exercise, made in one go (a replay makes one for every set of the log). */
function exerciseSet(f: Omit<SetFact, 'weight_lb'>, exercise: string, name: string): ExerciseSet {
  const set = setFact(f) as ExerciseSet;
  set.exercise = exercise;
  set.name = name;
  return set;
}

/**
 * An imported workout's sets that have reps (a cardio row holds no strength record and is no set to repeat), in the
 * unit the file had, dated by the workout's start and numbered by their place in it.
 */
export function importedSets(w: ImportedWorkout): ExerciseSet[] {
  return w.sets.flatMap((s, i) =>
    s.reps < 1
      ? []
      : [exerciseSet({ set_id: setIdOf(w.sessionId, i + 1), session_id: w.sessionId, at: w.startedAt, weight: s.weight, unit: s.unit, reps: s.reps, rpe: s.rpe, warmup: s.warmup }, s.exercise, s.exerciseName)],
  );
}

/**
 * How many sets an exercise logged whole makes: as logged, within the bound of sets an exercise may have
 * (events/bounds.ts, which the log-exercise form quotes). Events written before the bound may say any whole number,
 * and a read model must hold whatever an event says in bounded memory.
 */
const loggedSets = (sets: number) => Math.max(0, Math.min(sets, TRAINING.sets));

/** The exercise an event's sets are of (the one a deletion names) and when they were done, for readers keyed by both. */
export function exerciseOf(event: AppEvent): { exercise: string; at: string } | undefined {
  if (event.type === 'SetLogged' || event.type === 'SetDeleted') return { exercise: event.data.exercise, at: event.data.loggedAt };
  if (event.type === 'ExerciseLogged') return { exercise: exerciseIdentity(event.data.name).key, at: event.data.loggedAt };
  return undefined;
}

/**
 * The set without its exercise, as one exercise's history keeps it: the same fields in the same order, copied one by
 * one (a rest pattern copies through a slow path, once for every set of the log in a replay).
 */
export function setOnly(s: ExerciseSet): SetFact {
  const set: SetFact = { set_id: s.set_id, session_id: s.session_id, at: s.at, weight: s.weight, unit: s.unit, reps: s.reps, rpe: s.rpe, warmup: s.warmup, weight_lb: s.weight_lb };
  if (s.seconds !== undefined) set.seconds = s.seconds;
  if (s.distance !== undefined) set.distance = s.distance;
  if (s.distance_unit !== undefined) set.distance_unit = s.distance_unit;
  return set;
}

/**
 * How many exercises a session holds: distinct exercises, by identity, across its sets (logged one by one or whole);
 * warm-ups alone make no exercise. What "N exercises logged" counts wherever it is shown.
 */
export const exercisesIn = (sets: readonly { exercise: string; warmup: boolean }[]) => new Set(working([...sets]).map((s) => s.exercise)).size;

/** Sets by exercise, in the order each exercise was first done. */
export function groupBy(sets: ExerciseSet[]): Map<string, ExerciseSet[]> {
  const groups = new Map<string, ExerciseSet[]>();
  for (const set of sets) {
    const group = groups.get(set.exercise);
    if (group) group.push(set);
    else groups.set(set.exercise, [set]);
  }
  return groups;
}

/**
 * Two: double progression looks at the last two sessions of an exercise, and the tracker's "previous" at the last one
 * before the session open. What bounds the records doc: this many sessions per exercise, of the app and of each import.
 */
export const RECENT_SESSIONS = 2;

/**
 * The most recent sessions among any (the app's, an import's, or both joined), oldest first: by the day they were
 * done, not the order they reached the log, so a year imported today is older than last week's session in the app.
 */
export function latestSessions(sessions: readonly SessionSets[]): SessionSets[] {
  return [...sessions].sort((a, b) => Date.parse(a.date) - Date.parse(b.date)).slice(-RECENT_SESSIONS);
}

/** A session's sets of one exercise (in the order done) joining its recent sessions, oldest first. */
export function withSession(recent: SessionSets[], sessionId: string, sets: ExerciseSet[]): SessionSets[] {
  return latestSessions([...recent, { session_id: sessionId, date: sets[0]!.at, sets: sets.map(setOnly) }]);
}

/** Each exercise's last ended sessions, as the records projection keeps them (the app's, and each import's apart). */
export interface RecentLifts {
  exercise: string;
  name: string;
  recent: SessionSets[];
}

/**
 * One exercise's recent sessions as the person knows them: the app's and those of the imports that count, on one
 * timeline by date (named as the app names it, else as an import did); undefined where none has any.
 */
export function joinedLifts(exercise: string, app: RecentLifts | undefined, imported: readonly RecentLifts[]): RecentLifts | undefined {
  const known = app ?? imported[0];
  return known && { exercise, name: known.name, recent: latestSessions([...(app?.recent ?? []), ...imported.flatMap((l) => l.recent)]) };
}

/**
 * The same recent sessions folded straight from one user's events (in log order, the imports' streams among them):
 * for a reader that may not read the records read model (a command, the chat) and must come to the same targets.
 * Sets of sessions still open are not history yet, and an import counts once completed and until undone, as in the
 * projection.
 */
export function recentLifts(events: readonly AppEvent[]): Map<string, RecentLifts> {
  const open = new Map<string, ExerciseSet[]>();
  const lifts = new Map<string, RecentLifts>();
  const imports = new Map<string, { live: boolean; lifts: Map<string, RecentLifts> }>();
  const withSets = (into: Map<string, RecentLifts>, sessionId: string, sets: ExerciseSet[]) => {
    for (const [exercise, ofExercise] of groupBy(sets)) {
      into.set(exercise, { exercise, name: ofExercise[ofExercise.length - 1]!.name, recent: withSession(into.get(exercise)?.recent ?? [], sessionId, ofExercise) });
    }
  };
  const merged = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'CustomExerciseMerged') merged.set(event.data.exercise, event.data.into);
    else if (event.type === 'CustomExerciseSplit') merged.delete(event.data.exercise);
    if (event.type === 'SetLogged' || event.type === 'ExerciseLogged') {
      open.set(event.data.sessionId, [...(open.get(event.data.sessionId) ?? []), ...setsOf(event)]);
    } else if (event.type === 'SetDeleted') {
      const sets = open.get(event.data.sessionId);
      if (sets) open.set(event.data.sessionId, sets.filter((s) => s.set_id !== event.data.setId));
    } else if (event.type === 'WorkoutSessionEnded') {
      const { sessionId } = event.data;
      withSets(lifts, sessionId, open.get(sessionId) ?? []);
      open.delete(sessionId);
    } else if (event.type === 'ImportStarted') {
      imports.set(event.data.importId, { live: false, lifts: new Map() });
    } else if (event.type === 'WorkoutsImported') {
      const entry = imports.get(event.data.importId);
      if (entry) for (const w of event.data.workouts) withSets(entry.lifts, w.sessionId, importedSets(w));
    } else if (event.type === 'ImportCompleted') {
      const entry = imports.get(event.data.importId);
      if (entry) entry.live = true;
    } else if (event.type === 'ImportUndone') {
      imports.delete(event.data.importId);
    }
  }
  const live = [...imports.values()].filter((entry) => entry.live).map((entry) => entry.lifts);
  const keys = new Set([...lifts.keys(), ...live.flatMap((l) => [...l.keys()])]);
  const joined = new Map([...keys].flatMap((key) => {
    const lift = joinedLifts(key, lifts.get(key), live.flatMap((l) => l.get(key) ?? []));
    return lift ? [[key, lift] as const] : [];
  }));
  for (const [exercise, into] of merged) {
    const theirs = joined.get(exercise);
    if (!theirs) continue;
    const own = joined.get(into);
    joined.set(into, { exercise: into, name: own?.name ?? shownName(into, theirs.name), recent: latestSessions([...(own?.recent ?? []), ...theirs.recent]) });
    joined.delete(exercise);
  }
  return joined;
}
