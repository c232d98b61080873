import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { subscriber } from './client.js';

const SESSION_ALREADY_ACTIVE = 'You already have a workout session in progress. End it before starting another.';

describe('workouts: sessions over HTTP', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('plans page: start, pause, resume and stop; runtime counts only running time', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan();
    expect((await ann.get('/api/workouts/active-session')).body).to.equal(null);

    const startedAt = server.clock.now().toISOString();
    const started = await ann.post('/api/dashboard/start-workout', { regimenId });
    expect(started.status).to.equal(201);
    const { sessionId } = started.body;
    expect(sessionId).to.be.a('string');
    expect((await ann.get('/api/workouts/active-session')).body).to.deep.equal({
      session_id: sessionId,
      regimen_id: regimenId,
      status: 'In Progress',
      start_time: startedAt,
      elapsed_seconds: 0,
      runtime_seconds: 0,
      exercises: [],
      exercises_logged: 0,
    });

    server.clock.advance(60_000);
    const paused = await ann.post(`/api/workouts/${sessionId}/pause`);
    expect(paused.status).to.equal(200);
    expect(paused.body).to.include({ sessionId, status: 'Paused' });
    const again = await ann.post(`/api/workouts/${sessionId}/pause`);
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal('This workout session is already paused');

    server.clock.advance(120_000);
    expect((await ann.get('/api/workouts/active-session')).body).to.include({ status: 'Paused', elapsed_seconds: 180, runtime_seconds: 60 });
    expect((await ann.post(`/api/workouts/${sessionId}/resume`)).status).to.equal(200);
    const resumedTwice = await ann.post(`/api/workouts/${sessionId}/resume`);
    expect(resumedTwice.status).to.equal(409);
    expect(resumedTwice.body.message).to.equal('This workout session is not paused');

    server.clock.advance(30_000);
    expect((await ann.get('/api/workouts/active-session')).body).to.deep.equal({
      session_id: sessionId,
      regimen_id: regimenId,
      status: 'In Progress',
      start_time: startedAt,
      elapsed_seconds: 210,
      runtime_seconds: 90,
      exercises: [],
      exercises_logged: 0,
    });

    const stopped = await ann.post(`/api/workouts/${sessionId}/stop`);
    expect(stopped.status).to.equal(200);
    expect(stopped.body).to.include({ sessionId, runtimeSeconds: 90, totalDurationMinutes: 1 });
    expect((await ann.get('/api/workouts/active-session')).body).to.equal(null);
    expect((await ann.post(`/api/workouts/${sessionId}/stop`)).status).to.equal(409);
    expect((await ann.post(`/api/workouts/${sessionId}/resume`)).status).to.equal(409);

    const logs = await ann.get('/api/exercise-logs');
    expect(logs.body).to.deep.equal([
      { session_id: sessionId, regimen_id: regimenId, start_time: startedAt, end_time: server.clock.now().toISOString(), total_duration_minutes: 1, exercises: [] },
    ]);
  });

  it('one active session per user across the plans page and the tracker', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan();
    const first = await ann.post('/api/workout-session/start', { regimenId });
    expect(first.status).to.equal(201);

    const head = await server.system.events.headPosition();
    for (const path of ['/api/workout-session/start', '/api/dashboard/start-workout']) {
      const second = await ann.post(path, { regimenId });
      expect(second.status, path).to.equal(409);
      expect(second.body.message).to.equal(SESSION_ALREADY_ACTIVE);
    }
    expect(await server.system.events.headPosition()).to.equal(head);
    // The plans page sees the tracker's session as the active one.
    expect((await ann.get('/api/workouts/active-session')).body.session_id).to.equal(first.body.sessionId);

    // Two starts at once: exactly one wins.
    await ann.post(`/api/workouts/${first.body.sessionId}/stop`);
    const racing = await Promise.all([1, 2, 3].map(() => ann.post('/api/workout-session/start', { regimenId })));
    expect(racing.map((r) => r.status).sort()).to.deep.equal([201, 409, 409]);
    const winner = racing.find((r) => r.status === 201)!.body.sessionId;
    expect((await ann.get('/api/workouts/active-session')).body.session_id).to.equal(winner);

    // Once it ends, a new one may start.
    await ann.put('/api/workout-session/end', { sessionId: winner, totalDuration: 0, completedExercises: [] });
    expect((await ann.post('/api/dashboard/start-workout', { regimenId })).status).to.equal(201);
  });

  it('tracker: start, list the workouts, log exercises, end; the exercise log shows it newest first', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan();
    const startedAt = server.clock.now().toISOString();
    const started = await ann.post('/api/workout-session/start', { regimenId });
    expect(started.status).to.equal(201);
    expect(started.body.sessionId).to.be.a('string');
    expect(started.body.position).to.be.a('number');
    const { sessionId } = started.body;

    const workouts = await ann.get(`/api/workout-session/workouts/${regimenId}`);
    expect(workouts.status).to.equal(200);
    // The spec's fields, each as planned (the next session's target beside them is the records' tests' subject).
    const specFields = ({ workout_id, name, sets, reps_per_set, day_number }: Record<string, unknown>) => ({ workout_id, name, sets, reps_per_set, day_number });
    expect(workouts.body.map(specFields)).to.deep.equal([
      { workout_id: 'd1-e1', name: 'Squat', sets: 3, reps_per_set: 8, day_number: 1 },
      { workout_id: 'd1-e2', name: 'Lunge', sets: 3, reps_per_set: 10, day_number: 1 },
      { workout_id: 'd2-e1', name: 'Push-up', sets: 4, reps_per_set: 12, day_number: 2 },
      { workout_id: 'd3-e1', name: 'Plank', sets: 3, reps_per_set: 1, day_number: 3 },
    ]);

    server.clock.advance(5 * 60_000);
    const logged = await ann.post('/api/workout-session/log-exercise', { sessionId, workoutId: 'd1-e1', sets: 3, reps: 8, weightUsed: 135, notes: 'felt strong' });
    expect(logged.status).to.equal(201);
    expect(logged.body).to.include({ message: 'Exercise logged', sessionId, workoutId: 'd1-e1' });
    const unknownExercise = await ann.post('/api/workout-session/log-exercise', { sessionId, workoutId: 'd9-e1', sets: 1, reps: 1, weightUsed: 0, notes: '' });
    expect(unknownExercise.status).to.equal(404);

    server.clock.advance(20 * 60_000);
    const ended = await ann.put('/api/workout-session/end', {
      sessionId,
      totalDuration: 24,
      completedExercises: [
        { workout_id: 'd1-e1', name: 'Squat', sets: 3, reps_per_set: 8, weight_used_lb: 135 },
        // Shown as completed by the client but never logged on the server: logged at the end.
        { workout_id: 'd1-e2', name: 'Lunge', sets: 3, reps_per_set: 10, weight_used_lb: 20 },
      ],
    });
    expect(ended.status).to.equal(200);
    expect(ended.body).to.include({ sessionId, totalDurationMinutes: 24 });
    expect((await ann.get('/api/workouts/active-session')).body).to.equal(null);

    // A second, later session goes first in the log.
    server.clock.advance(60 * 60_000);
    const laterStart = server.clock.now().toISOString();
    const later = await ann.post('/api/workout-session/start', { regimenId });
    server.clock.advance(3 * 60_000);
    await ann.put('/api/workout-session/end', { sessionId: later.body.sessionId, totalDuration: 99, completedExercises: [] });

    const logs = await ann.get('/api/exercise-logs');
    expect(logs.status).to.equal(200);
    expect(logs.body).to.deep.equal([
      { session_id: later.body.sessionId, regimen_id: regimenId, start_time: laterStart, end_time: server.clock.now().toISOString(), total_duration_minutes: 3, exercises: [] },
      {
        session_id: sessionId,
        regimen_id: regimenId,
        start_time: startedAt,
        end_time: new Date(Date.parse(startedAt) + 25 * 60_000).toISOString(),
        total_duration_minutes: 24,
        exercises: [
          { workout_id: 'd1-e1', workout_name: 'Squat', sets: 3, reps_per_set: 8, weight_used_lb: 135, notes: 'felt strong' },
          { workout_id: 'd1-e2', workout_name: 'Lunge', sets: 3, reps_per_set: 10, weight_used_lb: 20 },
        ],
      },
    ]);
  });

  it('a session done offline and synced an hour later is dated when it was done (X-Acted-At); a set too; junk is a 400', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan();
    const at = (minutes: number) => new Date(server.clock.now().getTime() + minutes * 60_000).toISOString();
    // What the queue sends once the network is back, an hour after the workout began: each command with its instant.
    let position = 0;
    const send = async (method: string, path: string, acted: string, json?: unknown) => {
      const answer = await server.call(method, path, { json, token: ann.token, headers: { 'X-Acted-At': acted } });
      if (typeof answer.body?.position === 'number') position = Math.max(position, answer.body.position);
      return answer;
    };
    const read = (path: string) => server.call('GET', path, { token: ann.token, headers: { 'X-Min-Position': String(position) } });
    const started = at(-60);
    const start = await send('POST', '/api/workout-session/start', started, { regimenId });
    expect(start.status).to.equal(201);
    const { sessionId } = start.body;
    expect((await send('POST', `/api/workouts/${sessionId}/pause`, at(-50))).status).to.equal(200);
    expect((await send('POST', `/api/workouts/${sessionId}/resume`, at(-48))).status).to.equal(200);
    const set = await send('POST', '/api/workout-session/log-set', at(-45), { sessionId, exercise: 'Squat', weightLb: 100, reps: 5 });
    expect(set.status, JSON.stringify(set.body)).to.equal(201);
    expect((await send('POST', '/api/workout-session/log-exercise', at(-40), { sessionId, workoutId: 'd1-e1', sets: 3, reps: 8, weightUsed: 135 })).status).to.equal(201);
    const sets = await read(`/api/records/sessions/${sessionId}`);
    expect(sets.body.sets.map((x: { at: string }) => x.at)).to.deep.equal([at(-45), at(-40), at(-40), at(-40)]);
    const junk = await send('PUT', '/api/workout-session/end', 'an hour ago', { sessionId, totalDuration: 30, completedExercises: [] });
    expect(junk.status).to.equal(400);
    expect(junk.body.message).to.equal('X-Acted-At must be an ISO 8601 instant, like 2026-01-31T08:00:00.000Z');
    const ended = await send('PUT', '/api/workout-session/end', at(-25), { sessionId, totalDuration: 33, completedExercises: [] });
    expect(ended.status).to.equal(200);
    expect(ended.body).to.include({ totalDurationMinutes: 33, runtimeSeconds: 33 * 60 });

    const logs = await read('/api/exercise-logs');
    expect(logs.body[0]).to.include({ session_id: sessionId, start_time: started, end_time: at(-25), total_duration_minutes: 33 });
    expect(logs.body[0].exercises).to.have.length(2);
  });

  it('a retried start with the same Idempotency-Key gives the same session, not a conflict', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan();
    const headers = { 'Idempotency-Key': `start-${ann.userId}` };
    const first = await server.call('POST', '/api/workout-session/start', { json: { regimenId }, token: ann.token, headers });
    const retry = await server.call('POST', '/api/workout-session/start', { json: { regimenId }, token: ann.token, headers });
    expect(first.status).to.equal(201);
    expect(retry.status).to.equal(201);
    expect(retry.body.sessionId).to.equal(first.body.sessionId);
  });
});
