import { expect } from 'chai';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { regimenStream, workoutRosterStream } from '../../events/streams.js';
import { startTestServer, tempDir, type TestServer } from '../support/server.js';
import { clientFor, subscriber } from './client.js';
import { samplePlan } from './plan.js';

/** A plan as language models write one: ranges, numbers as text, no duration, an empty summary (docs/product.md#what-the-app-keeps-and-answers allows them). */
const modelWrittenPlan = () =>
  samplePlan({
    duration_weeks: '8',
    workouts: [
      { day: 1, summary: '', exercises: [{ name: 'Goblet Squat', sets: '3', reps: '8-12', duration: '60' }, { name: 'Split Squat', sets: 3, reps: '10 per leg' }] },
      { day: '2', summary: 'Upper body', exercises: [{ name: 'Push-up', sets: 3, reps: '12', duration: 45 }] },
    ],
  });

describe('workouts: saving any plan the trainer can offer', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('saves reps ranges, numbers written as text, a missing duration and an empty summary', async () => {
    const ann = await subscriber(server);
    const saved = await ann.post('/api/savePlan', modelWrittenPlan());
    expect(saved.status).to.equal(201);
    expect(saved.body.message).to.equal('Workout plan saved!');

    const list = await ann.get('/api/workouts');
    expect(list.body).to.have.length(1);
    expect(list.body[0].duration_weeks).to.equal(8);
    // Each catalog exercise comes with how to do it (its cues are the catalog's, unit-tested there).
    expect(list.body[0].workouts[0].exercises[0].how.cues[0]).to.equal('Hold the dumbbell at your chest like a cup');
    const withoutHow = (days: Array<{ exercises: Array<Record<string, unknown>> }>) => days.map((d) => ({ ...d, exercises: d.exercises.map(({ how: _how, ...e }) => e) }));
    expect(withoutHow(list.body[0].workouts)).to.deep.equal([
      {
        day_number: 1,
        summary_name: '',
        exercises: [
          { workout_id: 'd1-e1', name: 'Goblet Squat', sets: 3, reps: '8-12', rest: 60 },
          { workout_id: 'd1-e2', name: 'Split Squat', sets: 3, reps: '10 per leg', rest: 0 },
        ],
      },
      { day_number: 2, summary_name: 'Upper body', exercises: [{ workout_id: 'd2-e1', name: 'Push-up', sets: 3, reps: 12, rest: 45 }] },
    ]);

    // The tracker pre-fills the lower bound of a range.
    const workouts = await ann.get(`/api/workout-session/workouts/${saved.body.regimenId}`);
    const specFields = ({ workout_id, name, sets, reps_per_set, day_number }: Record<string, unknown>) => ({ workout_id, name, sets, reps_per_set, day_number });
    expect(workouts.body.map(specFields)).to.deep.equal([
      { workout_id: 'd1-e1', name: 'Goblet Squat', sets: 3, reps_per_set: 8, day_number: 1 },
      { workout_id: 'd1-e2', name: 'Split Squat', sets: 3, reps_per_set: 10, day_number: 1 },
      { workout_id: 'd2-e1', name: 'Push-up', sets: 3, reps_per_set: 12, day_number: 2 },
    ]);

    // An empty summary reads as 'Day N'.
    const summary = await ann.get('/api/dashboard/summary');
    expect(summary.body.workout).to.include({ planId: saved.body.regimenId, currentSummary: 'Day 1', nextSummary: 'Upper body' });
  });

  it('refuses only what no reading can save, naming the field', async () => {
    const ann = await subscriber(server);
    const head = await server.system.events.headPosition();
    const exercise = (fields: Record<string, unknown>) => samplePlan({ workouts: [{ day: 1, summary: 'A', exercises: [{ name: 'Squat', sets: 3, reps: 8, ...fields }] }] });
    const cases: [unknown, string][] = [
      [exercise({ reps: 'until tired' }), 'workouts.0.exercises.0.reps: reps must be a number or a range such as 8-12'],
      [exercise({ reps: '0-5' }), 'workouts.0.exercises.0.reps: reps must be between 1 and 1000'],
      [exercise({ reps: 8.5 }), 'workouts.0.exercises.0.reps: reps must be a whole number'],
      [exercise({ sets: 'three' }), 'workouts.0.exercises.0.sets: sets must be a number'],
      [exercise({ sets: '2.5' }), 'workouts.0.exercises.0.sets: sets must be a whole number'],
      [exercise({ duration: -5 }), 'workouts.0.exercises.0.duration: duration must be at least 0'],
      [samplePlan({ workouts: [{ day: 1, summary: 7, exercises: [{ name: 'Squat', sets: 3, reps: 8 }] }] }), 'workouts.0.summary: summary must be text'],
    ];
    for (const [json, message] of cases) {
      const res = await ann.post('/api/savePlan', json);
      expect(res.status, JSON.stringify(json)).to.equal(400);
      expect(res.body, JSON.stringify(json)).to.deep.equal({ message });
    }
    expect(await server.system.events.headPosition()).to.equal(head);
  });
});

