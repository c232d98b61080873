import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { deleteSet, logSet, NO_SUCH_SESSION, NO_SUCH_SET, SESSION_ENDED, type SetEntry } from '../../services/command/src/training/sets/decide.js';
import { entryOfSet, logSetInput } from '../../services/command/src/training/sets/input.js';
import { setLog } from '../../services/command/src/training/sets/setLog.js';
import { catalogExercise, exerciseIdentity, exerciseNamed } from '../../services/domain/training/exerciseIdentity.js';
import { ALSO_CALLED } from '../../services/domain/training/exercises.js';
import { given } from '../support/decider.js';

const ann = 'user-ann';
const bob = 'user-bob';
const T0 = '2026-11-18T15:00:00.000Z';
const started = newEvent('WorkoutSessionStarted', { sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, source: 'tracker', startedAt: T0 });
const ended = newEvent('WorkoutSessionEnded', { sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: T0, runtimeSeconds: 0, totalDurationMinutes: 0, endedBy: 'ended' });
const bench: SetEntry = { exercise: exerciseIdentity('Bench Press (Barbell)'), said: 'Bench Press (Barbell)', weight: 100, unit: 'kg', reps: 5, rpe: 8, warmup: false };
const logged = (n: number, entry: SetEntry = bench): AppNewEvent =>
  newEvent('SetLogged', { sessionId: 's1', userId: ann, setId: `s1-s${n}`, exercise: entry.exercise.key, exerciseName: entry.said, custom: entry.exercise.custom, weight: entry.weight, unit: entry.unit, reps: entry.reps, rpe: entry.rpe, warmup: entry.warmup, loggedAt: T0 });

describe('sets: exercise identity', () => {
  it('one catalog lift whatever the case, order, brackets or equipment spelling', () => {
    for (const typed of ['Bench Press (Barbell)', 'barbell bench press', 'BARBELL  BENCH PRESS', 'bench press, barbell', 'BB Bench Press']) {
      expect(exerciseIdentity(typed), typed).to.deep.equal({ key: 'barbell-bench-press', name: 'Barbell Bench Press', custom: false });
    }
    expect(exerciseIdentity('Dumbbells Bench Press').name).to.equal('Dumbbell Bench Press');
    expect(exerciseIdentity('pullup').name).to.equal('Pull-up');
  });

  it('other apps\' names and lifters\' short names reach the catalog exercise, in any of their spellings', () => {
    for (const typed of ['Squat (Barbell)', 'squat (barbell)', 'Barbell Squat', 'Back Squat', 'barbell back squat', 'Back Squat (Barbell)']) {
      expect(exerciseIdentity(typed), typed).to.deep.equal({ key: 'barbell-back-squat', name: 'Barbell Back Squat', custom: false });
    }
    expect(exerciseIdentity('Deadlift (Barbell)').name).to.equal('Conventional Deadlift');
    expect(exerciseIdentity('Lat Pulldown (Cable)').name).to.equal('Lat Pulldown');
  });

  it('every other name reaches its own exercise, never another catalog exercise', () => {
    for (const [name, others] of Object.entries(ALSO_CALLED)) {
      expect(catalogExercise(exerciseIdentity(name).key)?.name, name).to.equal(name);
      for (const other of others) expect(exerciseIdentity(other).name, other).to.equal(name);
    }
  });

  it('a plan line is read by the same rule, its bracketed detail aside', () => {
    expect(exerciseNamed('Squat (Barbell)')?.name).to.equal('Barbell Back Squat');
    expect(exerciseNamed('Front Plank (30 s hold)')?.name).to.equal('Front Plank');
  });

  it('a name outside the catalog is the user own exercise, kept as typed', () => {
    expect(exerciseIdentity(' Zercher  Squat ')).to.deep.equal({ key: 'custom-squat-zercher', name: 'Zercher Squat', custom: true });
    expect(exerciseIdentity('zercher squat').key).to.equal('custom-squat-zercher');
  });
});

describe('sets: deciders', () => {
  it('a set is logged in the unit it was entered, numbered in its session', () => {
    given(setLog, [started, logged(1)])
      .when((s) => logSet(s, { userId: ann, entry: bench, now: T0 }))
      .then([logged(2)]);
  });

  it('another user, an unknown or an ended session cannot take a set', () => {
    given(setLog, [started]).when((s) => logSet(s, { userId: bob, entry: bench, now: T0 })).thenThrows('not_found', NO_SUCH_SESSION);
    given(setLog, []).when((s) => logSet(s, { userId: ann, entry: bench, now: T0 })).thenThrows('not_found', NO_SUCH_SESSION);
    given(setLog, [started, ended]).when((s) => logSet(s, { userId: ann, entry: bench, now: T0 })).thenThrows('conflict', SESSION_ENDED);
  });

  it('a set is deleted only while its session is open, once, by its owner; numbers are not reused', () => {
    const deleted = newEvent('SetDeleted', { sessionId: 's1', userId: ann, setId: 's1-s1', exercise: 'barbell-bench-press', loggedAt: T0, deletedAt: T0 });
    given(setLog, [started, logged(1)]).when((s) => deleteSet(s, { userId: ann, setId: 's1-s1', now: T0 })).then([deleted]);
    given(setLog, [started, logged(1), deleted]).when((s) => deleteSet(s, { userId: ann, setId: 's1-s1', now: T0 })).thenThrows('not_found', NO_SUCH_SET);
    given(setLog, [started, logged(1)]).when((s) => deleteSet(s, { userId: bob, setId: 's1-s1', now: T0 })).thenThrows('not_found', NO_SUCH_SET);
    given(setLog, [started, logged(1), ended]).when((s) => deleteSet(s, { userId: ann, setId: 's1-s1', now: T0 })).thenThrows('conflict', SESSION_ENDED);
    given(setLog, [started, logged(1), deleted]).when((s) => logSet(s, { userId: ann, entry: bench, now: T0 })).then([logged(2)]);
  });

  it('the body: exactly one of weightLb and weightKg, kept as given', () => {
    expect(entryOfSet(logSetInput.parse({ sessionId: 's1', exercise: 'Squat', weightKg: 100, reps: 5 }))).to.include({ weight: 100, unit: 'kg', warmup: false, rpe: null });
    expect(entryOfSet(logSetInput.parse({ sessionId: 's1', exercise: 'Squat', weightLb: 225, reps: 5, rpe: 8.5, warmup: true }))).to.include({ weight: 225, unit: 'lb', warmup: true, rpe: 8.5 });
    for (const bad of [
      { sessionId: 's1', exercise: 'Squat', reps: 5 },
      { sessionId: 's1', exercise: 'Squat', weightLb: 1, weightKg: 1, reps: 5 },
      { sessionId: 's1', exercise: 'Squat', weightLb: 100, reps: 0 },
      { sessionId: 's1', exercise: 'Squat', weightLb: 100, reps: 5, rpe: 11 },
      { sessionId: 's1', exercise: '', weightLb: 100, reps: 5 },
    ]) {
      expect(logSetInput.safeParse(bad).success, JSON.stringify(bad)).to.equal(false);
    }
  });
});
