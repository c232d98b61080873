import { expect } from 'chai';
import { newEvent, validateForAppend, type AppNewEvent } from '../../events/catalog.js';
import { TRAINING } from '../../events/bounds.js';
import { FULL_SESSION } from '../../events/session.js';
import { deleteSet, logSet, NO_SUCH_SESSION, NO_SUCH_SET, SESSION_ENDED, type SetEntry } from '../../services/command/src/training/sets/decide.js';
import { entryOfSet, logSetInput } from '../../services/command/src/training/sets/input.js';
import { setLog } from '../../services/command/src/training/sets/setLog.js';
import { catalogExercise, exerciseIdentity, exerciseNamed } from '../../services/domain/training/exerciseIdentity.js';
import { ALSO_CALLED } from '../../services/domain/training/exercises.js';
import { given, stateOf } from '../support/decider.js';

const ann = 'user-ann';
const bob = 'user-bob';
const T0 = '2026-11-18T15:00:00.000Z';
const started = newEvent('WorkoutSessionStarted', { sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, source: 'tracker', startedAt: T0 });
const ended = newEvent('WorkoutSessionEnded', { sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: T0, runtimeSeconds: 0, totalDurationMinutes: 0, endedBy: 'ended' });
const bench: SetEntry = { exercise: exerciseIdentity('Bench Press (Barbell)'), said: 'Bench Press (Barbell)', weight: { value: 100, unit: 'kg' }, reps: 5, rpe: 8, warmup: false };
const logged = (n: number, entry: SetEntry = bench): AppNewEvent =>
  newEvent('SetLogged', { sessionId: 's1', userId: ann, setId: `s1-s${n}`, exercise: entry.exercise.key, exerciseName: entry.said, custom: entry.exercise.custom, ...(entry.weight && { weight: entry.weight.value, unit: entry.weight.unit }), ...(entry.reps !== undefined && { reps: entry.reps }), ...(entry.seconds !== undefined && { seconds: entry.seconds }), ...(entry.distance && { distance: entry.distance.value, distanceUnit: entry.distance.unit }), rpe: entry.rpe, warmup: entry.warmup, loggedAt: T0 });

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

  it('a session holds at most TRAINING.setsPerSession sets, sets taken back counted too', () => {
    const full = Array.from({ length: TRAINING.setsPerSession }, (_, i) => logged(i + 1));
    given(setLog, [started, ...full.slice(1)]).when((s) => logSet(s, { userId: ann, entry: bench, now: T0 })).then([logged(TRAINING.setsPerSession)]);
    given(setLog, [started, ...full]).when((s) => logSet(s, { userId: ann, entry: bench, now: T0 })).thenThrows('conflict', FULL_SESSION);
    const deleted = newEvent('SetDeleted', { sessionId: 's1', userId: ann, setId: 's1-s1', exercise: 'barbell-bench-press', loggedAt: T0, deletedAt: T0 });
    given(setLog, [started, ...full, deleted]).when((s) => logSet(s, { userId: ann, entry: bench, now: T0 })).thenThrows('conflict', FULL_SESSION);
    // An exercise logged whole counts its sets.
    const exercise = newEvent('ExerciseLogged', { sessionId: 's1', userId: ann, regimenId: 'r1', workoutId: 'd1-e1', name: 'Squat', sets: 3, reps: 8, weightLb: 135, notes: null, loggedAt: T0 });
    given(setLog, [started, exercise, ...full.slice(3)]).when((s) => logSet(s, { userId: ann, entry: bench, now: T0 })).thenThrows('conflict', FULL_SESSION);
  });

  it('the body: at most one of weightLb and weightKg, and of distanceKm and distanceMi, kept as given', () => {
    expect(entryOfSet(logSetInput.parse({ sessionId: 's1', exercise: 'Squat', weightKg: 100, reps: 5 }))).to.deep.include({ weight: { value: 100, unit: 'kg' }, warmup: false, rpe: null });
    expect(entryOfSet(logSetInput.parse({ sessionId: 's1', exercise: 'Squat', weightLb: 225, reps: 5, rpe: 8.5, warmup: true }))).to.deep.include({ weight: { value: 225, unit: 'lb' }, warmup: true, rpe: 8.5 });
    const pushUp = entryOfSet(logSetInput.parse({ sessionId: 's1', exercise: 'Push-up', reps: 12 }));
    expect(pushUp).to.not.have.property('weight');
    expect(entryOfSet(logSetInput.parse({ sessionId: 's1', exercise: 'Brisk Walk', seconds: 900, distanceMi: 1 }))).to.deep.include({ seconds: 900, distance: { value: 1, unit: 'mi' } });
    for (const bad of [
      { sessionId: 's1', exercise: 'Squat', weightLb: 1, weightKg: 1, reps: 5 },
      { sessionId: 's1', exercise: 'Squat', weightLb: 100, reps: 0 },
      { sessionId: 's1', exercise: 'Squat', weightLb: 100, reps: 5, rpe: 11 },
      { sessionId: 's1', exercise: '', weightLb: 100, reps: 5 },
      { sessionId: 's1', exercise: 'Brisk Walk', seconds: 900, distanceKm: 1, distanceMi: 1 },
      { sessionId: 's1', exercise: 'Front Plank', seconds: 0 },
      { sessionId: 's1', exercise: 'Front Plank', seconds: 1.5 },
    ]) {
      expect(logSetInput.safeParse(bad).success, JSON.stringify(bad)).to.equal(false);
    }
  });
});

