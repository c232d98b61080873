import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import type { ImportedWorkout } from '../../events/imports.js';
import { completeImport, earlierImportOf, planImport, undoImport, startImport, type ImportPlan } from '../../services/command/src/imports/decide.js';
import { parseExport } from '../../services/command/src/imports/parse.js';
import { strongFrench } from './files.js';
import { importLog, type ImportLog } from '../../services/command/src/imports/importLog.js';
import { TRAINING } from '../../events/bounds.js';
import { recentRecords, recordsAnswer, sessionAnswer, withTarget } from '../../services/query/src/training/records/answers.js';
import { RECENT_SESSIONS, recentLifts } from '../../services/domain/training/setFacts.js';
import { recentOf } from '../../services/query/src/training/records/records.projection.js';
import { completedSessions, importedSessionsProjection, type ImportedSessionsDoc } from '../../services/query/src/training/sessions/importedSessions.projection.js';
import { exerciseLogs } from '../../services/query/src/training/sessions/sessionDoc.js';
import { sessionMonthsProjection, type SessionMonthDoc } from '../../services/query/src/training/sessions/sessionMonths.projection.js';
import { userSessions } from '../../services/query/src/training/sessions/sessionHistory.js';
import { given, project, recorded, stateOf } from '../support/decider.js';
import { recordsOf } from '../support/records.js';

const NOW = '2026-11-20T10:00:00.000Z';
const workout = (n: number, weight: number): ImportedWorkout => ({
  sessionId: `imp1-w${n}`,
  name: 'Push',
  startedAt: `2019-01-1${n}T10:00:00.000Z`,
  durationMinutes: 60,
  sets: [{ exercise: 'barbell-bench-press', exerciseName: 'Barbell Bench Press', custom: false, weight, unit: 'kg', reps: 5, rpe: null, warmup: false, distance: null, distanceUnit: null, seconds: null }],
});
const plan: ImportPlan = { source: 'strong', layout: 'Strong', unit: { unit: 'kg', source: 'file', why: '' }, dates: null, notes: 0, dropSets: 0, failureSets: 0, workouts: [workout(1, 100)], sets: 1, exercises: 1, from: null, to: null, skipped: 0, unmatched: [], matched: [] };
const started = newEvent('ImportStarted', { importId: 'imp1', userId: 'u1', source: 'strong', contentHash: 'h1', fileName: null, workouts: 1, sets: 1, exercises: 1, from: null, to: null, skipped: 0, startedAt: NOW });
const completed = newEvent('ImportCompleted', { importId: 'imp1', userId: 'u1', completedAt: NOW });
const batch = newEvent('WorkoutsImported', { importId: 'imp1', userId: 'u1', source: 'strong', batch: 0, workouts: [workout(1, 100)] });

const stateOfLog = (events: Parameters<typeof stateOf>[1]) => stateOf(importLog, events);

