import { importOfSession } from '../../../../../events/imports.js';
import { exerciseTarget, type Target } from '../../../../domain/training/progression.js';
import { lb, markBeats, RECORD_KINDS, type Mark, type Marks, type SetFact } from '../../../../domain/training/strength.js';
import { kindOf, type ExerciseKind } from '../../../../domain/training/kinds.js';
import { currentRecords, recentExercises, recentOf, type NewRecord, type Records } from './records.projection.js';
import { isCustomKey } from '../../../../domain/training/exerciseIdentity.js';
import { mergedRecent, mergedRecords, readAsKey, type ExerciseMergesDoc } from './exerciseMerges.projection.js';
import type { ExerciseRecord, LoggedSet, MarkAnswer, NewRecord as NewRecordAnswer, RecentRecord, SessionSets as SessionAnswer } from '../../../../../contract/training/recordsAnswer.js';

const weightOf = (m: Mark | null | undefined) => (m ? { value: m.weight, unit: m.unit } : null);
/** What a hold's or cardio's set adds: its time and distance as entered. */
const timed = (m: Pick<Mark, 'seconds' | 'distance' | 'distance_unit'>) => ({
  ...(m.seconds !== undefined && { seconds: m.seconds }),
  ...(m.distance !== undefined && { distance: m.distance, distance_unit: m.distance_unit ?? 'km' }),
});
const markAnswer = (m: Mark | null | undefined): MarkAnswer | null =>
  m ? { value_lb: lb(m.value_lb), weight: m.weight, unit: m.unit, reps: m.reps, ...timed(m), set_id: m.set_id, session_id: m.session_id, achieved_at: m.achieved_at } : null;

/** An exercise's kind: the catalog's, else (the person's own) what its records say its sets measured. */
const kindOfRecords = (exercise: string, marks: Marks): ExerciseKind =>
  kindOf(exercise) ?? (marks.e1rm || marks.volume ? 'weighted' : marks.distance ? 'distance' : marks.seconds ? 'timed' : marks.reps ? 'bodyweight' : 'weighted');

/** The record a row leads with: e1RM (else the heaviest weight) for a loaded lift; the kind's own for the rest. */
const headline = (kind: ExerciseKind, marks: Marks): Mark | null | undefined =>
  kind === 'bodyweight' ? marks.reps : kind === 'timed' ? marks.seconds : kind === 'distance' ? (marks.distance ?? marks.seconds) : (marks.e1rm ?? marks.weight);

/**
 * GET /api/records: per exercise, the best weight (and the most reps done at it), e1RM and set volume. `achieved_at`
 * and `set_id` are the e1RM record's (the headline number); `marks` says which set holds each record. Read through
 * the user's merges: a custom exercise merged into another is part of that one's row (`merged`).
 */
export function recordsAnswer(doc: Records | undefined, merges?: ExerciseMergesDoc): ExerciseRecord[] {
  // Where the headline record was set: in the app, or in an import (the app it came from, and the import).
  const sourceOf = (m: Mark | null) => {
    const importId = m ? importOfSession(m.session_id) : null;
    const app = importId ? doc?.imports?.[importId]?.app : undefined;
    return app && importId ? { source: app, import_id: importId } : { source: 'app' as const };
  };
  const rows = mergedRecords(merges, currentRecords(doc)).sort((a, b) => a.name.localeCompare(b.name));
  return rows.map(({ exercise, name, marks, merged }) => {
    const kind = kindOfRecords(exercise, marks);
    const lead = headline(kind, marks);
    return {
      exercise,
      name,
      custom: isCustomKey(exercise),
      merged,
      kind,
      best_weight_lb: marks.weight ? lb(marks.weight.value_lb) : null,
      best_weight: weightOf(marks.weight),
      best_e1rm_lb: marks.e1rm ? lb(marks.e1rm.value_lb) : null,
      best_reps_at_weight: marks.weight?.reps ?? null,
      best_volume_lb: marks.volume ? lb(marks.volume.value_lb) : null,
      best_reps: marks.reps?.reps ?? null,
      best_seconds: marks.seconds?.seconds ?? null,
      best_distance: marks.distance?.distance === undefined ? null : { value: marks.distance.distance, unit: marks.distance.distance_unit ?? 'km' },
      achieved_at: lead?.achieved_at ?? null,
      set_id: lead?.set_id ?? null,
      marks: Object.fromEntries(RECORD_KINDS.map((k) => [k, markAnswer(marks[k])])) as ExerciseRecord['marks'],
      ...sourceOf(lead ?? null),
    };
  });
}