describe('workouts: a RegimenSaved of the first version still in the log', () => {
  it('replays into the same read model as the same plan saved today, and can be worked out', async () => {
    const dataDir = tempDir();
    let server = await startTestServer({}, dataDir);
    // Given: Ann saves a plan today (RegimenSaved.v2); Bob holds the same plan, recorded before v2 existed.
    const ann = await subscriber(server);
    const annRegimenId = await ann.savePlan();
    const bob = await subscriber(server);
    const [today] = await server.system.events.readStream(regimenStream(annRegimenId));
    expect(today!.type).to.equal('RegimenSaved.v2');
    await server.stop();

    const bobRegimenId = randomUUID();
    const v2 = today!.data as { days: { exercises: { reps: string; targetReps: number }[] }[] };
    const v1 = {
      ...v2,
      regimenId: bobRegimenId,
      userId: bob.userId,
      days: v2.days.map((d) => ({ ...d, exercises: d.exercises.map(({ targetReps, ...e }) => ({ ...e, reps: targetReps })) })),
    };
    const db = new Database(path.join(dataDir, 'trainer.sqlite'));
    const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, 0, ?, ?, ?)');
    const metadata = JSON.stringify({ userId: bob.userId, at: '2026-11-18T15:00:00.000Z' });
    insert.run(randomUUID(), regimenStream(bobRegimenId), 'RegimenSaved', JSON.stringify(v1), metadata);
    const primary = { userId: bob.userId, regimenId: bobRegimenId, previousRegimenId: null, currentDay: 1, selectedAt: '2026-11-18T15:00:00.000Z' };
    const { lastInsertRowid } = insert.run(randomUUID(), workoutRosterStream(bob.userId), 'PrimaryRegimenSelected', JSON.stringify(primary), metadata);
    db.close();

    // When: the server starts on that log.
    server = await startTestServer({}, dataDir);
    try {
      const annNow = clientFor(server, ann.token);
      const bobNow = clientFor(server, bob.token, Number(lastInsertRowid));
      const sameIds = (list: { regimen_id: string }[]) => list.map((r) => ({ ...r, regimen_id: 'id' }));

      // Then: Bob's plan reads exactly as Ann's, in the list and in the tracker.
      const annList = (await annNow.get('/api/workouts')).body;
      const bobList = (await bobNow.get('/api/workouts')).body;
      expect(bobList).to.have.length(1);
      expect(sameIds(bobList)).to.deep.equal(sameIds(annList));
      expect((await bobNow.get(`/api/workout-session/workouts/${bobRegimenId}`)).body).to.deep.equal(
        (await annNow.get(`/api/workout-session/workouts/${annRegimenId}`)).body,
      );
      // And the write side reads it too: a session starts on it and logs its first exercise.
      const started = await bobNow.post('/api/workout-session/start', { regimenId: bobRegimenId });
      expect(started.status).to.equal(201);
      const logged = await bobNow.post('/api/workout-session/log-exercise', { sessionId: started.body.sessionId, workoutId: 'd1-e1', sets: 3, reps: 8, weightUsed: 95 });
      expect(logged.status).to.equal(201);
    } finally {
      await server.stop();
    }
  });
});