describe('imports: deciding', () => {
  it('refuses the same file while an earlier import of it counts, naming it', () => {
    given(importLog, [started, completed])
      .when((s) => startImport(s, { userId: 'u1', importId: 'imp2', plan, contentHash: 'h1', fileName: null, now: NOW }))
      .thenThrows('conflict', /import imp1/);
  });
  it('takes an import back with one event, once; another user’s is a 404', () => {
    given(importLog, [started, completed])
      .when((s) => undoImport(s, { userId: 'u1', importId: 'imp1', now: NOW }))
      .then([newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW })]);
    given(importLog, [started, completed, newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW })])
      .when((s) => undoImport(s, { userId: 'u1', importId: 'imp1', now: NOW }))
      .thenThrows('conflict');
    given(importLog, []).when((s) => undoImport(s, { userId: 'u2', importId: 'imp1', now: NOW })).thenThrows('not_found');
    given(importLog, [started]).when((s) => completeImport(s, { userId: 'u1', importId: 'imp1', now: NOW })).then([completed]);
  });
  it('takes back at once an import that never finished (its process killed mid-way), which can then no longer complete', () => {
    const undone = newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW });
    given(importLog, [started, batch]).when((s) => undoImport(s, { userId: 'u1', importId: 'imp1', now: NOW })).then([undone]);
    given(importLog, [started, undone]).when((s) => completeImport(s, { userId: 'u1', importId: 'imp1', now: NOW })).thenThrows('conflict', /taken back before it finished/);
  });
  it('imports the same file again at once after an import of it that never finished, taking that one back in the same append', () => {
    const fresh = startImport(stateOfLog([started]), { userId: 'u1', importId: 'imp2', plan, contentHash: 'h1', fileName: null, now: NOW });
    given(importLog, [started])
      .when((s) => startImport(s, { userId: 'u1', importId: 'imp2', plan, contentHash: 'h1', fileName: null, now: NOW }))
      .then([newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW }), fresh[fresh.length - 1]!]);
    expect(earlierImportOf(stateOfLog([started]), 'h1')).to.equal(undefined);
  });
  it('refuses a file that would make the imports hold more exercises than they may together, each import counting its own', () => {
    const most = TRAINING.importedExercises;
    const startedWith = (importId: string, contentHash: string, exercises: number) =>
      newEvent('ImportStarted', { importId, userId: 'u1', source: 'strong', contentHash, fileName: null, workouts: 1, sets: 1, exercises, from: null, to: null, skipped: 0, startedAt: NOW });
    const start = (exercises: number, contentHash = 'h9') => (s: ImportLog) => startImport(s, { userId: 'u1', importId: 'imp9', plan: { ...plan, exercises }, contentHash, fileName: null, now: NOW });
    given(importLog, []).when(start(most + 1)).thenThrows('conflict', /names 2,001 different exercises, and your imports may hold at most 2,000 in all: nothing was imported/);
    given(importLog, []).when(start(most)).then([startedWith('imp9', 'h9', most)]);
    // Given a completed import of 1,500 exercises and one still running (not completed) of 400
    const held = [startedWith('imp1', 'h1', 1500), newEvent('ImportCompleted', { importId: 'imp1', userId: 'u1', completedAt: NOW }), startedWith('imp2', 'h2', 400)];
    given(importLog, held).when(start(101)).thenThrows('conflict', /hold 1,900 exercises \(each import counts its own\), and this file's 101 would pass the 2,000/);
    given(importLog, held).when(start(100)).then([startedWith('imp9', 'h9', 100)]);
    // An undone import holds nothing; the running import of the same file is taken back by the import itself.
    given(importLog, [...held, newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW })]).when(start(1600)).then([startedWith('imp9', 'h9', 1600)]);
    given(importLog, held).when(start(500, 'h2')).then([newEvent('ImportUndone', { importId: 'imp2', userId: 'u1', undoneAt: NOW }), startedWith('imp9', 'h2', 500)]);
  });
});

describe('imports: matching the file’s names, as the person chooses', () => {
  const reader = { timeZone: 'UTC', units: 'kg' as const, now: Date.parse(NOW) };
  const setOf = (p: ImportPlan, given: string) => p.workouts.flatMap((w) => w.sets).find((s) => (s.givenName ?? s.exerciseName) === given)!;

  it('keeps a name the catalog matches as the person’s own exercise when they choose, and matches one of theirs to ours, both ways', async () => {
    const file = await parseExport(strongFrench, reader);
    const auto = planImport(file, { importId: 'imp9', remap: {}, taken: new Set() });
    expect(auto.matched.map((m) => m.name)).to.include('Squat (Barbell)');
    expect(auto.unmatched).to.deep.equal(['Bicep Curl (Dumbbell)', 'Lateral Raise (Dumbbell)']);

    const chosen = planImport(file, { importId: 'imp9', remap: { 'Squat (Barbell)': null, 'Lateral Raise (Dumbbell)': 'Seated Dumbbell Lateral Raise' }, taken: new Set() });
    expect(chosen.unmatched).to.deep.equal(['Bicep Curl (Dumbbell)', 'Squat (Barbell)']);
    expect(chosen.matched.find((m) => m.name === 'Lateral Raise (Dumbbell)')).to.deep.equal({ name: 'Lateral Raise (Dumbbell)', exercise: 'seated-dumbbell-lateral-raise', catalogName: 'Seated Dumbbell Lateral Raise' });
    // Kept as typed: a custom exercise under the file's name, which then needs no given name beside it.
    const squat = setOf(chosen, 'Squat (Barbell)');
    expect(squat).to.include({ exercise: 'custom-barbell-squat', exerciseName: 'Squat (Barbell)', custom: true });
    expect(squat).to.not.have.property('givenName');
    // Both lateral raises are now the one catalog exercise.
    expect([auto.exercises, chosen.exercises]).to.deep.equal([5, 4]);
  });
});

