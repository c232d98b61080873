import { expect } from 'chai';
import { TRAINING } from '../../events/bounds.js';
import { newEvent } from '../../events/catalog.js';
import { ownExercisesStream } from '../../events/streams.js';
import { exerciseIdentity } from '../../services/domain/training/exerciseIdentity.js';
import { TOO_MANY_OWN } from '../../services/command/src/training/exercises/decide.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriber, type Client } from '../workouts/client.js';

const benchPlan = samplePlan({
  name: 'Bench day',
  workouts: [{ day: 1, summary: 'Push', exercises: [{ name: 'Barbell Bench Press', sets: 3, reps: '8-12', duration: 90 }] }],
});

describe('sets and records over HTTP', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  async function sessionOn(who: Client, regimenId: string) {
    const started = await who.post('/api/workout-session/start', { regimenId });
    expect(started.status).to.equal(201);
    return started.body.sessionId as string;
  }
  const end = (who: Client, sessionId: string) => who.put('/api/workout-session/end', { sessionId, totalDuration: 30, completedExercises: [] });
  const logSet = (who: Client, body: Record<string, unknown>) => who.post('/api/workout-session/log-set', body);

  it('refuses a set past the session\'s bound with a 409 that says so, and appends nothing; the next session takes sets again', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan(benchPlan);
    const s1 = await sessionOn(ann, regimenId);
    for (let i = 0; i < TRAINING.setsPerSession; i += 1) expect((await logSet(ann, { sessionId: s1, exercise: 'Bench Press (Barbell)', weightLb: 100, reps: 5 })).status).to.equal(201);
    const head = await server.system.events.headPosition();
    const refused = await logSet(ann, { sessionId: s1, exercise: 'Bench Press (Barbell)', weightLb: 100, reps: 5 });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(`A workout session holds at most ${TRAINING.setsPerSession} sets: end it and start another`);
    expect(await server.system.events.headPosition()).to.equal(head);
    expect((await end(ann, s1)).status).to.equal(200);
    const s2 = await sessionOn(ann, regimenId);
    expect((await logSet(ann, { sessionId: s2, exercise: 'Bench Press (Barbell)', weightLb: 100, reps: 5 })).status).to.equal(201);
  });

  it('names an exercise of one\'s own once, at its first set, and refuses a new one past the most one person may have, appending nothing', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan(benchPlan);
    const s1 = await sessionOn(ann, regimenId);
    const namedOf = async () => (await server.system.events.readStream(ownExercisesStream(ann.userId))).filter((e) => e.type === 'CustomExerciseNamed').map((e) => (e.data as { exercise: string }).exercise);
    for (const exercise of ['Zercher Carry', 'zercher carry', 'Bench Press (Barbell)', 'Zercher Carry']) expect((await logSet(ann, { sessionId: s1, exercise, weightLb: 100, reps: 5 })).status).to.equal(201);
    expect(await namedOf()).to.deep.equal([exerciseIdentity('Zercher Carry').key]);
    // Given as many named as one person may have
    const more = Array.from({ length: TRAINING.customExercises - 1 }, (_, i) => newEvent('CustomExerciseNamed', { userId: ann.userId, exercise: exerciseIdentity(`Made Up ${i}`).key, namedAt: new Date().toISOString() }));
    await server.system.events.append(ownExercisesStream(ann.userId), more, 'any');
    const head = await server.system.events.headPosition();
    const refused = await logSet(ann, { sessionId: s1, exercise: 'One Too Many', weightLb: 100, reps: 5 });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(TOO_MANY_OWN);
    expect(refused.body.message).to.match(/^You have 1,000 exercises of your own/);
    expect(await server.system.events.headPosition()).to.equal(head);
    // The exercises already named, and the catalog's, are logged as ever.
    for (const exercise of ['Zercher Carry', 'Made Up 7', 'Barbell Back Squat']) expect((await logSet(ann, { sessionId: s1, exercise, weightLb: 100, reps: 5 })).status, exercise).to.equal(201);
  });

  it('logs sets one by one, takes one back, and the records follow; only the owner, only while open', async () => {
    const ann = await subscriber(server);
    const bob = await subscriber(server);
    const regimenId = await ann.savePlan(benchPlan);
    const s1 = await sessionOn(ann, regimenId);

    const first = await logSet(ann, { sessionId: s1, exercise: 'Bench Press (Barbell)', weightLb: 200, reps: 5, rpe: 8 });
    expect(first.status).to.equal(201);
    expect(first.body).to.include({ setId: `${s1}-s1`, setNumber: 1, exercise: 'barbell-bench-press', exerciseName: 'Barbell Bench Press' });
    expect(first.body.position).to.be.a('number');
    expect((await logSet(ann, { sessionId: s1, exercise: 'barbell bench press', weightLb: 100, reps: 8, warmup: true })).body.setNumber).to.equal(2);

    // Bad input and other users change nothing.
    const head = await server.system.events.headPosition();
    for (const [who, body, status] of [
      [ann, { sessionId: s1, exercise: 'Barbell Bench Press', reps: 5 }, 400],
      [ann, { sessionId: s1, exercise: 'Bench', weightLb: 5, weightKg: 5, reps: 5 }, 400],
      [ann, { sessionId: s1, exercise: 'Bench', weightLb: 5, reps: 5, rpe: 12 }, 400],
      [bob, { sessionId: s1, exercise: 'Bench', weightLb: 5, reps: 5 }, 404],
    ] as const) {
      expect((await logSet(who, body)).status, JSON.stringify(body)).to.equal(status);
    }
    expect((await bob.del(`/api/workout-session/sets/${s1}-s1`)).status).to.equal(404);
    expect((await ann.del('/api/workout-session/sets/not-a-set')).status).to.equal(404);
    expect(await server.system.events.headPosition()).to.equal(head);

    const records = await ann.get('/api/records');
    expect(records.body).to.have.length(1);
    expect(records.body[0]).to.include({ exercise: 'barbell-bench-press', name: 'Barbell Bench Press', best_weight_lb: 200, best_reps_at_weight: 5, best_volume_lb: 1000, set_id: `${s1}-s1` });
    expect((await bob.get('/api/records')).body).to.deep.equal([]);

    // A heavier set, then taken back: the record goes back to the set before it.
    const heavy = await logSet(ann, { sessionId: s1, exercise: 'Barbell Bench Press', weightLb: 250, reps: 3 });
    expect((await ann.get('/api/records')).body[0]).to.include({ best_weight_lb: 250 });
    const deleted = await ann.del(`/api/workout-session/sets/${heavy.body.setId}`);
    expect(deleted.status).to.equal(200);
    expect((await ann.get('/api/records')).body[0]).to.include({ best_weight_lb: 200, set_id: `${s1}-s1` });
    expect((await ann.del(`/api/workout-session/sets/${heavy.body.setId}`)).status).to.equal(404);

    // The dashboard's "N exercises logged": one lift, whatever its spelling; the warm-up adds nothing.
    expect((await ann.get('/api/workouts/active-session')).body).to.include({ exercises_logged: 1 });
    const session = (await ann.get(`/api/records/sessions/${s1}`)).body;
    expect(session.sets.map((s: { set_id: string }) => s.set_id)).to.deep.equal([`${s1}-s1`, `${s1}-s2`]);

    expect((await end(ann, s1)).status).to.equal(200);
    // The Exercise Log reads the session like any other: the working sets, neither the warm-up nor the deleted one.
    expect((await ann.get('/api/exercise-logs')).body[0].exercises).to.deep.equal([
      { workout_id: 'barbell-bench-press', workout_name: 'Barbell Bench Press', sets: 1, reps_per_set: 5, weight_used_lb: 200, weight: 200, unit: 'lb' },
    ]);
    expect((await logSet(ann, { sessionId: s1, exercise: 'Bench', weightLb: 5, reps: 5 })).status).to.equal(409);
    expect((await ann.del(`/api/workout-session/sets/${s1}-s1`)).status).to.equal(409);
  });

  it('a push-up by reps alone, a plank by seconds, cardio by time and distance; a set of the wrong shape is a 400 naming what is needed', async () => {
    const ann = await subscriber(server);
    const s1 = await sessionOn(ann, await ann.savePlan(benchPlan));
    const head = await server.system.events.headPosition();
    for (const [body, says] of [
      [{ exercise: 'Push-up', weightLb: 0, seconds: 30 }, 'Push-up is a body-weight exercise: give reps (and weightLb or weightKg only for added load)'],
      [{ exercise: 'Front Plank', reps: 1 }, 'Front Plank is held for time: give seconds'],
      [{ exercise: 'Brisk Walk', distanceKm: 2 }, 'Brisk Walk is cardio: give seconds (and distanceKm or distanceMi)'],
      [{ exercise: 'Barbell Bench Press', reps: 5 }, 'Barbell Bench Press is a weighted exercise: give weightLb or weightKg, and reps'],
      [{ exercise: 'Brisk Walk', seconds: 900, distanceKm: 2, distanceMi: 1 }, 'Give the distance once: distanceKm or distanceMi'],
    ] as const) {
      const refused = await logSet(ann, { sessionId: s1, ...body });
      expect(refused.status, JSON.stringify(body)).to.equal(400);
      expect(JSON.stringify(refused.body), JSON.stringify(body)).to.include(says);
    }
    expect(await server.system.events.headPosition()).to.equal(head);

    expect((await logSet(ann, { sessionId: s1, exercise: 'Push-up', reps: 12, rpe: 7 })).status).to.equal(201);
    expect((await logSet(ann, { sessionId: s1, exercise: 'Front Plank', seconds: 45 })).status).to.equal(201);
    expect((await logSet(ann, { sessionId: s1, exercise: 'Brisk Walk', seconds: 900, distanceKm: 1.5 })).status).to.equal(201);
    const sets = (await ann.get(`/api/records/sessions/${s1}`)).body.sets as Record<string, unknown>[];
    expect(sets.map(({ exercise, reps, seconds, distance, distance_unit, weight, rpe }) => ({ exercise, reps, seconds, distance, distance_unit, weight, rpe }))).to.deep.equal([
      { exercise: 'push-up', reps: 12, seconds: undefined, distance: undefined, distance_unit: undefined, weight: 0, rpe: 7 },
      { exercise: 'front-plank', reps: 0, seconds: 45, distance: undefined, distance_unit: undefined, weight: 0, rpe: null },
      { exercise: 'brisk-walk', reps: 0, seconds: 900, distance: 1.5, distance_unit: 'km', weight: 0, rpe: null },
    ]);
    expect((await end(ann, s1)).status).to.equal(200);
    const records = (await ann.get('/api/records')).body as Record<string, unknown>[];
    expect(records.map(({ exercise, kind, best_reps, best_seconds, best_e1rm_lb }) => ({ exercise, kind, best_reps, best_seconds, best_e1rm_lb }))).to.deep.equal([
      { exercise: 'brisk-walk', kind: 'distance', best_reps: null, best_seconds: 900, best_e1rm_lb: null },
      { exercise: 'front-plank', kind: 'timed', best_reps: null, best_seconds: 45, best_e1rm_lb: null },
      { exercise: 'push-up', kind: 'bodyweight', best_reps: 12, best_seconds: null, best_e1rm_lb: null },
    ]);
  });

  it('100 kg stays 100 kg; records across units, a new record at the end, the history and the next target', async () => {
    const kai = await subscriber(server);
    const regimenId = await kai.savePlan(benchPlan);
    const put = await kai.put('/api/profile', { name: 'Kai', age: 30, gender: 'Other', height: 70, weight: 180, targetWeight: 175, units: 'kg' });
    expect(put.status).to.equal(200);

    server.clock.set('2026-11-18T17:00:00Z');
    const s1 = await sessionOn(kai, regimenId);
    for (let i = 0; i < 3; i += 1) expect((await logSet(kai, { sessionId: s1, exercise: 'Bench Press (Barbell)', weightKg: 100, reps: 12 })).status).to.equal(201);
    await end(kai, s1);
    // The Exercise Log shows the sets as they were logged: 100 kg, not 220.46 lb.
    expect((await kai.get('/api/exercise-logs')).body[0].exercises).to.deep.equal([
      { workout_id: 'barbell-bench-press', workout_name: 'Barbell Bench Press', sets: 3, reps_per_set: 12, weight_used_lb: 220.46, weight: 100, unit: 'kg' },
    ]);
    const r1 = (await kai.get('/api/records')).body[0];
    expect(r1).to.include({ best_weight_lb: 220.46, best_reps_at_weight: 12 });
    expect(r1.best_weight).to.deep.equal({ value: 100, unit: 'kg' });
    expect((await kai.get(`/api/records/sessions/${s1}`)).body.new_records).to.deep.equal([]);

    server.clock.set('2026-11-21T17:00:00Z');
    const s2 = await sessionOn(kai, regimenId);
    const previous = (await kai.get(`/api/records/sessions/${s2}`)).body.previous['barbell-bench-press'];
    expect(previous.sets.map((s: { weight: number; unit: string; reps: number }) => `${s.weight} ${s.unit} × ${s.reps}`)).to.deep.equal(['100 kg × 12', '100 kg × 12', '100 kg × 12']);
    for (const reps of [12, 12, 13]) await logSet(kai, { sessionId: s2, exercise: 'barbell bench press', weightKg: 100, reps });
    await end(kai, s2);
    const broken = (await kai.get(`/api/records/sessions/${s2}`)).body.new_records;
    // 13 reps has no e1RM (above 12), but more reps at the best weight and more volume are records.
    expect(broken.map((r: { kind: string }) => r.kind)).to.deep.equal(['weight', 'volume']);
    expect(broken[0]).to.include({ name: 'Barbell Bench Press', weight: 100, unit: 'kg', reps: 13 });
    expect((await kai.get('/api/records/recent')).body.map((r: { session_id: string }) => r.session_id)).to.deep.equal([s2, s2]);

    const history = await kai.get('/api/records/Bench%20Press%20(Barbell)/history');
    expect(history.status).to.equal(200);
    expect(history.body.sessions.map((s: { session_id: string; volume_lb: number; record: boolean }) => [s.session_id, s.volume_lb, s.record])).to.deep.equal([
      [s1, 7936.64, true],
      [s2, 8157.1, false],
    ]);
    expect((await kai.get('/api/records/no-such-lift/history')).status).to.equal(404);

    const workouts = (await kai.get(`/api/workout-session/workouts/${regimenId}`)).body;
    expect(workouts).to.have.length(1);
    // Every field the spec lists, then the target.
    expect(workouts[0]).to.include({ workout_id: 'd1-e1', name: 'Barbell Bench Press', sets: 3, reps_per_set: 8, day_number: 1, exercise: 'barbell-bench-press' });
    expect(workouts[0]).to.include({ target_weight_lb: 231.49, target_reps: 8 });
    expect(workouts[0].target_weight).to.deep.equal({ value: 105, unit: 'kg' });
    expect(workouts[0].reason).to.equal('3×12 at 100 kg on Nov 18 and 12, 12, 13 at 100 kg on Nov 21: every set reached 12 reps twice → try 105 kg for 8–12 reps.');

    // Switching the unit back and forth changes nothing stored.
    await kai.put('/api/profile', { name: 'Kai', age: 30, gender: 'Other', height: 70, weight: 180, targetWeight: 175, units: 'lb' });
    await kai.put('/api/profile', { name: 'Kai', age: 30, gender: 'Other', height: 70, weight: 180, targetWeight: 175, units: 'kg' });
    expect((await kai.get('/api/records')).body[0].best_weight).to.deep.equal({ value: 100, unit: 'kg' });
  });

  it('log-exercise still answers as before, and counts toward the records of the lift its name matches', async () => {
    const lee = await subscriber(server);
    const regimenId = await lee.savePlan(benchPlan);
    const s1 = await sessionOn(lee, regimenId);
    const logged = await lee.post('/api/workout-session/log-exercise', { sessionId: s1, workoutId: 'd1-e1', sets: 3, reps: 10, weightUsed: 135, notes: '' });
    expect(logged.status).to.equal(201);
    expect(Object.keys(logged.body).sort()).to.deep.equal(['message', 'position', 'sessionId', 'workoutId']);
    expect(logged.body).to.include({ message: 'Exercise logged', sessionId: s1, workoutId: 'd1-e1' });
    expect((await lee.get('/api/records')).body[0]).to.include({ exercise: 'barbell-bench-press', best_weight_lb: 135, best_reps_at_weight: 10, best_volume_lb: 1350 });
    // The same lift logged whole and set by set is one exercise logged; a second lift makes two; a warm-up alone none.
    await logSet(lee, { sessionId: s1, exercise: 'Bench Press (Barbell)', weightLb: 135, reps: 8 });
    await logSet(lee, { sessionId: s1, exercise: 'Barbell Back Squat', weightLb: 95, reps: 5, warmup: true });
    expect((await lee.get('/api/workouts/active-session')).body).to.include({ exercises_logged: 1 });
    await logSet(lee, { sessionId: s1, exercise: 'Barbell Back Squat', weightLb: 185, reps: 5 });
    expect((await lee.get('/api/workouts/active-session')).body).to.include({ exercises_logged: 2 });
    const logs = await lee.get('/api/exercise-logs');
    expect(logs.status).to.equal(200);
  });

  it('the chat answers "why this weight?" from the same sets and rule as the target, dated in the user\'s time zone', async () => {
    const ivy = await subscriber(server);
    const regimenId = await ivy.savePlan(samplePlan({
      name: 'Push day',
      workouts: [{ day: 1, summary: 'Push', exercises: [{ name: 'Dumbbell Bench Press', sets: 3, reps: '8-12', duration: 90 }, { name: 'Barbell Back Squat', sets: 3, reps: '5-8', duration: 120 }] }],
    }));
    expect((await ivy.put('/api/profile', { name: 'Ivy', age: 30, gender: 'Female', height: 66, weight: 150, targetWeight: 145, timeZone: 'America/Los_Angeles' })).status).to.equal(200);
    const ask = async (message: string) => {
      const res = await ivy.post('/api/chat', { message, recentHistory: [], useMealPlan: false, useWorkoutPlan: false });
      expect(res.status, res.text).to.equal(200);
      return res.body.message as string;
    };
    expect(await ask('Why this weight?')).to.match(/log your sets/i);

    // Late in the evening in Los Angeles: the next day already in UTC.
    for (const at of ['2026-11-18T04:30:00Z', '2026-11-21T04:30:00Z']) {
      server.clock.set(at);
      const s = await sessionOn(ivy, regimenId);
      await logSet(ivy, { sessionId: s, exercise: 'DB bench press', weightLb: 25, reps: 10, warmup: true });
      for (let i = 0; i < 3; i += 1) await logSet(ivy, { sessionId: s, exercise: 'Dumbbell Bench Press', weightLb: 50, reps: 12 });
      for (const reps of [6, 6, 5]) await logSet(ivy, { sessionId: s, exercise: 'Barbell Back Squat', weightLb: 200, reps });
      expect((await end(ivy, s)).status).to.equal(200);
    }
    const reason = '3×12 at 50 lb on Nov 17 and Nov 20: every set reached 12 reps twice → try 55 lb for 8–12 reps.';
    const workouts = (await ivy.get(`/api/workout-session/workouts/${regimenId}`)).body;
    expect(workouts[0]).to.include({ name: 'Dumbbell Bench Press', target_weight_lb: 55, target_reps: 8, reason });

    const why = await ask('Why 55 lb on bench?');
    expect(why).to.include('**Dumbbell Bench Press**: 55 lb');
    expect(why).to.include(reason);
    expect(why).not.to.include('Back Squat');
    const next = await ask('What should I lift next?');
    expect(next).to.include(reason);
    expect(next).to.include('**Barbell Back Squat**: 200 lb');
    expect(next).to.include(workouts[1].reason);
  });
});
