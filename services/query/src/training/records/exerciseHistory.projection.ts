import type { AppEvent } from '../../../../../events/catalog.js';
import { chunksOf } from '../../chunks.js';
import { erasesAccount, type Projection } from '../../projection.js';
import type { SessionDoc } from '../sessions/api.js';
import { exerciseOf, setOnly, setsOf } from '../../../../domain/training/setFacts.js';
import { beats, e1rmLb, lb, markOf, setFact, volumeLb, working, type Mark, type RecordKind, type SetFact } from '../../../../domain/training/strength.js';
import { kindOf, kindOfSet, type ExerciseKind } from '../../../../domain/training/kinds.js';
import { kmOf } from '../../../../../contract/training/exerciseKinds.js';
import type { ExerciseHistory } from '../../../../../contract/training/recordsAnswer.js';

/**
 * Every set of one exercise of one user, by session: what the history chart is drawn from. One doc per exercise, month
 * and session (`<userId>/<exercise>/<YYYY-MM>/<sessionId>`, among the owner's chunks, chunks.ts): a set rewrites only
 * its session's part of its exercise's month, however long the history and however many sessions the month holds;
 * `joinedHistory` puts the parts back together
 * (docs/adr/0419-an-exercises-history-is-kept-by-session.md).
 */
export interface ExerciseHistoryDoc {
  user_id: string;
  exercise: string;
  name: string;
  /**
   * `position`: of the event that began the session's part, so that sessions at the same instant (a clock held still)
   * keep the log's order; imported sessions have none.
   */
  sessions: { session_id: string; date: string; sets: SetFact[]; position?: number }[];
}

/** The key prefix of one exercise's parts. */
export const exerciseHistoryKey = (userId: string, exercise: string) => `${chunksOf(userId)}${exercise}/`;
const partOf = (userId: string, exercise: string, at: string, sessionId: string) => `${exerciseHistoryKey(userId, exercise)}${at.slice(0, 7)}/${sessionId}`;

/**
 * An exercise's parts (any order) as one history, oldest session first (at the same instant, in the log's order): the
 * parts of a session over a month's end are one session, its sets in order; the name is the one the latest session
 * used.
 */
export function joinedHistory(parts: ExerciseHistoryDoc[]): ExerciseHistoryDoc | undefined {
  const [first] = parts;
  if (!first) return undefined;
  const sessions = new Map<string, ExerciseHistoryDoc['sessions'][number]>();
  // A part whose sets were all taken back holds no session, and names nothing.
  let named = first;
  const byDate = (a: { date: string; position?: number } | undefined, b: { date: string; position?: number } | undefined) =>
    (a?.date ?? '').localeCompare(b?.date ?? '') || (a?.position ?? 0) - (b?.position ?? 0);
  for (const part of [...parts].sort((a, b) => byDate(a.sessions[0], b.sessions[0]))) {
    if (part.sessions.length > 0) named = part;
    for (const s of part.sessions) {
      const known = sessions.get(s.session_id);
      sessions.set(s.session_id, known ? { ...known, sets: [...known.sets, ...s.sets] } : s);
    }
  }
  const ordered = [...sessions.values()].sort(byDate);
  return { ...first, name: named.name, sessions: ordered };
}

export const exerciseHistoryProjection: Projection<ExerciseHistoryDoc> = {
  name: 'exerciseHistory',
  // Keyed by exercise, month and session, where an exercise's month was one doc.
  version: 2,
  handles: ['SetLogged', 'SetDeleted', 'ExerciseLogged', 'AccountDeleted'],
  erases: erasesAccount,
  key: (event) => {
    const { exercise, at } = exerciseOf(event)!;
    const { userId, sessionId } = event.data as { userId: string; sessionId: string };
    return partOf(userId, exercise, at, sessionId);
  },
  evolve(doc, event: AppEvent) {
    if (event.type === 'SetDeleted') {
      const { setId } = event.data;
      return doc && { ...doc, sessions: doc.sessions.map((s) => ({ ...s, sets: s.sets.filter((set) => set.set_id !== setId) })).filter((s) => s.sets.length > 0) };
    }
    const added = setsOf(event);
    if (added.length === 0) return doc;
    const { exercise, name, session_id: sessionId, at } = added[0]!;
    const sets = added.map(setOnly);
    const current = doc ?? { user_id: (event.data as { userId: string }).userId, exercise, name, sessions: [] };
    const last = current.sessions[current.sessions.length - 1];
    const sessions =
      last?.session_id === sessionId ? [...current.sessions.slice(0, -1), { ...last, sets: [...last.sets, ...sets] }] : [...current.sessions, { session_id: sessionId, date: at, sets, position: event.position }];
    return { ...current, name, sessions };
  },
};

