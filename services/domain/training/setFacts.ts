import type { AppEvent } from '../../../events/catalog.js';
import { TRAINING } from '../../../events/bounds.js';
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
    const fact = setFact({ set_id: d.setId, session_id: d.sessionId, at: d.loggedAt, weight: d.weight, unit: d.unit, reps: d.reps, rpe: d.rpe, warmup: d.warmup });
    return [{ ...fact, exercise: d.exercise, name, ...(d.exerciseName === name ? {} : { said: d.exerciseName }) }];
  }
  if (event.type === 'ExerciseLogged') {
    const d = event.data;
    const { key, name } = exerciseIdentity(d.name);
    return Array.from({ length: loggedSets(d.sets) }, (_, i) => ({
      ...setFact({ set_id: `${event.id}-${i + 1}`, session_id: d.sessionId, at: d.loggedAt, weight: d.weightLb, unit: 'lb', reps: d.reps, rpe: null, warmup: false }),
      exercise: key,
      name,
    }));
  }
  return [];
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

/** The set without its exercise, as one exercise's history keeps it. */
export const setOnly = ({ set_id, session_id, at, weight, unit, weight_lb, reps, rpe, warmup }: ExerciseSet): SetFact => ({ set_id, session_id, at, weight, unit, weight_lb, reps, rpe, warmup });

/**
 * How many exercises a session holds: distinct exercises, by identity, across its sets (logged one by one or whole);
 * warm-ups alone make no exercise. What "N exercises logged" counts wherever it is shown.
 */
export const exercisesIn = (sets: readonly { exercise: string; warmup: boolean }[]) => new Set(working([...sets]).map((s) => s.exercise)).size;

/** Sets by exercise, in the order each exercise was first done. */
export function groupBy(sets: ExerciseSet[]): Map<string, ExerciseSet[]> {
  const groups = new Map<string, ExerciseSet[]>();
  for (const set of sets) groups.set(set.exercise, [...(groups.get(set.exercise) ?? []), set]);
  return groups;
}

/** Two: double progression looks at the last two sessions of an exercise. */
export const RECENT_SESSIONS = 2;

/** An ended session's sets of one exercise (in the order done) joining its recent sessions, oldest first. */
export function withSession(recent: SessionSets[], sessionId: string, sets: ExerciseSet[]): SessionSets[] {
  const session: SessionSets = { session_id: sessionId, date: sets[0]!.at, sets: sets.map(setOnly) };
  return [...recent, session].slice(-RECENT_SESSIONS);
}

/** Each exercise's last ended sessions, as the records projection keeps them. */
export interface RecentLifts {
  exercise: string;
  name: string;
  recent: SessionSets[];
}

/**
 * The same recent sessions folded straight from one user's events (in log order): for a reader that may not read the
 * records read model (a command, the chat) and must come to the same targets. Sets of sessions still open are not
 * history yet, as in the projection. A custom exercise merged into another is read as that one, as the answers read
 * the records through the merges.
 */
export function recentLifts(events: readonly AppEvent[]): Map<string, RecentLifts> {
  const open = new Map<string, ExerciseSet[]>();
  const lifts = new Map<string, RecentLifts>();
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
      for (const [exercise, sets] of groupBy(open.get(sessionId) ?? [])) {
        lifts.set(exercise, { exercise, name: sets[sets.length - 1]!.name, recent: withSession(lifts.get(exercise)?.recent ?? [], sessionId, sets) });
      }
      open.delete(sessionId);
    }
  }
  for (const [exercise, into] of merged) {
    const theirs = lifts.get(exercise);
    if (!theirs) continue;
    const own = lifts.get(into);
    const recent = [...(own?.recent ?? []), ...theirs.recent].sort((a, b) => a.date.localeCompare(b.date)).slice(-RECENT_SESSIONS);
    lifts.set(into, { exercise: into, name: own?.name ?? shownName(into, theirs.name), recent });
    lifts.delete(exercise);
  }
  return lifts;
}