describe('sets: exercise kinds', () => {
  const entry = (name: string, measure: Partial<SetEntry>): SetEntry => ({ exercise: exerciseIdentity(name), said: name, rpe: null, warmup: false, ...measure });
  const loggedAs = (e: SetEntry, extra: Record<string, unknown>): AppNewEvent =>
    newEvent('SetLogged', { sessionId: 's1', userId: ann, setId: 's1-s1', exercise: e.exercise.key, exerciseName: e.said, custom: e.exercise.custom, rpe: e.rpe, warmup: e.warmup, loggedAt: T0, ...extra });

  it('the catalog gives each exercise its kind', () => {
    const kind = (name: string) => catalogExercise(exerciseIdentity(name).key)?.kind;
    expect(kind('Barbell Back Squat')).to.equal('weighted');
    expect(kind('Push-up')).to.equal('bodyweight');
    expect(kind('Glute Bridge')).to.equal('bodyweight');
    expect(kind('Weighted Pull-up')).to.equal('weighted');
    expect(kind('Front Plank')).to.equal('timed');
    expect(kind('Farmer Carry')).to.equal('timed');
    expect(kind('Brisk Walk')).to.equal('distance');
  });

  it('a push-up is logged by its reps alone, and with added load where some was added', () => {
    const bare = entry('Push-up', { reps: 12, rpe: 7 });
    given(setLog, [started]).when((s) => logSet(s, { userId: ann, entry: bare, now: T0 })).then([loggedAs(bare, { reps: 12 })]);
    const loaded = entry('Push-up', { reps: 8, weight: { value: 10, unit: 'kg' } });
    given(setLog, [started]).when((s) => logSet(s, { userId: ann, entry: loaded, now: T0 })).then([loggedAs(loaded, { reps: 8, weight: 10, unit: 'kg' })]);
  });

  it('a plank is logged by its seconds; cardio by its seconds, with a distance in the unit given', () => {
    const plank = entry('Front Plank', { seconds: 45 });
    given(setLog, [started]).when((s) => logSet(s, { userId: ann, entry: plank, now: T0 })).then([loggedAs(plank, { seconds: 45 })]);
    const walk = entry('Brisk Walk', { seconds: 900, distance: { value: 1.2, unit: 'mi' } });
    given(setLog, [started]).when((s) => logSet(s, { userId: ann, entry: walk, now: T0 })).then([loggedAs(walk, { seconds: 900, distance: 1.2, distanceUnit: 'mi' })]);
    const bike = entry('Stationary Bike', { seconds: 1200 });
    given(setLog, [started]).when((s) => logSet(s, { userId: ann, entry: bike, now: T0 })).then([loggedAs(bike, { seconds: 1200 })]);
  });

  it('a set that does not fit its exercise\'s kind is refused, naming what the kind needs', () => {
    const refused = (name: string, measure: Partial<SetEntry>, says: string) =>
      given(setLog, [started]).when((s) => logSet(s, { userId: ann, entry: entry(name, measure), now: T0 })).thenThrows('invalid', says);
    refused('Barbell Back Squat', { reps: 5 }, 'Barbell Back Squat is a weighted exercise: give weightLb or weightKg, and reps');
    refused('Barbell Back Squat', { weight: { value: 100, unit: 'kg' }, reps: 5, seconds: 30 }, 'Barbell Back Squat is counted in reps at a weight: leave out seconds and distance');
    refused('Push-up', { seconds: 30 }, 'Push-up is a body-weight exercise: give reps (and weightLb or weightKg only for added load)');
    refused('Front Plank', { reps: 1 }, 'Front Plank is held for time: give seconds');
    refused('Front Plank', { seconds: 30, reps: 1 }, 'Front Plank is held for time: leave out reps and distance');
    refused('Brisk Walk', { distance: { value: 2, unit: 'km' } }, 'Brisk Walk is cardio: give seconds (and distanceKm or distanceMi)');
    refused('Brisk Walk', { seconds: 900, reps: 1 }, 'Brisk Walk is cardio: leave out reps and weight');
    refused('Zercher Carry', { weight: { value: 20, unit: 'kg' } }, 'Give reps or seconds for Zercher Carry');
    refused('Zercher Carry', { reps: 5, distance: { value: 1, unit: 'km' } }, 'A distance needs the seconds it took');
  });

  it('the person\'s own exercise takes whichever shape they did', () => {
    const hold = entry('Zercher Carry', { seconds: 40, weight: { value: 40, unit: 'kg' } });
    given(setLog, [started]).when((s) => logSet(s, { userId: ann, entry: hold, now: T0 })).then([loggedAs(hold, { seconds: 40, weight: 40, unit: 'kg' })]);
  });

  it('sets logged before kinds (weight, unit and reps on every one) stay valid, and so does a body-weight set without them', () => {
    expect(() => stateOf(setLog, [started, logged(1), loggedAs(entry('Push-up', { reps: 12 }), { reps: 12 })])).to.not.throw();
    expect(() => validateForAppend([logged(1), loggedAs(entry('Push-up', { reps: 12 }), { reps: 12 })])).to.not.throw();
    expect(() => validateForAppend([loggedAs(entry('Push-up', {}), {})]), 'a set with neither reps nor seconds').to.throw('reps');
    expect(() => validateForAppend([loggedAs(entry('Push-up', {}), { reps: 5, weight: 10 })]), 'a weight without its unit').to.throw('unit');
  });
});