describe('imports: records', () => {
  const logged = [
    newEvent('SetLogged', { sessionId: 's1', userId: 'u1', setId: 's1-s1', exercise: 'barbell-bench-press', exerciseName: 'Barbell Bench Press', custom: false, weight: 90, unit: 'kg', reps: 5, rpe: null, warmup: false, loggedAt: NOW }),
    newEvent('WorkoutSessionEnded', { sessionId: 's1', userId: 'u1', regimenId: 'r', dayNumber: 1, endedAt: NOW, runtimeSeconds: 60, totalDurationMinutes: 1, endedBy: 'ended' }),
  ];
  const bestOf = (events: Parameters<typeof project>[1]) => recordsAnswer(recordsOf(events, 'u1'))[0];
  it('counts an import only once it completes, joins it with the app’s, and takes it back on undo', () => {
    expect(bestOf([...logged, started, batch])!.best_weight).to.deep.equal({ value: 90, unit: 'kg' });
    expect(bestOf([...logged, started, batch, completed])).to.deep.include({ best_weight: { value: 100, unit: 'kg' }, source: 'strong', import_id: 'imp1' });
    expect(bestOf([...logged, started, batch, completed, newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW })])).to.deep.include({ best_weight: { value: 90, unit: 'kg' }, source: 'app' });
  });
});

