import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import type { WeightUnit } from '../../contract/weightUnits.js';
import { recentRecords, recordsAnswer, sessionAnswer } from '../../services/query/src/training/records/answers.js';
import { exerciseRecordsKey, recordsProjection, type ExerciseRecordsDoc } from '../../services/query/src/training/records/records.projection.js';
import { exerciseHistoryKey, exerciseHistoryProjection, historyOf, joinedHistory } from '../../services/query/src/training/records/exerciseHistory.projection.js';
import { project } from '../support/decider.js';
import { recordsOf } from '../support/records.js';

const ann = 'user-ann';
const day = (n: number) => `2026-11-${String(10 + n).padStart(2, '0')}T15:00:00.000Z`;

/** A session of sets: [exercise key, weight, unit, reps, warmup?]. */
function session(id: string, n: number, sets: [string, number, WeightUnit, number, boolean?][], end = true): AppNewEvent[] {
  return [
    ...sets.map(([exercise, weight, unit, reps, warmup], i) =>
      newEvent('SetLogged', { sessionId: id, userId: ann, setId: `${id}-s${i + 1}`, exercise, exerciseName: exercise === 'barbell-bench-press' ? 'Barbell Bench Press' : 'Barbell Back Squat', custom: false, weight, unit, reps, rpe: null, warmup: warmup ?? false, loggedAt: day(n) }),
    ),
    ...(end ? [newEvent('WorkoutSessionEnded', { sessionId: id, userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: day(n), runtimeSeconds: 60, totalDurationMinutes: 1, endedBy: 'ended' })] : []),
  ];
}
/** The bench press history, its months joined as the route joins them. */
const historyDoc = (events: AppNewEvent[]) =>
  joinedHistory([...project(exerciseHistoryProjection, events)].filter(([k]) => k.startsWith(exerciseHistoryKey(ann, 'barbell-bench-press'))).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, d]) => d))!;
const docOf = (events: AppNewEvent[]) => recordsOf(events, ann);
const benchRecord = (events: AppNewEvent[]) => recordsAnswer(docOf(events)).find((r) => r.exercise === 'barbell-bench-press');

