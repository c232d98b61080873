import type { AppEvent } from '../../../../../events/catalog.js';
import type { Projection } from '../../projection.js';
import { chunksOf } from '../../chunks.js';
import type { ImportedWorkout, ImportSource } from '../../../../../events/imports.js';
import { exerciseOf, groupBy, importedSets, joinedLifts, setsOf, withSession, type ExerciseSet, type RecentLifts } from '../../../../domain/training/setFacts.js';
import { kindOf } from '../../../../domain/training/kinds.js';
import { joinedMarks, noMarks, RECORD_KINDS, withSets, type Mark, type Marks, type RecordKind, type SessionSets } from '../../../../domain/training/strength.js';

export type { SessionSets };

/**
 * A person's records, kept so that no doc grows with a training life and a set rewrites only its own exercise's doc
 * (docs/adr/0420-records-are-kept-by-exercise.md). In the collection `records`, under the person's id:
 * - `<userId>`: the sessions that ended last (`ended`), which say which sets are history and when each session ended;
 * - `<userId>/e/<exercise>`: one exercise's records (`ExerciseRecordsDoc`), written by that exercise's sets alone;
 * - `<userId>/i/<importId>`: an import, and once it completed, where in the log (`ImportDoc`);
 * - `<userId>/i/<importId>/<exercise>`: one exercise's records and recent workouts in that import (`ImportedExerciseDoc`).
 * Readers take them all with one range and join them (`recordsView`); the answers read the join (`Records`).
 */
export type RecordsPart = EndedDoc | ExerciseRecordsDoc | ImportDoc | ImportedExerciseDoc;

/** The sessions that ended last (`ENDED_SESSIONS`), oldest first, each with where its end stands in the log. */
export interface EndedDoc {
  of: 'ended';
  user_id: string;
  ended: EndedSession[];
}

export interface EndedSession {
  session_id: string;
  ended_at: string;
  position: number;
}

/** A record one session set on an exercise, as its sets made it: what it was and what the app's was before. */
export interface SetRecord {
  kind: RecordKind;
  mark: Mark;
  /** The app's record before the session; null where the app had none (then only an import's can have been broken). */
  previous_lb: number | null;
}

/**
 * One exercise's records. Its sets arrive one session at a time, since a person has one session open at a time (the
 * roster, events/session.ts): the latest session's sets (`latest`) are kept as they come, and folded into the records
 * and the recent sessions when a later session's first set of the exercise arrives. Whether the latest session has
 * ended is the person's `ended` doc's to say; a reader folds it then (`recordsView`). Nothing here grows with the
 * sessions: the records, `RECENT_SESSIONS` sessions, one session's sets and `BROKEN_PER_EXERCISE` sessions' records.
 */
export interface ExerciseRecordsDoc {
  of: 'exercise';
  user_id: string;
  exercise: string;
  /** The name of its last set folded (or, before any, of its first set). */
  name: string;
  /** Records from the sessions before `latest`. */
  marks: Marks;
  /** The last sessions before `latest` that had this exercise, oldest first (`RECENT_SESSIONS`). */
  recent: SessionSets[];
  /** The latest session's sets of this exercise in the order done, each with its event's log position. */
  latest?: { session_id: string; position: number; sets: ExerciseSet[]; positions: number[] };
  /** The records each of the last sessions before `latest` set on this exercise, oldest first, where it set any. */
  broken: { session_id: string; position: number; name: string; records: SetRecord[] }[];
}

/** An import: counted once completed (`completed`, the position of its completion) and until undone (erased). */
export interface ImportDoc {
  of: 'import';
  user_id: string;
  import_id: string;
  app: ImportSource;
  completed: number | null;
}

/** One exercise of an import: its records and its most recent workouts in the file (`RECENT_SESSIONS`). */
export interface ImportedExerciseDoc {
  of: 'imported';
  user_id: string;
  import_id: string;
  exercise: string;
  name: string;
  marks: Marks;
  recent: SessionSets[];
}

/** How many of a person's last ended sessions the records they broke are told for (Recent Progress, the tracker). */
export const ENDED_SESSIONS = 20;
/**
 * The sessions before the latest whose records an exercise keeps: a session breaks many exercises' records at once,
 * and those told are among the last `ENDED_SESSIONS`; an exercise done in every one of them is told for its latest few.
 */
const BROKEN_PER_EXERCISE = 3;

export const exerciseRecordsKey = (userId: string, exercise: string) => `${chunksOf(userId)}e/${exercise}`;
const importKey = (userId: string, importId: string) => `${chunksOf(userId)}i/${importId}`;
const importedExerciseKey = (userId: string, importId: string, exercise: string) => `${chunksOf(importKey(userId, importId))}${exercise}`;