describe('imports: "new record" news measures a session against the records the person sees', () => {
  const squat = (sessionId: string, weight: number, at: string) => [
    newEvent('SetLogged', { sessionId, userId: 'u1', setId: `${sessionId}-s1`, exercise: 'barbell-squat', exerciseName: 'Barbell Squat', custom: false, weight, unit: 'kg', reps: 1, rpe: null, warmup: false, loggedAt: at }),
    newEvent('WorkoutSessionEnded', { sessionId, userId: 'u1', regimenId: 'r', dayNumber: 1, endedAt: at, runtimeSeconds: 60, totalDurationMinutes: 1, endedBy: 'ended' }),
  ];
  const importOf = (importId: string, weight: number) => {
    const w: ImportedWorkout = { ...workout(1, weight), sessionId: `${importId}-w1`, sets: [{ ...workout(1, weight).sets[0]!, exercise: 'barbell-squat', exerciseName: 'Barbell Squat', reps: 1 }] };
    return [
      { ...started, data: { ...started.data, importId } },
      newEvent('WorkoutsImported', { importId, userId: 'u1', source: 'strong', batch: 0, workouts: [w] }),
    ];
  };
  const completedOf = (importId: string) => newEvent('ImportCompleted', { importId, userId: 'u1', completedAt: NOW });
  const undoneOf = (importId: string) => newEvent('ImportUndone', { importId, userId: 'u1', undoneAt: NOW });
  /** What the tracker tells at the end of a session, and the dashboard's Recent Progress, as `kind value (previous)`. */
  const news = (events: Parameters<typeof project>[1], sessionId: string) => {
    const doc = recordsOf(events, 'u1');
    const told = sessionAnswer(doc, sessionId).new_records.map((r) => `${r.kind} ${r.weight} kg (${r.previous_lb} lb)`);
    expect(recentRecords(doc).filter((r) => r.session_id === sessionId).map((r) => `${r.kind} ${r.weight} kg (${r.previous_lb} lb)`)).to.deep.equal(told);
    return told;
  };
  const baseline = squat('s1', 100, '2026-11-01T10:00:00.000Z');

  it('an imported 150 kg squat makes a 120 kg one no record; undone, it is news against the app’s 100 kg again', () => {
    // Given 100 kg in the app, then an import of 150 kg, completed, then 120 kg in the app
    const events = [...baseline, ...importOf('imp1', 150), completedOf('imp1'), ...squat('s2', 120, '2026-11-08T10:00:00.000Z')];
    // Then the 120 kg session is told no record
    expect(news(events, 's2')).to.deep.equal([]);
    // And once the import is undone, it is: against the app's 100 kg (220.46 lb)
    expect(news([...events, undoneOf('imp1')], 's2')).to.deep.equal(['e1rm 120 kg (220.46 lb)', 'weight 120 kg (220.46 lb)', 'volume 120 kg (220.46 lb)']);
  });

  it('a session beating an imported record is news against it, and against the rest once that import is undone', () => {
    const events = [...baseline, ...importOf('imp1', 150), completedOf('imp1'), ...squat('s2', 160, '2026-11-08T10:00:00.000Z')];
    expect(news(events, 's2')).to.include('weight 160 kg (330.69 lb)');
    expect(news([...events, undoneOf('imp1')], 's2')).to.include('weight 160 kg (220.46 lb)');
  });

  it('a first session in the app is news where an import holds a record it beats, and a baseline where none does', () => {
    expect(news([...importOf('imp1', 100), completedOf('imp1'), ...squat('s1', 110, NOW)], 's1')).to.include('weight 110 kg (220.46 lb)');
    expect(news([...importOf('imp1', 120), completedOf('imp1'), ...squat('s1', 110, NOW)], 's1')).to.deep.equal([]);
    expect(news([...importOf('imp1', 100), completedOf('imp1'), undoneOf('imp1'), ...squat('s1', 110, NOW)], 's1')).to.deep.equal([]);
  });

  it('an import not completed when the session ends counts for nothing, and one completed later takes nothing back', () => {
    const events = [...baseline, ...importOf('imp1', 150), ...squat('s2', 120, '2026-11-08T10:00:00.000Z')];
    expect(news(events, 's2')).to.include('weight 120 kg (220.46 lb)');
    expect(news([...events, completedOf('imp1')], 's2')).to.include('weight 120 kg (220.46 lb)');
  });
});