describe('records: from sets', () => {
  it('best weight (with its reps), e1RM by Epley, best set volume; warm-ups never count', () => {
    const r = benchRecord(session('a', 1, [['barbell-bench-press', 300, 'lb', 1, true], ['barbell-bench-press', 200, 'lb', 5], ['barbell-bench-press', 180, 'lb', 10], ['barbell-bench-press', 200, 'lb', 3]]))!;
    expect(r).to.include({ best_weight_lb: 200, best_reps_at_weight: 5, best_volume_lb: 1800, set_id: 'a-s3' });
    expect(r.best_e1rm_lb).to.equal(240); // 180 × (1 + 10/30) beats 200 × (1 + 5/30) = 233.33
  });

  it('above 12 reps a set has no e1RM, but still counts for weight and volume', () => {
    const r = benchRecord(session('a', 1, [['barbell-bench-press', 100, 'lb', 20]]))!;
    expect(r).to.include({ best_e1rm_lb: null, best_weight_lb: 100, best_volume_lb: 2000, best_reps_at_weight: 20 });
  });

  it('a tie keeps the record with the set that reached it first, and breaks nothing', () => {
    const events = [...session('a', 1, [['barbell-bench-press', 200, 'lb', 5]]), ...session('b', 2, [['barbell-bench-press', 200, 'lb', 5]])];
    expect(benchRecord(events)).to.include({ set_id: 'a-s1', achieved_at: day(1) });
    expect(sessionAnswer(docOf(events), 'b').new_records).to.deep.equal([]);
  });

  it('the same weight in kg and in lb is one weight; what was entered comes back exactly', () => {
    const kg = benchRecord(session('a', 1, [['barbell-bench-press', 100, 'kg', 5]]))!;
    expect(kg.best_weight).to.deep.equal({ value: 100, unit: 'kg' });
    expect(kg.best_weight_lb).to.equal(220.46);
    // 220.46226218 lb is 100 kg: a tie, so the kg set keeps it and is shown as the 100 kg it was.
    const events = [...session('a', 1, [['barbell-bench-press', 100, 'kg', 5]]), ...session('b', 2, [['barbell-bench-press', 100 / 0.45359237, 'lb', 5]])];
    expect(benchRecord(events)!.best_weight).to.deep.equal({ value: 100, unit: 'kg' });
  });

  it('ending a session says which records it broke; the first session only sets them', () => {
    const first = session('a', 1, [['barbell-bench-press', 200, 'lb', 5]]);
    expect(sessionAnswer(docOf(first), 'a').new_records).to.deep.equal([]);
    const events = [...first, ...session('b', 2, [['barbell-bench-press', 205, 'lb', 5], ['barbell-back-squat', 300, 'lb', 5]])];
    const broken = sessionAnswer(docOf(events), 'b').new_records;
    expect(broken.map((r) => [r.name, r.kind, r.value_lb, r.previous_lb])).to.deep.equal([
      ['Barbell Bench Press', 'e1rm', 239.17, 233.33],
      ['Barbell Bench Press', 'weight', 205, 200],
      ['Barbell Bench Press', 'volume', 1025, 1000],
    ]);
  });

  it('an exercise set aside for months keeps its last session as history; a session writes only its own exercises’ docs', () => {
    // Given a bench session, then 25 sessions of squats alone, and one more squat session going on
    const squats = Array.from({ length: 25 }, (_, i) => session(`sq${i}`, 2, [['barbell-back-squat', 200 + i, 'lb', 5]])).flat();
    const events = [...session('a', 1, [['barbell-bench-press', 200, 'lb', 5]]), ...squats, ...session('open', 3, [['barbell-back-squat', 300, 'lb', 5]], false)];
    const docs = project(recordsProjection, events);
    // Then the bench doc still holds its one session as the latest: no squat set ever touched it
    expect(docs.get(exerciseRecordsKey(ann, 'barbell-bench-press'))).to.deep.include({ latest: { session_id: 'a', position: 1, sets: (docs.get(exerciseRecordsKey(ann, 'barbell-bench-press')) as ExerciseRecordsDoc).latest!.sets, positions: [1] } });
    // And it is read as history (it began before the last end), while the open session's squat is not
    const view = docOf(events);
    expect(sessionAnswer(view, 'open').previous['barbell-bench-press']).to.deep.include({ date: day(1) });
    expect(sessionAnswer(view, 'open').previous['barbell-back-squat']).to.deep.include({ date: day(2) });
    expect(sessionAnswer(view, 'open').sets.map((s) => s.set_id)).to.deep.equal(['open-s1']);
    expect(recordsAnswer(view).find((r) => r.exercise === 'barbell-back-squat')).to.include({ best_weight_lb: 300 });
  });

  it('tells the records of the last 20 ended sessions, of each exercise its latest four, newest first', () => {
    // Given 30 sessions, each of one of five lifts in turn, each beating that lift's weight of the session before
    const lifts = ['barbell-back-squat', 'barbell-bench-press', 'barbell-deadlift', 'overhead-press', 'barbell-row'];
    const turns = Array.from({ length: 30 }, (_, i) => session(`t${i}`, 2, [[lifts[i % 5]!, 100 + i, 'lb', 5]])).flat();
    const told = recentRecords(docOf(turns));
    // Then every session of the last 20 (four of each lift) is told, once, newest first; the ten before are not
    expect([...new Set(told.map((r) => r.session_id))]).to.deep.equal(Array.from({ length: 20 }, (_, i) => `t${29 - i}`));
    expect(sessionAnswer(docOf(turns), 't9').new_records).to.deep.equal([]);
    expect(sessionAnswer(docOf(turns), 't10').new_records.map((r) => [r.kind, r.value_lb, r.previous_lb])).to.deep.include(['weight', 110, 105]);
    // And of one lift done every session, its latest four sessions
    const squats = Array.from({ length: 25 }, (_, i) => session(`sq${i}`, 2, [['barbell-back-squat', 200 + i, 'lb', 5]])).flat();
    expect([...new Set(recentRecords(docOf(squats)).map((r) => r.session_id))]).to.deep.equal(['sq24', 'sq23', 'sq22', 'sq21']);
  });

  it('a deleted set takes its record back', () => {
    const open = [...session('a', 1, [['barbell-bench-press', 200, 'lb', 5]]), ...session('b', 2, [['barbell-bench-press', 250, 'lb', 5]], false)];
    expect(benchRecord(open)).to.include({ best_weight_lb: 250, set_id: 'b-s1' });
    const deleted = [...open, newEvent('SetDeleted', { sessionId: 'b', userId: ann, setId: 'b-s1', exercise: 'barbell-bench-press', loggedAt: day(2), deletedAt: day(2) })];
    expect(benchRecord(deleted)).to.include({ best_weight_lb: 200, set_id: 'a-s1' });
    const history = historyDoc(deleted);
    expect(historyOf(history).map((s) => s.session_id)).to.deep.equal(['a']);
    // And the session then ends without it: nothing broken.
    const endedAfter = [...deleted, ...session('b', 2, [], true)];
    expect(sessionAnswer(docOf(endedAfter), 'b').new_records).to.deep.equal([]);
  });

  it('log-exercise entries count as that many working sets of the lift their name matches', () => {
    const events: AppNewEvent[] = [
      newEvent('ExerciseLogged', { sessionId: 'a', userId: ann, regimenId: 'r1', workoutId: 'd1-e1', name: 'bench press (barbell)', sets: 3, reps: 8, weightLb: 150, notes: null, loggedAt: day(1) }),
      ...session('a', 1, []),
    ];
    expect(benchRecord(events)).to.include({ best_weight_lb: 150, best_reps_at_weight: 8, best_volume_lb: 1200, best_e1rm_lb: 190 });
  });

  it('the history: per session top set, e1RM and working volume, the records marked', () => {
    const events = [
      ...session('a', 1, [['barbell-bench-press', 100, 'lb', 5, true], ['barbell-bench-press', 200, 'lb', 5], ['barbell-bench-press', 200, 'lb', 4]]),
      ...session('b', 2, [['barbell-bench-press', 190, 'lb', 5]]),
      ...session('c', 3, [['barbell-bench-press', 210, 'lb', 5]]),
    ];
    const history = historyOf(historyDoc(events));
    expect(history.map((s) => [s.session_id, s.top_set.weight, s.e1rm_lb, s.volume_lb, s.record])).to.deep.equal([
      ['a', 200, 233.33, 1800, true],
      ['b', 190, 221.67, 950, false],
      ['c', 210, 245, 1050, true],
    ]);
  });

  it("the history keeps each session's part of a month apart: a set rewrites its own, and the parts join in date order", () => {
    // Session ids out of date order, and a session over a month's end.
    const events = [
      ...session('z', 1, [['barbell-bench-press', 200, 'lb', 5]]),
      ...session('a', 2, [['barbell-bench-press', 205, 'lb', 5]]),
      newEvent('SetLogged', { sessionId: 'm', userId: ann, setId: 'm-s1', exercise: 'barbell-bench-press', exerciseName: 'Bench Press (Barbell)', custom: false, weight: 180, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: '2026-11-30T23:50:00.000Z' }),
      newEvent('SetLogged', { sessionId: 'm', userId: ann, setId: 'm-s2', exercise: 'barbell-bench-press', exerciseName: 'Bench Press (Barbell)', custom: false, weight: 215, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: '2026-12-01T00:10:00.000Z' }),
    ];
    const parts = project(exerciseHistoryProjection, events);
    const prefix = exerciseHistoryKey(ann, 'barbell-bench-press');
    expect([...parts.keys()].sort()).to.deep.equal([`${prefix}2026-11/a`, `${prefix}2026-11/m`, `${prefix}2026-11/z`, `${prefix}2026-12/m`]);
    const withOneMore = project(exerciseHistoryProjection, [...events, ...session('a', 2, [['barbell-bench-press', 100, 'lb', 5]], false).map((e) => ({ ...e, data: { ...e.data, setId: 'a-s2' } }) as AppNewEvent)]);
    expect(withOneMore.get(`${prefix}2026-11/z`), "another session's part, as it was").to.deep.equal(parts.get(`${prefix}2026-11/z`));
    const joined = joinedHistory([...parts.values()])!;
    expect(joined.sessions.map((s) => [s.session_id, s.sets.length])).to.deep.equal([['z', 1], ['a', 1], ['m', 2]]);
    expect(joined.name, "the latest part's").to.equal(parts.get(`${prefix}2026-12/m`)!.name);
    // Two sessions at one instant (a clock held still) keep the log's order, whatever their ids.
    const still = [...session('y', 4, [['barbell-bench-press', 100, 'lb', 5]]), ...session('b', 4, [['barbell-bench-press', 110, 'lb', 5]])];
    expect(historyOf(historyDoc(still)).map((s) => [s.session_id, s.record])).to.deep.equal([['y', true], ['b', true]]);
  });
});