const handles = ['SetLogged', 'SetDeleted', 'ExerciseLogged', 'WorkoutSessionEnded', 'ImportStarted', 'WorkoutsImported', 'ImportCompleted', 'ImportUndone', 'AccountDeleted'] as const;

/** A batch's sets with reps, by exercise and then by workout in the batch's order; made once per batch, for each of its docs. */
const batches = new WeakMap<object, Map<string, { sessionId: string; sets: ExerciseSet[] }[]>>();
function byExercise(workouts: readonly ImportedWorkout[]): Map<string, { sessionId: string; sets: ExerciseSet[] }[]> {
  let grouped = batches.get(workouts);
  if (grouped) return grouped;
  grouped = new Map();
  for (const w of workouts) {
    for (const [exercise, sets] of groupBy(importedSets(w))) {
      const of = grouped.get(exercise);
      if (of) of.push({ sessionId: w.sessionId, sets });
      else grouped.set(exercise, [{ sessionId: w.sessionId, sets }]);
    }
  }
  batches.set(workouts, grouped);
  return grouped;
}

export const recordsProjection: Projection<RecordsPart> = {
  name: 'records',
  // Kept by exercise: a set rewrites its exercise's doc, not every record the person has.
  version: 4,
  handles,
  erases(event) {
    if (event.type === 'AccountDeleted') return event.data.userId;
    if (event.type === 'ImportUndone') return importKey(event.data.userId, event.data.importId);
    return undefined;
  },
  keys(event) {
    if (event.type !== 'WorkoutsImported') return undefined;
    const { userId, importId, workouts } = event.data;
    return [...byExercise(workouts).keys()].map((exercise) => importedExerciseKey(userId, importId, exercise));
  },
  key(event) {
    const { userId, importId } = event.data as { userId: string; importId?: string };
    const sets = exerciseOf(event);
    if (sets) return exerciseRecordsKey(userId, sets.exercise);
    if (importId !== undefined) return importKey(userId, importId);
    return userId;
  },
  evolve(doc, event: AppEvent, key) {
    switch (event.type) {
      case 'SetLogged':
      case 'ExerciseLogged':
        return withLatest(doc as ExerciseRecordsDoc | undefined, event);
      case 'SetDeleted': {
        const current = doc as ExerciseRecordsDoc | undefined;
        const latest = current?.latest;
        if (!latest || latest.session_id !== event.data.sessionId) return doc;
        const kept = latest.sets.flatMap((s, i) => (s.set_id === event.data.setId ? [] : [i]));
        return { ...current, latest: { ...latest, sets: kept.map((i) => latest.sets[i]!), positions: kept.map((i) => latest.positions[i]!) } };
      }
      case 'WorkoutSessionEnded': {
        const { userId, sessionId, endedAt } = event.data;
        const ended = ((doc as EndedDoc | undefined)?.ended ?? []).filter((s) => s.session_id !== sessionId);
        return { of: 'ended', user_id: userId, ended: [...ended, { session_id: sessionId, ended_at: endedAt, position: event.position }].slice(-ENDED_SESSIONS) };
      }
      case 'ImportStarted':
        return { of: 'import', user_id: event.data.userId, import_id: event.data.importId, app: event.data.source, completed: null };
      case 'ImportCompleted':
        return doc && { ...(doc as ImportDoc), completed: event.position };
      case 'WorkoutsImported': {
        const { userId, importId, workouts } = event.data;
        const exercise = key?.slice(chunksOf(importKey(userId, importId)).length);
        const workoutsOf = exercise === undefined ? undefined : byExercise(workouts).get(exercise);
        if (!exercise || !workoutsOf) return doc;
        let current: ImportedExerciseDoc = (doc as ImportedExerciseDoc | undefined) ?? { of: 'imported', user_id: userId, import_id: importId, exercise, name: workoutsOf[0]!.sets[0]!.name, marks: noMarks(), recent: [] };
        for (const { sessionId, sets } of workoutsOf) {
          current = { ...current, name: sets[sets.length - 1]!.name, marks: withSets(current.marks, sets, kindOf(exercise)), recent: withSession(current.recent, sessionId, sets) };
        }
        return current;
      }
      default:
        return doc;
    }
  },
};

/** An exercise's doc after a set (or an exercise logged whole): a later session's first set folds the one before. */
function withLatest(doc: ExerciseRecordsDoc | undefined, event: Extract<AppEvent, { type: 'SetLogged' | 'ExerciseLogged' }>): ExerciseRecordsDoc | undefined {
  const sets = setsOf(event);
  if (sets.length === 0) return doc;
  const { sessionId, userId } = event.data;
  let current = doc ?? { of: 'exercise', user_id: userId, exercise: sets[0]!.exercise, name: sets[0]!.name, marks: noMarks(), recent: [], broken: [] };
  if (current.latest && current.latest.session_id !== sessionId) current = folded(current);
  const latest = current.latest ?? { session_id: sessionId, position: event.position, sets: [], positions: [] };
  return { ...current, latest: { ...latest, sets: [...latest.sets, ...sets], positions: [...latest.positions, ...sets.map(() => event.position)] } };
}

