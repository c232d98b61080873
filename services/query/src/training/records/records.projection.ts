import type { AppEvent } from '../../../../../events/catalog.js';
import type { Projection } from '../../projection.js';
import type { ImportedWorkout, ImportSource } from '../../../../../events/imports.js';
import { groupBy, importedSets, joinedLifts, setsOf, withSession, type ExerciseSet, type RecentLifts } from '../../../../domain/training/setFacts.js';
import { kindOf } from '../../../../domain/training/kinds.js';
import { joinedMarks, noMarks, RECORD_KINDS, withSets, type Mark, type Marks, type RecordKind, type SessionSets } from '../../../../domain/training/strength.js';

export type { SessionSets };

export interface ExerciseRecords {
  exercise: string;
  name: string;
  /** Records from ended sessions; the open sessions' sets are laid over them when read. */
  marks: Marks;
  /** The last ended sessions that had this exercise, oldest first (`RECENT_SESSIONS` of them, services/domain/training/setFacts.ts). */
  recent: SessionSets[];
}

/**
 * A record a session set, as it ended: told as news where it beat what the person saw then, the app's record
 * (`previous_lb`) and those of the imports that counted (`imported`), and only as long as it still does: an import
 * undone since no longer counts (`toldRecords`, answers.ts).
 */
export interface NewRecord {
  exercise: string;
  name: string;
  kind: RecordKind;
  mark: Mark;
  /** The app's record before the session; null where the app had none (then only an import's can have been broken). */
  previous_lb: number | null;
  /** The records of this exercise and kind of each import that counted when the session ended, by import. */
  imported?: Record<string, Mark>;
}

/**
 * One user's records: small, so listing them reads one doc however many sets are behind them. Records are kept
 * only as a fold of the sets: a set deleted while its session is open leaves `open`, and the records read without
 * it. Sets of ended sessions can no longer be deleted, so folding them into `marks` loses nothing.
 */
export interface RecordsDoc {
  user_id: string;
  exercises: Record<string, ExerciseRecords>;
  /** Sets of the sessions still open, by session, in the order done. */
  open: Record<string, ExerciseSet[]>;
  /** The records each recent session set when it ended, oldest first (`BROKEN_SESSIONS` of them). */
  broken: { session_id: string; ended_at: string; records: NewRecord[] }[];
  /**
   * Each import's records and recent sessions, kept apart so that undoing it takes them back (a fold of maxima cannot
   * be unfolded); they count once the import completes (`live`). Imported sessions break no records: they are history,
   * not news; but a session logged later is news only where it beats them too.
   */
  imports?: Record<string, ImportRecords>;
}

export interface ImportRecords {
  app: ImportSource;
  live: boolean;
  /**
   * Per exercise, its marks and its most recent workouts in the file (`RECENT_SESSIONS`, by the workout's start, which
   * dates its sets): as many as the app keeps, so the doc grows with exercises and imports, never with sets. A doc
   * folded before imports kept their sessions has none until the projector folds them in at its next start (the
   * projection's `version`); meanwhile it reads as no sessions.
   */
  exercises: Record<string, { exercise: string; name: string; marks: Marks; recent?: SessionSets[] }>;
}

const BROKEN_SESSIONS = 20;

/**
 * A doc's entry by an id or exercise key an event names: its own entry only, so a key such as `constructor` or
 * `__proto__` (the catalog admits any string) never reads what every object inherits.
 */
const own = <V>(entries: Record<string, V> | undefined, key: string): V | undefined => (entries && Object.hasOwn(entries, key) ? entries[key] : undefined);

const handles = ['SetLogged', 'SetDeleted', 'ExerciseLogged', 'WorkoutSessionEnded', 'ImportStarted', 'WorkoutsImported', 'ImportCompleted', 'ImportUndone', 'AccountDeleted'] as const;

export const recordsProjection: Projection<RecordsDoc> = {
  name: 'records',
  // Records follow the exercise's kind: a body-weight move has most reps, not an e1RM; a hold its longest.
  version: 3,
  handles,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event: AppEvent) {
    if (event.type === 'AccountDeleted') return undefined;
    const current: RecordsDoc = doc ?? { user_id: (event.data as { userId: string }).userId, exercises: {}, open: {}, broken: [] };
    switch (event.type) {
      case 'SetLogged':
      case 'ExerciseLogged': {
        const { sessionId } = event.data;
        return { ...current, open: { ...current.open, [sessionId]: [...(own(current.open, sessionId) ?? []), ...setsOf(event)] } };
      }
      case 'SetDeleted': {
        const { sessionId, setId } = event.data;
        const sets = own(current.open, sessionId);
        return sets ? { ...current, open: { ...current.open, [sessionId]: sets.filter((s) => s.set_id !== setId) } } : current;
      }
      case 'WorkoutSessionEnded':
        return ended(current, event.data.sessionId, event.data.endedAt);
      case 'ImportStarted':
        return { ...current, imports: { ...current.imports, [event.data.importId]: { app: event.data.source, live: false, exercises: {} } } };
      case 'WorkoutsImported': {
        const entry = own(current.imports, event.data.importId);
        return entry ? { ...current, imports: { ...current.imports, [event.data.importId]: withImported(entry, event.data.workouts) } } : current;
      }
      case 'ImportCompleted': {
        const entry = own(current.imports, event.data.importId);
        return entry ? { ...current, imports: { ...current.imports, [event.data.importId]: { ...entry, live: true } } } : current;
      }
      case 'ImportUndone': {
        const imports = { ...current.imports };
        delete imports[event.data.importId];
        return { ...current, imports };
      }
      default:
        return current;
    }
  },
};