describe('imports: imported sets are history like the app’s: previous values, repeat-last-set and targets', () => {
  const lift = { exercise: 'incline-dumbbell-press', exerciseName: 'Incline Dumbbell Press', custom: false, unit: 'kg' as const, rpe: null, distance: null, distanceUnit: null, seconds: null };
  /** The `n`th workout of imp1: a 15 kg warm-up, then working sets of `reps` at `weight` kg, started on `day`. */
  const incline = (n: number, day: string, weight: number, reps: number[]): ImportedWorkout => ({
    sessionId: `imp1-w${n}`,
    name: 'Push',
    startedAt: `${day}T10:00:00.000Z`,
    durationMinutes: 60,
    sets: [{ ...lift, weight: 15, reps: 10, warmup: true }, ...reps.map((r) => ({ ...lift, weight, reps: r, warmup: false }))],
  });
  const batchesOf = (...batches: ImportedWorkout[][]) => [started, ...batches.map((workouts, batch) => newEvent('WorkoutsImported', { importId: 'imp1', userId: 'u1', source: 'strong', batch, workouts }))];
  const undone = newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW });
  /** Sets in the app, in lb, on a session ended the same day. */
  const appSession = (sessionId: string, at: string, weight: number, reps: number[]) => [
    ...reps.map((r, i) => newEvent('SetLogged', { sessionId, userId: 'u1', setId: `${sessionId}-s${i + 1}`, exercise: 'incline-dumbbell-press', exerciseName: 'Incline Dumbbell Press', custom: false, weight, unit: 'lb', reps: r, rpe: null, warmup: false, loggedAt: at })),
    newEvent('WorkoutSessionEnded', { sessionId, userId: 'u1', regimenId: 'r', dayNumber: 1, endedAt: at, runtimeSeconds: 60, totalDurationMinutes: 1, endedBy: 'ended' }),
  ];
  /** What the tracker shows on a session open now: the previous column (and its date), what "Repeat last set" logs, the target. */
  const tracker = (events: Parameters<typeof project>[1]) => {
    const doc = recordsOf(events, 'u1');
    const previous = sessionAnswer(doc, 'open').previous['incline-dumbbell-press'];
    const said = (s: { weight: number; unit: string; reps: number; warmup: boolean }) => `${s.weight} ${s.unit} × ${s.reps}${s.warmup ? ' (W)' : ''}`;
    // The tracker's repeat-last-set, with nothing logged yet on the open session: the previous column's first working set (SetLogger.tsx).
    const repeat = previous?.sets.find((s) => !s.warmup);
    return {
      previous: previous && `${previous.date.slice(0, 10)}: ${previous.sets.map(said).join(', ')}`,
      repeat: repeat && said(repeat),
      target: withTarget(doc, { name: 'Incline Dumbbell Press', reps: '8-12', target_reps: 8 }, 'UTC'),
    };
  };
  // Batches need not come in date order: the latest by date count.
  const imported = batchesOf([incline(3, '2019-01-15', 30, [12, 12, 12]), incline(1, '2019-01-11', 30, [12, 12, 11])], [incline(2, '2019-01-13', 30, [12, 12, 12])]);

  it('shows the last imported workout as previous, repeats its first working set, and targets from the last two, in kg', () => {
    // Given a completed import of three workouts of the lift, nothing of it logged in the app
    const seen = tracker([...imported, completed]);
    // Then the previous column holds the latest imported workout's sets as the file had them, dated by its start
    expect(seen.previous).to.equal('2019-01-15: 15 kg × 10 (W), 30 kg × 12, 30 kg × 12, 30 kg × 12');
    expect(seen.repeat).to.equal('30 kg × 12');
    // And the target and its reason come from the last two imported workouts, in their unit
    expect(seen.target).to.deep.include({ exercise: 'incline-dumbbell-press', target_weight: { value: 32.5, unit: 'kg' }, target_reps: 8 });
    expect(seen.target.reason).to.equal('3×12 at 30 kg on Jan 13 and Jan 15: every set reached 12 reps twice → try 32.5 kg for 8–12 reps.');
  });

  it('counts nothing of an import until it completes', () => {
    const seen = tracker(imported);
    expect(seen).to.deep.include({ previous: undefined, repeat: undefined });
    expect(seen.target.reason).to.equal('No working sets of Incline Dumbbell Press logged yet: pick a weight you can lift 8–12 times with good form.');
  });

  it('puts imported and app sessions on one timeline by date, and falls back to the app’s once the import is undone', () => {
    // Given the import, then a session in the app today: 3×12 at 65 lb
    const events = [...imported, completed, ...appSession('a1', NOW, 65, [12, 12, 12])];
    const seen = tracker(events);
    // Then previous is the app's session, the newest; the target reads it with the last imported workout before it
    expect(seen.previous).to.equal('2026-11-20: 65 lb × 12, 65 lb × 12, 65 lb × 12');
    expect(seen.target.reason).to.equal('3×12 at 30 kg on Jan 15 and 3×12 at 65 lb on Nov 20: every set reached 12 reps twice → try 70 lb for 8–12 reps.');
    // When the import is undone, only the app's session is left
    const after = tracker([...events, undone]);
    expect(after.previous).to.equal('2026-11-20: 65 lb × 12, 65 lb × 12, 65 lb × 12');
    expect(after.target.reason).to.equal('3×12 at 65 lb on Nov 20 → stay at 65 lb and aim for 12 reps a set.');
    // And an import holding workouts newer than the app's session is what previous shows, until it too is undone
    const newer = [...appSession('a0', '2019-01-01T10:00:00.000Z', 50, [10, 10]), ...imported, completed];
    expect(tracker(newer).previous).to.equal('2019-01-15: 15 kg × 10 (W), 30 kg × 12, 30 kg × 12, 30 kg × 12');
    expect(tracker([...newer, undone]).previous).to.equal('2019-01-01: 50 lb × 10, 50 lb × 10');
    expect(tracker([...newer, undone]).target.reason).to.equal('2×10 at 50 lb on Jan 1 → stay at 50 lb and aim for 11 reps a set.');
  });

  it('gives the chat, folding the log, the same sessions the tracker reads', () => {
    const app = appSession('a1', NOW, 65, [12, 12, 12]);
    for (const events of [[...imported, completed], imported, [...imported, completed, ...app], [...imported, completed, ...app, undone], [...app, ...imported, completed]]) {
      const fromLog = recentLifts(recorded(events)).get('incline-dumbbell-press');
      expect(fromLog).to.deep.equal(recentOf(recordsOf(events, 'u1'), 'incline-dumbbell-press'));
    }
    expect(recentLifts(recorded([...imported, completed])).get('incline-dumbbell-press')!.recent.map((s) => s.session_id)).to.deep.equal(['imp1-w2', 'imp1-w3']);
  });

  it('keeps as few sessions of each exercise per import as the app keeps, however long the file', () => {
    const year = Array.from({ length: 50 }, (_, i) => incline(i + 1, new Date(Date.UTC(2019, 0, 1 + 7 * i)).toISOString().slice(0, 10), 30, [10, 10, 10]));
    const doc = recordsOf([...batchesOf(year.slice(0, 25), year.slice(25)), completed], 'u1');
    expect(doc.imports.imp1!.exercises['incline-dumbbell-press']!.recent.map((s) => s.session_id)).to.deep.equal(year.slice(-RECENT_SESSIONS).map((w) => w.sessionId));
  });
});