/** The exercise's doc with its latest session's sets made history: its records move on, and what it set is kept. */
function folded(doc: ExerciseRecordsDoc): ExerciseRecordsDoc {
  const { latest, ...rest } = doc;
  if (!latest || latest.sets.length === 0) return rest;
  const { marks, records, name } = sessionRecords(doc, latest.sets);
  const broken = records.length > 0 ? [...doc.broken, { session_id: latest.session_id, position: latest.position, name, records }].slice(-BROKEN_PER_EXERCISE) : doc.broken;
  return { ...rest, name, marks, recent: withSession(doc.recent, latest.session_id, latest.sets), broken };
}

/** What one session's sets of an exercise make of its records: the records after, and those that moved. */
function sessionRecords(doc: Pick<ExerciseRecordsDoc, 'exercise' | 'marks'>, sets: ExerciseSet[]): { marks: Marks; records: SetRecord[]; name: string } {
  const marks = withSets(doc.marks, sets, kindOf(doc.exercise));
  const records: SetRecord[] = [];
  for (const kind of RECORD_KINDS) {
    const previous = doc.marks[kind] ?? null;
    const mark = marks[kind] ?? null;
    if (!mark || mark === previous) continue;
    records.push({ kind, mark, previous_lb: previous?.value_lb ?? null });
  }
  return { marks, records, name: sets[sets.length - 1]!.name };
}

/**
 * A record a session set, as it ended: told as news where it beat what the person saw then, the app's record
 * (`previous_lb`) and those of the imports that counted (`imported`), and only as long as it still does: an import
 * undone since no longer counts (`toldRecords`, answers.ts).
 */
export interface NewRecord extends SetRecord {
  exercise: string;
  name: string;
  /** The records of this exercise and kind of each import that counted when the session ended, by import. */
  imported?: Record<string, Mark>;
}

export interface ExerciseRecords {
  exercise: string;
  name: string;
  /** Records from ended sessions; the open sessions' sets are laid over them when read. */
  marks: Marks;
  /** The last ended sessions that had this exercise, oldest first (`RECENT_SESSIONS` of them, services/domain/training/setFacts.ts). */
  recent: SessionSets[];
}

/** An import that counts (completed, not undone): the only ones `recordsView` joins. */
export interface ImportRecords {
  app: ImportSource;
  /** Per exercise, its marks and its most recent workouts in the file (`RECENT_SESSIONS`, by the workout's start). */
  exercises: Record<string, { exercise: string; name: string; marks: Marks; recent: SessionSets[] }>;
}

/**
 * One person's records as the answers read them, joined from their docs (`recordsView`). Records are only a fold of
 * the sets: a set deleted while its session is open leaves `open`, and the records read without it. Sets of ended
 * sessions can no longer be deleted, so folding them into `marks` loses nothing.
 */
export interface Records {
  user_id: string;
  exercises: Record<string, ExerciseRecords>;
  /** Sets of the session still open, by session, in the order done. */
  open: Record<string, ExerciseSet[]>;
  /** The records each of the last ended sessions set, oldest first (those that set any, of `ENDED_SESSIONS`). */
  broken: { session_id: string; ended_at: string; records: NewRecord[] }[];
  /**
   * The imports that count, each with its records and recent sessions, kept apart so that undoing it takes them back
   * (a fold of maxima cannot be unfolded). Imported sessions break no records: they are history, not news; but a
   * session logged later is news only where it beats them too.
   */
  imports: Record<string, ImportRecords>;
}

/** A doc's entry by an id or exercise key an event names: its own entry only, never what every object inherits. */
const own = <V>(entries: Record<string, V> | undefined, key: string): V | undefined => (entries && Object.hasOwn(entries, key) ? entries[key] : undefined);

/**
 * One person's records from their docs (the person's own and every one under `<userId>/`, in any order). An
 * exercise's latest session is history once it ended: it is among the last ended, or it began before the last end
 * (the session open now began after it).
 */