/**
 * A session's sets become history: each exercise's records move on, and what it set is kept to be told, with the
 * records it was measured against: the app's, and those of the imports that counted then.
 */
function ended(doc: RecordsDoc, sessionId: string, endedAt: string): RecordsDoc {
  const sets = own(doc.open, sessionId) ?? [];
  const { [sessionId]: _, ...open } = doc.open;
  const exercises = { ...doc.exercises };
  const records: NewRecord[] = [];
  const live = Object.entries(doc.imports ?? {}).filter(([, entry]) => entry.live);
  for (const [exercise, ofExercise] of groupBy(sets)) {
    const before = own(exercises, exercise);
    const marks = withSets(before?.marks ?? noMarks(), ofExercise, kindOf(exercise));
    const name = ofExercise[ofExercise.length - 1]!.name;
    for (const kind of RECORD_KINDS) {
      const previous = before?.marks[kind] ?? null;
      const mark = marks[kind] ?? null;
      if (!mark || mark === previous) continue;
      const imported = importedMarks(live, exercise, kind);
      // A first session with nothing imported sets the baseline: there was no record to break.
      if (!previous && !imported) continue;
      // Set in place rather than spread in: a spread of a conditional object makes a slow dictionary object.
      const record: NewRecord = { exercise, name, kind, mark, previous_lb: previous?.value_lb ?? null };
      if (imported) record.imported = imported;
      records.push(record);
    }
    exercises[exercise] = { exercise, name, marks, recent: withSession(before?.recent ?? [], sessionId, ofExercise) };
  }
  const broken = records.length ? [...doc.broken, { session_id: sessionId, ended_at: endedAt, records }].slice(-BROKEN_SESSIONS) : doc.broken;
  return { ...doc, exercises, open, broken };
}

/** The records of this exercise and kind of each import that counts, by import; undefined where none has one. */
function importedMarks(live: [string, ImportRecords][], exercise: string, kind: RecordKind): Record<string, Mark> | undefined {
  const marks: [string, Mark][] = [];
  for (const [importId, entry] of live) {
    const theirs = own(entry.exercises, exercise)?.marks[kind];
    if (theirs) marks.push([importId, theirs]);
  }
  return marks.length > 0 ? Object.fromEntries(marks) : undefined;
}

/** An import's records and recent sessions after one batch of its workouts (`importedSets`). */
function withImported(entry: ImportRecords, workouts: ImportedWorkout[]): ImportRecords {
  const exercises = { ...entry.exercises };
  for (const w of workouts) {
    for (const [exercise, ofExercise] of groupBy(importedSets(w))) {
      const known = own(exercises, exercise);
      const name = ofExercise[ofExercise.length - 1]!.name;
      exercises[exercise] = { exercise, name, marks: withSets(known?.marks ?? noMarks(), ofExercise, kindOf(exercise)), recent: withSession(known?.recent ?? [], w.sessionId, ofExercise) };
    }
  }
  return { ...entry, exercises };
}

/**
 * One exercise's most recent ended sessions: the app's joined with those of the imports that count (`joinedLifts`,
 * the rule the chat's targets follow too). What "previous", repeat-last-set and the targets read.
 */
export function recentOf(doc: RecordsDoc | undefined, exercise: string): RecentLifts | undefined {
  const imported = Object.values(doc?.imports ?? {}).flatMap((entry) => {
    const e = entry.live ? own(entry.exercises, exercise) : undefined;
    return e ? [{ ...e, recent: e.recent ?? [] }] : [];
  });
  return joinedLifts(exercise, own(doc?.exercises, exercise), imported);
}

/** Every exercise with recent sessions: the app's and those of the imports that count. */
export function recentExercises(doc: RecordsDoc | undefined): RecentLifts[] {
  const keys = new Set([...Object.keys(doc?.exercises ?? {}), ...Object.values(doc?.imports ?? {}).flatMap((entry) => (entry.live ? Object.keys(entry.exercises) : []))]);
  return [...keys].flatMap((key) => recentOf(doc, key) ?? []);
}

/** Each exercise's records as of now: the ended sessions' with the open sessions' sets laid over them. */
export function currentRecords(doc: RecordsDoc | undefined): { exercise: string; name: string; marks: Marks }[] {
  if (!doc) return [];
  const all = new Map(Object.values(doc.exercises).map((e) => [e.exercise, { exercise: e.exercise, name: e.name, marks: e.marks }]));
  for (const entry of Object.values(doc.imports ?? {})) {
    if (!entry.live) continue;
    for (const e of Object.values(entry.exercises)) {
      const known = all.get(e.exercise);
      all.set(e.exercise, { exercise: e.exercise, name: known?.name ?? e.name, marks: known ? joinedMarks(known.marks, e.marks) : e.marks });
    }
  }
  for (const sets of Object.values(doc.open)) {
    for (const [exercise, ofExercise] of groupBy(sets)) {
      const known = all.get(exercise);
      all.set(exercise, { exercise, name: known?.name ?? ofExercise[0]!.name, marks: withSets(known?.marks ?? noMarks(), ofExercise, kindOf(exercise)) });
    }
  }
  return [...all.values()].filter((r) => RECORD_KINDS.some((k) => r.marks[k])).sort((a, b) => a.name.localeCompare(b.name));
}