describe('imports: sessions in docs of their own', () => {
  const batchOf = (n: number, workouts: ImportedWorkout[]) => newEvent('WorkoutsImported', { importId: 'imp1', userId: 'u1', source: 'strong', batch: n, workouts });
  const undone = newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW });
  const appSession = [
    newEvent('WorkoutSessionStarted', { sessionId: 's1', userId: 'u1', regimenId: 'r', dayNumber: 1, source: 'tracker', startedAt: '2026-11-19T08:00:00.000Z' }),
    newEvent('ExerciseLogged', { sessionId: 's1', userId: 'u1', regimenId: 'r', workoutId: 'w', name: 'Squat', sets: 3, reps: 5, weightLb: 200, notes: null, loggedAt: '2026-11-19T08:10:00.000Z' }),
    newEvent('WorkoutSessionEnded', { sessionId: 's1', userId: 'u1', regimenId: 'r', dayNumber: 1, endedAt: '2026-11-19T09:00:00.000Z', runtimeSeconds: 3600, totalDurationMinutes: 60, endedBy: 'ended' }),
  ];
  const importDocs = (events: Parameters<typeof project>[1]) => [...project(importedSessionsProjection, events)].sort(([a], [b]) => (a < b ? -1 : 1)) as [string, ImportedSessionsDoc][];
  const monthDocs = (events: Parameters<typeof project>[1]) => [...project(sessionMonthsProjection, events).values()] as SessionMonthDoc[];
  /** The whole Exercise Log, newest first: the app's sessions by month with the imported docs laid in. */
  const logOf = (events: Parameters<typeof project>[1]) => exerciseLogs([...userSessions(monthDocs(events), importDocs(events).map(([, doc]) => doc)).history].reverse());

  it("writes each batch to a doc of its own, under the user, the import and its latest start's month; the sessions' months read no import event", () => {
    // Given an import of two batches, the second's workouts over a month's end, completed
    const february = { ...workout(3, 110), sessionId: 'imp1-w3', startedAt: '2019-02-01T10:00:00.000Z' };
    const events = [...appSession, started, batchOf(0, [workout(1, 100)]), batchOf(1, [workout(2, 105), february]), completed];
    // Then each batch is one doc, keyed by the month of its latest start, and the completion one more beside them
    expect(importDocs(events).map(([key]) => key)).to.deep.equal(['u1/imp1/2019-01/b000000', 'u1/imp1/2019-02/b000001', 'u1/imp1/completed']);
    expect(importDocs(events)[1]![1]).to.deep.include({ user_id: 'u1', import_id: 'imp1', batch: 1 });
    // And the user's sessions' months are what the app alone made of them
    for (const type of ['ImportStarted', 'WorkoutsImported', 'ImportCompleted', 'ImportUndone'] as const) expect(sessionMonthsProjection.handles).not.to.include(type);
    expect(monthDocs(events)).to.deep.equal(monthDocs(appSession));
  });

  it('shows an import only once it completes, among the app’s sessions by start time, and takes it back whole on undo', () => {
    const batches = [started, batchOf(0, [workout(2, 105)]), batchOf(1, [workout(1, 100)])];
    // Given an import cut short: its batches are written, its completion is not
    expect(logOf([...appSession, ...batches]).map((s) => s.session_id)).to.deep.equal(['s1']);
    expect(completedSessions(importDocs([...appSession, ...batches]).map(([, d]) => d))).to.deep.equal([]);
    // When it completes, its sessions join the log by start time, each marked with its source
    const log = logOf([...appSession, ...batches, completed]);
    expect(log.map((s) => s.session_id)).to.deep.equal(['s1', 'imp1-w2', 'imp1-w1']);
    expect(log[1]).to.deep.include({ imported_from: 'strong', import_id: 'imp1', name: 'Push', start_time: '2019-01-12T10:00:00.000Z' });
    expect(log[1]!.exercises).to.deep.equal([{ workout_id: 'barbell-bench-press', workout_name: 'Barbell Bench Press', sets: 1, reps_per_set: 5, weight_used_lb: 231.49, weight: 105, unit: 'kg' }]);
    // And one undo event erases every doc of the import
    expect(importDocs([...appSession, ...batches, completed, undone])).to.deep.equal([]);
    expect(logOf([...appSession, ...batches, completed, undone]).map((s) => s.session_id)).to.deep.equal(['s1']);
  });

  it('shows an imported workout’s notes, a set’s note and its drop or failure kind in the Exercise Log, a drop or failure set an entry of its own', () => {
    const noted: ImportedWorkout = {
      ...workout(1, 100),
      notes: 'felt "strong"\nslept well',
      sets: [
        { ...workout(1, 100).sets[0]!, notes: 'belt on' },
        { ...workout(1, 100).sets[0]! },
        { ...workout(1, 100).sets[0]!, weight: 80, setType: 'drop' },
        { ...workout(1, 100).sets[0]!, weight: 100, setType: 'failure', reps: 3 },
      ],
    };
    const [session] = logOf([started, batchOf(0, [noted]), completed]);
    expect(session).to.deep.include({ name: 'Push', notes: 'felt "strong"\nslept well' });
    expect(session!.exercises.map((e) => `${e.sets}x${e.reps_per_set} ${e.weight} ${e.set_type ?? ''} ${e.notes ?? ''}`.trim())).to.deep.equal(['2x5 100  belt on', '1x5 80 drop', '1x3 100 failure']);
  });

  it('erases them with the account', () => {
    const events = [started, batchOf(0, [workout(1, 100)]), completed, newEvent('AccountDeleted', { userId: 'u1', deletedAt: NOW })];
    expect(importDocs(events)).to.deep.equal([]);
  });
});
