import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpSubscriber } from '../support/accounts.js';
import { samplePlan } from '../workouts/plan.js';
import { clientFor, subscriber, type Client } from '../workouts/client.js';

const legPlan = samplePlan({
  name: 'Leg day',
  workouts: [{ day: 1, summary: 'Legs', exercises: [{ name: 'Barbell Back Squat', sets: 3, reps: '5', duration: 120 }] }],
});

/** Strong's older export: one workout of Strong's "Squat (Barbell)", 130 kg × 5. */
const strongSquat =
  'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\r\n' +
  '2026-11-10 18:00:00;Legs;Squat (Barbell);1;130;kg;5;;;;0;;;45m\r\n';

describe('one exercise, however it is named; merging a custom exercise into another', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  const logSet = (who: Client, body: Record<string, unknown>) => who.post('/api/workout-session/log-set', body);
  const end = (who: Client, sessionId: string) => who.put('/api/workout-session/end', { sessionId, totalDuration: 30, completedExercises: [] });
  async function session(who: Client, regimenId: string, sets: Record<string, unknown>[]) {
    const started = await who.post('/api/workout-session/start', { regimenId });
    expect(started.status).to.equal(201);
    const sessionId = started.body.sessionId as string;
    for (const set of sets) expect((await logSet(who, { sessionId, ...set })).status, JSON.stringify(set)).to.equal(201);
    return sessionId;
  }
  const kgSubscriber = async () => {
    const { token, position } = await signUpSubscriber(server, { units: 'kg' });
    return clientFor(server, token, position);
  };

  it('three spellings of the squat are one exercise with one record; the tracker shows each set under the name typed', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan(legPlan);
    const typed = ['Squat (Barbell)', 'barbell back squat', 'Back Squat'];
    const s1 = await session(ann, regimenId, typed.map((exercise, i) => ({ exercise, weightLb: 200 + 10 * i, reps: 5 })));
    const sets = (await ann.read(`/api/records/sessions/${s1}`)).sets as { exercise: string; name: string }[];
    expect(sets.map((s) => [s.exercise, s.name])).to.deep.equal(typed.map((name) => ['barbell-back-squat', name]));
    await end(ann, s1);
    const records = await ann.read('/api/records');
    expect(records).to.have.length(1);
    expect(records[0]).to.include({ exercise: 'barbell-back-squat', name: 'Barbell Back Squat', best_weight_lb: 220, custom: false });
  });

  it("an import of Strong's \"Squat (Barbell)\" and a set typed so in the tracker are one exercise: 132.5 kg over 130 kg is a new record", async () => {
    const kim = await kgSubscriber();
    const imported = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { Authorization: `Bearer ${kim.token}`, 'Content-Type': 'text/csv' }, body: strongSquat });
    const answer = await imported.json();
    expect(imported.status, JSON.stringify(answer)).to.equal(201);
    expect(answer).to.deep.include({ unmatched: [], matched: [{ name: 'Squat (Barbell)', exercise: 'barbell-back-squat', catalogName: 'Barbell Back Squat' }] });
    kim.seen(answer.position);
    const regimenId = await kim.savePlan(legPlan);
    const s1 = await session(kim, regimenId, [{ exercise: 'Squat (Barbell)', weightKg: 132.5, reps: 5 }]);
    await end(kim, s1);

    const records = await kim.read('/api/records');
    expect(records.map((r: { exercise: string }) => r.exercise)).to.deep.equal(['barbell-back-squat']);
    expect(records[0].best_weight).to.deep.equal({ value: 132.5, unit: 'kg' });
    const broken = (await kim.read(`/api/records/sessions/${s1}`)).new_records as { exercise: string; kind: string; weight: number }[];
    expect(broken.map((r) => [r.exercise, r.kind, r.weight])).to.deep.include(['barbell-back-squat', 'weight', 132.5]);
    const history = await kim.read('/api/records/barbell-back-squat/history');
    expect(history.sessions).to.have.length(2);
  });

  it('a merge joins a custom exercise records, history and targets to another; the undo parts them exactly; bad merges change nothing', async () => {
    const lee = await kgSubscriber();
    const bob = await kgSubscriber();
    const regimenId = await lee.savePlan(legPlan);
    server.clock.set('2026-11-18T17:00:00Z');
    const s1 = await session(lee, regimenId, [{ exercise: 'Barbell Back Squat', weightKg: 120, reps: 5 }]);
    await end(lee, s1);
    server.clock.set('2026-11-20T17:00:00Z');
    const s2 = await session(lee, regimenId, [{ exercise: 'Paused Squat', weightKg: 140, reps: 3 }]);
    await end(lee, s2);

    const before = await lee.read('/api/records');
    expect(before.map((r: { exercise: string; custom: boolean }) => [r.exercise, r.custom])).to.deep.equal([
      ['barbell-back-squat', false],
      ['custom-paused-squat', true],
    ]);
    const historyBefore = await lee.read('/api/records/barbell-back-squat/history');
    const workoutsBefore = await lee.read(`/api/workout-session/workouts/${regimenId}`);

    const head = await server.system.events.headPosition();
    for (const [who, path, body, status] of [
      [lee, '/api/exercises/merge', { exercise: 'barbell-back-squat', into: 'custom-paused-squat' }, 400],
      [lee, '/api/exercises/merge', { exercise: 'custom-paused-squat', into: 'custom-paused-squat' }, 400],
      [lee, '/api/exercises/merge', { exercise: 'custom-paused-squat', into: 'no-such-lift' }, 404],
      [lee, '/api/exercises/merge', { exercise: 'custom-paused-squat' }, 400],
      [lee, '/api/exercises/merge', { exercise: 'custom-paused-squat', into: 'barbell-back-squat', extra: 1 }, 400],
      [lee, '/api/exercises/split', { exercise: 'custom-paused-squat' }, 409],
    ] as const) {
      expect((await who.post(path, body)).status, `${path} ${JSON.stringify(body)}`).to.equal(status);
    }
    expect(await server.system.events.headPosition()).to.equal(head);

    const merged = await lee.post('/api/exercises/merge', { exercise: 'custom-paused-squat', into: 'barbell-back-squat' });
    expect(merged.status).to.equal(200);
    const again = await lee.post('/api/exercises/merge', { exercise: 'custom-paused-squat', into: 'barbell-back-squat' });
    expect(again.status, 'the same merge again').to.equal(200);
    expect(await server.system.events.headPosition()).to.equal(merged.body.position);

    const records = await lee.read('/api/records');
    expect(records).to.have.length(1);
    expect(records[0]).to.deep.include({ exercise: 'barbell-back-squat', name: 'Barbell Back Squat', best_weight: { value: 140, unit: 'kg' }, merged: [{ exercise: 'custom-paused-squat', name: 'Paused Squat' }] });
    const history = await lee.read('/api/records/barbell-back-squat/history');
    expect(history.sessions.map((s: { session_id: string }) => s.session_id)).to.deep.equal([s1, s2]);
    expect((await lee.read('/api/records/custom-paused-squat/history')).sessions).to.have.length(2);
    const workouts = await lee.read(`/api/workout-session/workouts/${regimenId}`);
    expect(workouts[0].reason, 'the target reads the merged sessions too').to.not.equal(workoutsBefore[0].reason);
    server.clock.set('2026-11-22T17:00:00Z');
    const s3 = await session(lee, regimenId, [{ exercise: 'Paused Squat', weightKg: 100, reps: 5 }]);
    const open = await lee.read(`/api/records/sessions/${s3}`);
    expect(open.sets.map((s: { exercise: string; name: string }) => [s.exercise, s.name])).to.deep.equal([['barbell-back-squat', 'Paused Squat']]);
    expect(open.previous['barbell-back-squat'].date).to.equal('2026-11-20T17:00:00.000Z');
    expect((await lee.del(`/api/workout-session/sets/${open.sets[0].set_id}`)).status).to.equal(200);
    await end(lee, s3);

    // Another user's merges are their own.
    expect((await bob.post('/api/exercises/merge', { exercise: 'custom-paused-squat', into: 'barbell-bench-press' })).status).to.equal(200);
    expect(await lee.read('/api/records')).to.deep.equal(records);

    const split = await lee.post('/api/exercises/split', { exercise: 'custom-paused-squat' });
    expect(split.status).to.equal(200);
    expect(await lee.read('/api/records')).to.deep.equal(before);
    expect(await lee.read('/api/records/barbell-back-squat/history')).to.deep.equal(historyBefore);
    expect(await lee.read(`/api/workout-session/workouts/${regimenId}`)).to.deep.equal(workoutsBefore);
    expect((await lee.post('/api/exercises/split', { exercise: 'custom-paused-squat' })).status).to.equal(409);
  });
});
