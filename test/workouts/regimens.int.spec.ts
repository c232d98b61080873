import { expect } from 'chai';
import { regimenKey, regimensProjection, type RegimenDoc } from '../../services/query/src/training/regimens/regimens.projection.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { subscriber, type Client } from './client.js';
import { HOW_TO } from '../../services/domain/training/howTo.js';

describe('workouts: regimens over HTTP', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  const regimenDoc = (user: Client, regimenId: string) => server.system.readModels.get<RegimenDoc>(regimensProjection.name, regimenKey(user.userId, regimenId));

  it('saves a workout plan, lists it field by field, and makes the first one primary', async () => {
    const ann = await subscriber(server);
    const saved = await ann.post('/api/savePlan', {
      planType: 'workout',
      name: '  Strength Starter ',
      description: 'Three days.',
      goal: 'Build strength',
      level: 'Beginner',
      duration_weeks: 6,
      workouts: [
        { day: 2, summary: 'Upper body', exercises: [{ name: 'Push-up', sets: 4, reps: 12, duration: 45 }] },
        { day: 1, summary: 'Lower body', exercises: [{ name: 'Squat', sets: 3, reps: 8, duration: 90 }, { name: 'Lunge', sets: 3, reps: 10, duration: 0 }] },
      ],
    });
    expect(saved.status).to.equal(201);
    expect(saved.body.message).to.equal('Workout plan saved!');
    expect(saved.body.regimenId).to.be.a('string');
    expect(saved.body.position).to.be.a('number');

    const list = await ann.get('/api/workouts');
    expect(list.status).to.equal(200);
    expect(list.body).to.deep.equal([
      {
        regimen_id: saved.body.regimenId,
        name: 'Strength Starter',
        description: 'Three days.',
        goal: 'Build strength',
        level: 'Beginner',
        duration_weeks: 6,
        current_day: 1,
        is_primary: true,
        workouts: [
          {
            day_number: 1,
            summary_name: 'Lower body',
            exercises: [
              { workout_id: 'd1-e1', name: 'Squat', sets: 3, reps: 8, rest: 90 },
              { workout_id: 'd1-e2', name: 'Lunge', sets: 3, reps: 10, rest: 0 },
            ],
          },
          // A catalog exercise comes with how to do it; the person's own (Squat, Lunge) has none.
          { day_number: 2, summary_name: 'Upper body', exercises: [{ workout_id: 'd2-e1', name: 'Push-up', sets: 4, reps: 12, rest: 45, how: HOW_TO['Push-up'] }] },
        ],
      },
    ]);
    expect((await ann.get('/api/workout-regimens')).body).to.deep.equal(list.body);
    const profile = await ann.get('/api/profile');
    expect(profile.body).to.include({ current_regimen_id: saved.body.regimenId, current_regimen_day: 1 });
  });

  it('Make Primary moves a plan to the top and the profile with it; there is always exactly one primary', async () => {
    const ann = await subscriber(server);
    const first = await ann.savePlan({ name: 'First' });
    const second = await ann.savePlan({ name: 'Second' });
    const third = await ann.savePlan({ name: 'Third' });
    let list = (await ann.get('/api/workouts')).body as { regimen_id: string; is_primary: boolean }[];
    expect(list.map((r) => [r.regimen_id, r.is_primary])).to.deep.equal([[first, true], [third, false], [second, false]]);

    const selected = await ann.post(`/api/user/regimens/${second}/select`);
    expect(selected.status).to.equal(200);
    expect(selected.body).to.include({ message: 'Workout plan set as primary', regimenId: second });
    list = (await ann.get('/api/workouts')).body;
    expect(list.map((r) => [r.regimen_id, r.is_primary])).to.deep.equal([[second, true], [third, false], [first, false]]);
    expect((await ann.get('/api/profile')).body).to.include({ current_regimen_id: second, current_regimen_day: 1 });

    // Selecting the primary again changes nothing and appends nothing.
    const head = await server.system.events.headPosition();
    expect((await ann.post(`/api/user/regimens/${second}/select`)).status).to.equal(200);
    expect(await server.system.events.headPosition()).to.equal(head);
  });

  it('a second plan of a name the user keeps is saved under a numbered name, in the list and in every picker', async () => {
    const ann = await subscriber(server);
    const bob = await subscriber(server);
    const starter = await ann.savePlan({ name: 'Lean Start, 3 days a week' });
    const fromChat = await ann.savePlan({ name: 'Lean Start, 3 days a week' });
    const third = await ann.savePlan({ name: 'lean start, 3 days a week' });
    // Names are per user: Bob's plan of the same name keeps it.
    const bobs = await bob.savePlan({ name: 'Lean Start, 3 days a week' });
    const names = (client: Client, path: string) =>
      client.get(path).then((r) => Object.fromEntries((r.body as { regimen_id: string; name: string }[]).map((p) => [p.regimen_id, p.name])));
    const expected = { [starter]: 'Lean Start, 3 days a week', [fromChat]: 'Lean Start, 3 days a week (2)', [third]: 'lean start, 3 days a week (3)' };
    expect(await names(ann, '/api/workouts')).to.deep.equal(expected);
    expect(await names(ann, '/api/workout-regimens')).to.deep.equal(expected);
    expect(await names(bob, '/api/workouts')).to.deep.equal({ [bobs]: 'Lean Start, 3 days a week' });
  });

  it('deletes a plan that is not primary; the primary is refused with 409 and nothing appended', async () => {
    const ann = await subscriber(server);
    const primary = await ann.savePlan({ name: 'Keep' });
    const other = await ann.savePlan({ name: 'Drop' });

    const head = await server.system.events.headPosition();
    const refused = await ann.del(`/api/user/regimens/${primary}`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('The primary workout plan cannot be deleted. Make another plan primary first.');
    expect(await server.system.events.headPosition()).to.equal(head);

    const deleted = await ann.del(`/api/user/regimens/${other}`);
    expect(deleted.status).to.equal(200);
    expect(deleted.body).to.include({ message: 'Workout plan deleted', regimenId: other });
    expect((await ann.get('/api/workouts')).body.map((r: { regimen_id: string }) => r.regimen_id)).to.deep.equal([primary]);
    expect((await ann.del(`/api/user/regimens/${other}`)).status).to.equal(404);
    expect((await ann.post(`/api/user/regimens/${other}/select`)).status).to.equal(404);
    expect((await ann.post('/api/dashboard/advance-workout-day', { regimenId: other })).status).to.equal(404);
    expect((await ann.get(`/api/workout-session/workouts/${other}`)).status).to.equal(404);
  });

  it('advances the day (wrapping after the last), resets the day and restarts the regimen', async () => {
    const ann = await subscriber(server);
    const id = await ann.savePlan(); // three days
    const advance = () => ann.post('/api/dashboard/advance-workout-day', { regimenId: id });

    const moved = await advance();
    expect(moved.status).to.equal(200);
    expect(moved.body).to.include({ regimenId: id, currentDay: 2 });
    expect((await ann.get('/api/workouts')).body[0].current_day).to.equal(2);
    expect((await ann.get('/api/profile')).body.current_regimen_day).to.equal(2);

    // A session on the regimen ending completes the current day, dated by the server's clock; with nothing logged it
    // is no workout, and the plan stays on its day.
    const started = await ann.post('/api/dashboard/start-workout', { regimenId: id });
    server.clock.advance(20 * 60_000);
    await ann.post(`/api/workouts/${started.body.sessionId}/stop`);
    await ann.get('/api/workouts');
    let r = (await regimenDoc(ann, id))!;
    expect(r.completions).to.deep.equal([{ day_number: 2, completed_at: server.clock.now().toISOString(), session_id: started.body.sessionId, workout: false }]);
    expect(r.current_day).to.equal(2);

    const reset = await ann.post('/api/dashboard/reset-workout-progress', { regimenId: id });
    expect(reset.status).to.equal(200);
    expect(reset.body.currentDay).to.equal(2);
    await ann.get('/api/workouts');
    expect((await regimenDoc(ann, id))!.completions).to.deep.equal([]);

    expect((await advance()).body.currentDay).to.equal(3);
    expect((await advance()).body.currentDay).to.equal(1);
    await ann.get('/api/workouts');
    r = (await regimenDoc(ann, id))!;
    expect(r).to.include({ current_day: 1, day_count: 3, cycle_started_at: server.clock.now().toISOString() });

    await advance();
    server.clock.advance(60_000);
    const restarted = await ann.post('/api/dashboard/reset-workout-regimen', { regimenId: id });
    expect(restarted.status).to.equal(200);
    expect(restarted.body.currentDay).to.equal(1);
    expect((await ann.get('/api/workouts')).body[0].current_day).to.equal(1);
    expect((await ann.get('/api/profile')).body.current_regimen_day).to.equal(1);
    r = (await regimenDoc(ann, id))!;
    expect(r.restarts).to.deep.equal([{ restarted_at: server.clock.now().toISOString(), from_day: 2 }]);
  });
});