const setAnswer = (s: SetFact): LoggedSet => ({ set_id: s.set_id, weight: s.weight, unit: s.unit, weight_lb: lb(s.weight_lb), reps: s.reps, ...timed(s), rpe: s.rpe, warmup: s.warmup, at: s.at });
const newRecordAnswer = (r: NewRecord, previous: number): NewRecordAnswer => ({
  exercise: r.exercise,
  name: r.name,
  kind: r.kind,
  value_lb: lb(r.mark.value_lb),
  previous_lb: lb(previous),
  weight: r.mark.weight,
  unit: r.mark.unit,
  reps: r.mark.reps,
  ...timed(r.mark),
  set_id: r.mark.set_id,
  achieved_at: r.mark.achieved_at,
});

/**
 * The records a session set that are news now: those that beat what the person saw when it ended (the app's record,
 * and each import's that counted then) and that an undo has not changed since: an undone import's record no longer
 * counts, so a record it overshadowed is news again and `previous_lb` falls back to the best of the rest. An import
 * completed after the session does not take back what was told then.
 */
function toldRecords(doc: Records | undefined, records: NewRecord[]): NewRecordAnswer[] {
  return records.flatMap((r) => {
    const imported = Object.entries(r.imported ?? {}).flatMap(([importId, mark]) => (doc?.imports && Object.hasOwn(doc.imports, importId) ? [mark] : []));
    if (imported.some((mark) => !markBeats(r.kind, r.mark, mark))) return [];
    const previous = [...(r.previous_lb === null ? [] : [r.previous_lb]), ...imported.map((mark) => mark.value_lb)];
    // Nothing left to have beaten: the session set the first record there is.
    return previous.length === 0 ? [] : [newRecordAnswer(r, Math.max(...previous))];
  });
}

/**
 * The last session of each exercise before `sessionId`, logged in the app or imported: what the tracker's "previous"
 * column shows and repeat-last-set repeats. Under the key each exercise is read as: the latest of an exercise and
 * those merged into it.
 */
function previousOf(doc: Records | undefined, sessionId: string, merges: ExerciseMergesDoc | undefined) {
  const previous: SessionAnswer['previous'] = {};
  for (const e of recentExercises(doc)) {
    const last = [...e.recent].reverse().find((s) => s.session_id !== sessionId);
    const key = readAsKey(merges, e.exercise);
    const known = Object.hasOwn(previous, key) ? previous[key] : undefined;
    if (last && (!known || last.date > known.date)) previous[key] = { name: known?.name ?? e.name, date: last.date, sets: last.sets.map(setAnswer) };
  }
  return previous;
}

/**
 * One session as the tracker shows it: its sets so far (while open), each under the key it is read as and the name
 * the person gave it, what came before, and what it broke.
 */
export function sessionAnswer(doc: Records | undefined, sessionId: string, merges?: ExerciseMergesDoc): SessionAnswer {
  return {
    session_id: sessionId,
    sets: (doc?.open[sessionId] ?? []).map((s) => ({ ...setAnswer(s), exercise: readAsKey(merges, s.exercise), name: s.said ?? s.name })),
    previous: previousOf(doc, sessionId, merges),
    new_records: toldRecords(doc, doc?.broken.find((b) => b.session_id === sessionId)?.records ?? []),
  };
}

/** The records broken by the user's recent sessions, newest first (the dashboard's Recent Progress). */
export function recentRecords(doc: Records | undefined): RecentRecord[] {
  return [...(doc?.broken ?? [])].reverse().flatMap((b) => toldRecords(doc, b.records).map((r) => ({ ...r, session_id: b.session_id, ended_at: b.ended_at })));
}

/**
 * A plan's exercise with its identity and next session's target, read from the user's recent sessions, the app's and
 * the imports' that count (`recentOf`), through their merges; the reason's dates are the user's (`timeZone`, the
 * profile's).
 */
export function withTarget<W extends { name: string; reps: number | string; target_reps: number }>(doc: Records | undefined, workout: W, timeZone: string, merges?: ExerciseMergesDoc): { exercise: string; kind: ExerciseKind | null } & Target {
  const recentFor = (key: string) => mergedRecent(merges, readAsKey(merges, key), (k) => recentOf(doc, k)?.recent ?? []);
  const { exercise, kind, target_weight_lb, target_weight, target_reps, target_seconds, reason } = exerciseTarget(recentFor, { name: workout.name, reps: workout.reps, targetReps: workout.target_reps }, timeZone);
  const key = readAsKey(merges, exercise);
  return { exercise: key, kind: kindOf(key) ?? kind, target_weight_lb, target_weight, target_reps, target_seconds, reason };
}
