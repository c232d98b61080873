import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import type { ImportedWorkout } from '../../events/imports.js';
import { completeImport, undoImport, startImport, type ImportPlan } from '../../services/command/src/imports/decide.js';
import { importLog } from '../../services/command/src/imports/importLog.js';
import { recordsAnswer } from '../../services/query/src/records/answers.js';
import { recordsProjection } from '../../services/query/src/records/records.projection.js';
import { given, project } from '../support/decider.js';

const NOW = '2026-11-20T10:00:00.000Z';
const workout = (n: number, weight: number): ImportedWorkout => ({
  sessionId: `imp1-w${n}`,
  name: 'Push',
  startedAt: `2019-01-1${n}T10:00:00.000Z`,
  durationMinutes: 60,
  sets: [{ exercise: 'barbell-bench-press', exerciseName: 'Barbell Bench Press', custom: false, weight, unit: 'kg', reps: 5, rpe: null, warmup: false, distance: null, distanceUnit: null, seconds: null }],
});
const plan: ImportPlan = { source: 'strong', workouts: [workout(1, 100)], sets: 1, exercises: 1, from: null, to: null, skipped: 0, unmatched: [], matched: [] };
const started = newEvent('ImportStarted', { importId: 'imp1', userId: 'u1', source: 'strong', contentHash: 'h1', fileName: null, workouts: 1, sets: 1, exercises: 1, from: null, to: null, skipped: 0, startedAt: NOW });
const completed = newEvent('ImportCompleted', { importId: 'imp1', userId: 'u1', completedAt: NOW });
const batch = newEvent('WorkoutsImported', { importId: 'imp1', userId: 'u1', source: 'strong', batch: 0, workouts: [workout(1, 100)] });

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
});

describe('imports: records', () => {
  const logged = [
    newEvent('SetLogged', { sessionId: 's1', userId: 'u1', setId: 's1-s1', exercise: 'barbell-bench-press', exerciseName: 'Barbell Bench Press', custom: false, weight: 90, unit: 'kg', reps: 5, rpe: null, warmup: false, loggedAt: NOW }),
    newEvent('WorkoutSessionEnded', { sessionId: 's1', userId: 'u1', regimenId: 'r', dayNumber: 1, endedAt: NOW, runtimeSeconds: 60, totalDurationMinutes: 1, endedBy: 'ended' }),
  ];
  const bestOf = (events: Parameters<typeof project>[1]) => recordsAnswer(project(recordsProjection, events).get('u1'))[0];
  it('counts an import only once it completes, joins it with the app’s, and takes it back on undo', () => {
    expect(bestOf([...logged, started, batch])!.best_weight).to.deep.equal({ value: 90, unit: 'kg' });
    expect(bestOf([...logged, started, batch, completed])).to.deep.include({ best_weight: { value: 100, unit: 'kg' }, source: 'strong', import_id: 'imp1' });
    expect(bestOf([...logged, started, batch, completed, newEvent('ImportUndone', { importId: 'imp1', userId: 'u1', undoneAt: NOW })])).to.deep.include({ best_weight: { value: 90, unit: 'kg' }, source: 'app' });
  });
});