export function recordsView(userId: string, parts: readonly (RecordsPart | undefined)[]): Records {
  const mine = parts.filter((p): p is RecordsPart => p !== undefined && p.user_id === userId);
  const ended = mine.find((p): p is EndedDoc => p.of === 'ended')?.ended ?? [];
  const endOf = new Map(ended.map((s) => [s.session_id, s]));
  const lastEnd = ended.length > 0 ? ended[ended.length - 1]!.position : 0;
  const counted = new Map<string, number>();
  const imports: Record<string, ImportRecords> = {};
  for (const p of mine) {
    if (p.of !== 'import' || p.completed === null) continue;
    counted.set(p.import_id, p.completed);
    imports[p.import_id] = { app: p.app, exercises: {} };
  }
  for (const p of mine) {
    if (p.of !== 'imported') continue;
    const entry = own(imports, p.import_id);
    if (entry) entry.exercises[p.exercise] = { exercise: p.exercise, name: p.name, marks: p.marks, recent: p.recent };
  }
  const exercises: Record<string, ExerciseRecords> = {};
  const open = new Map<string, { set: ExerciseSet; position: number }[]>();
  const setBy = new Map<string, { position: number; exercise: string; name: string; records: SetRecord[] }[]>();
  const setIn = (sessionId: string, entry: { position: number; exercise: string; name: string; records: SetRecord[] }) => {
    const of = setBy.get(sessionId);
    if (of) of.push(entry);
    else setBy.set(sessionId, [entry]);
  };
  for (const p of mine) {
    if (p.of !== 'exercise') continue;
    let { marks, recent, name } = p;
    for (const b of p.broken) setIn(b.session_id, { position: b.position, exercise: p.exercise, name: b.name, records: b.records });
    const latest = p.latest;
    if (latest && latest.sets.length > 0) {
      if (endOf.has(latest.session_id) || latest.position < lastEnd) {
        const made = sessionRecords(p, latest.sets);
        ({ marks, name } = made);
        recent = withSession(recent, latest.session_id, latest.sets);
        if (made.records.length > 0) setIn(latest.session_id, { position: latest.position, exercise: p.exercise, name, records: made.records });
      } else {
        const sets = open.get(latest.session_id) ?? [];
        latest.sets.forEach((set, i) => sets.push({ set, position: latest.positions[i]! }));
        open.set(latest.session_id, sets);
      }
    }
    if (recent.length > 0) exercises[p.exercise] = { exercise: p.exercise, name, marks, recent };
  }
  const broken: Records['broken'] = [];
  for (const end of ended) {
    const records = (setBy.get(end.session_id) ?? [])
      .sort((a, b) => a.position - b.position)
      .flatMap(({ exercise, name, records: set }) =>
        set.flatMap((r) => {
          const imported = importedMarks(imports, counted, end.position, exercise, r.kind);
          // A first session with nothing imported set the baseline: there was no record to break.
          if (r.previous_lb === null && !imported) return [];
          const record: NewRecord = { exercise, name, kind: r.kind, mark: r.mark, previous_lb: r.previous_lb };
          if (imported) record.imported = imported;
          return [record];
        }),
      );
    if (records.length > 0) broken.push({ session_id: end.session_id, ended_at: end.ended_at, records });
  }
  return {
    user_id: userId,
    exercises,
    open: Object.fromEntries([...open].map(([sessionId, sets]) => [sessionId, sets.sort((a, b) => a.position - b.position).map((s) => s.set)])),
    broken,
    imports,
  };
}

/** The records of this exercise and kind of each import that had completed before the session's end, by import. */
function importedMarks(imports: Record<string, ImportRecords>, counted: Map<string, number>, endedAt: number, exercise: string, kind: RecordKind): Record<string, Mark> | undefined {
  const marks: [string, Mark][] = [];
  for (const [importId, completed] of counted) {
    if (completed > endedAt) continue;
    const theirs = own(own(imports, importId)?.exercises, exercise)?.marks[kind];
    if (theirs) marks.push([importId, theirs]);
  }
  return marks.length > 0 ? Object.fromEntries(marks) : undefined;
}

/**
 * One exercise's most recent ended sessions: the app's joined with those of the imports that count (`joinedLifts`,
 * the rule the chat's targets follow too). What "previous", repeat-last-set and the targets read.
 */
export function recentOf(doc: Records | undefined, exercise: string): RecentLifts | undefined {
  const imported = Object.values(doc?.imports ?? {}).flatMap((entry) => {
    const e = own(entry.exercises, exercise);
    return e ? [e] : [];
  });
  return joinedLifts(exercise, own(doc?.exercises, exercise), imported);
}

/** Every exercise with recent sessions: the app's and those of the imports that count. */
export function recentExercises(doc: Records | undefined): RecentLifts[] {
  const keys = new Set([...Object.keys(doc?.exercises ?? {}), ...Object.values(doc?.imports ?? {}).flatMap((entry) => Object.keys(entry.exercises))]);
  return [...keys].flatMap((key) => recentOf(doc, key) ?? []);
}

/** Each exercise's records as of now: the ended sessions' with the open sessions' sets laid over them. */
export function currentRecords(doc: Records | undefined): { exercise: string; name: string; marks: Marks }[] {
  if (!doc) return [];
  const all = new Map(Object.values(doc.exercises).map((e) => [e.exercise, { exercise: e.exercise, name: e.name, marks: e.marks }]));
  for (const entry of Object.values(doc.imports ?? {})) {
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