/**
 * The exercise's history with the sessions of completed imports laid in by date (`completedSessions`, sessions/api.ts:
 * imported sessions have docs of their own, which one event can take back); their working sets are read from them.
 */
export function withImportedHistory(doc: ExerciseHistoryDoc | undefined, userId: string, exercise: string, sessions: readonly SessionDoc[]): ExerciseHistoryDoc | undefined {
  const imported: ExerciseHistoryDoc['sessions'] = [];
  let name: string | undefined;
  for (const s of sessions) {
    if (!s.imported) continue;
    const sets: SetFact[] = [];
    s.exercises.forEach((e, i) => {
      if (e.workout_id !== exercise || e.reps_per_set < 1) return;
      name = e.workout_name;
      for (let k = 1; k <= e.sets; k += 1) {
        sets.push(setFact({ set_id: `${s.session_id}-e${i + 1}-${k}`, session_id: s.session_id, at: s.start_time, weight: e.weight ?? e.weight_used_lb, unit: e.unit ?? 'lb', reps: e.reps_per_set, rpe: null, warmup: false }));
      }
    });
    if (sets.length > 0) imported.push({ session_id: s.session_id, date: s.start_time, sets });
  }
  if (imported.length === 0) return doc;
  const all = [...(doc?.sessions ?? []), ...imported].sort((a, b) => a.date.localeCompare(b.date));
  return { user_id: userId, exercise, name: doc?.name ?? name!, sessions: all };
}

/**
 * Per session: the top set, its e1RM, the session's working volume, and whether its top set raised the record the
 * chart follows (the chart marks those). The top set and the record follow the exercise's kind: a loaded lift's
 * highest e1RM (the heaviest where no set has one); a body-weight move's most reps (no e1RM: the load is the
 * person); a hold's longest; cardio's longest distance, else time.
 */
export function historyOf(doc: ExerciseHistoryDoc): ExerciseHistory['sessions'] {
  const kind = historyKind(doc);
  const charted = chartedRecord(kind, doc);
  let best: Mark | null = null;
  return doc.sessions.flatMap((s) => {
    const sets = working(s.sets);
    if (sets.length === 0) return [];
    const top = topSet(sets, kind);
    const e1rm = kind === 'weighted' ? e1rmLb(top) : null;
    // The record as it stood after each session (the first session's top set is the first record).
    const record = beats(charted, top, best);
    if (record) best = markOf(charted, top);
    return [
      {
        session_id: s.session_id,
        date: s.date,
        top_set: {
          set_id: top.set_id,
          weight: top.weight,
          unit: top.unit,
          weight_lb: lb(top.weight_lb),
          reps: top.reps,
          ...(top.seconds !== undefined && { seconds: top.seconds }),
          ...(top.distance !== undefined && { distance: top.distance, distance_unit: top.distance_unit ?? 'km' }),
        },
        e1rm_lb: e1rm === null ? null : lb(e1rm),
        volume_lb: lb(sets.reduce((sum, set) => sum + volumeLb(set), 0)),
        record,
      },
    ];
  });
}

/** An exercise's kind as its history shows it: the catalog's, else what its first working set measured. */
export function historyKind(doc: ExerciseHistoryDoc): ExerciseKind {
  const first = doc.sessions.flatMap((s) => working(s.sets))[0];
  return kindOf(doc.exercise) ?? (first ? kindOfSet({ ...(first.weight > 0 && { weight: { value: first.weight, unit: first.unit } }), ...(first.seconds !== undefined && { seconds: first.seconds }), ...(first.distance !== undefined && { distance: { value: first.distance, unit: first.distance_unit ?? 'km' } }) }) : 'weighted');
}

/** The record a kind's chart follows: e1RM, most reps, longest hold, or cardio's distance where any was given. */
function chartedRecord(kind: ExerciseKind, doc: ExerciseHistoryDoc): RecordKind {
  if (kind === 'bodyweight') return 'reps';
  if (kind === 'timed') return 'seconds';
  if (kind === 'distance') return doc.sessions.some((s) => s.sets.some((set) => set.distance !== undefined)) ? 'distance' : 'seconds';
  return 'e1rm';
}

function topSet(sets: SetFact[], kind: ExerciseKind): SetFact {
  const km = (s: SetFact) => (s.distance === undefined ? -1 : kmOf(s.distance, s.distance_unit ?? 'km'));
  const score = (s: SetFact) =>
    kind === 'bodyweight' ? [s.reps, s.weight_lb] : kind === 'timed' ? [s.seconds ?? -1, s.weight_lb] : kind === 'distance' ? [km(s), s.seconds ?? -1] : [e1rmLb(s) ?? -1, s.weight_lb, s.reps];
  return sets.reduce((a, b) => {
    const [x, y] = [score(a), score(b)];
    for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return y[i]! > x[i]! ? b : a;
    return a;
  });
}
