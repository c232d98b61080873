import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { clientFor, subscriber, type Client } from './client.js';
import { samplePlan } from './plan.js';

interface Ids {
  regimenId: string;
  sessionId: string;
}

/** Every workouts and sessions endpoint, aimed at the given ids. */
const endpoints = (ids: Ids): [string, string, unknown?][] => [...listEndpoints, ...idEndpoints(ids)];

const listEndpoints: [string, string, unknown?][] = [
  ['POST', '/api/savePlan', samplePlan()],
  ['GET', '/api/workouts'],
  ['GET', '/api/workout-regimens'],
  ['GET', '/api/workouts/active-session'],
  ['GET', '/api/exercise-logs'],
];

/** The endpoints that name a regimen or a session in the path or the body. */
const idEndpoints = ({ regimenId, sessionId }: Ids): [string, string, unknown?][] => [
  ['POST', `/api/user/regimens/${regimenId}/select`],
  ['DELETE', `/api/user/regimens/${regimenId}`],
  ['POST', '/api/dashboard/start-workout', { regimenId }],
  ['POST', '/api/dashboard/advance-workout-day', { regimenId }],
  ['POST', '/api/dashboard/reset-workout-progress', { regimenId }],
  ['POST', '/api/dashboard/reset-workout-regimen', { regimenId }],
  ['POST', `/api/workouts/${sessionId}/pause`],
  ['POST', `/api/workouts/${sessionId}/resume`],
  ['POST', `/api/workouts/${sessionId}/stop`],
  ['POST', '/api/workout-session/start', { regimenId }],
  ['POST', '/api/workout-session/log-exercise', { sessionId, workoutId: 'd1-e1', sets: 3, reps: 8, weightUsed: 100, notes: '' }],
  ['PUT', '/api/workout-session/end', { sessionId, totalDuration: 5, completedExercises: [] }],
  ['GET', `/api/workout-session/workouts/${regimenId}`],
];

describe('workouts: who may call what, and bad input', () => {
  let server: TestServer;
  let ann: Client;
  let ids: Ids;
  before(async () => {
    server = await startTestServer();
    ann = await subscriber(server);
    const regimenId = await ann.savePlan();
    await ann.savePlan({ name: 'Second' });
    const started = await ann.post('/api/workout-session/start', { regimenId });
    ids = { regimenId, sessionId: started.body.sessionId };
  });
  after(async () => server.stop());

  it('without a token every endpoint answers 401', async () => {
    for (const [method, path, json] of endpoints(ids)) {
      const res = await server.call(method, path, { json });
      expect(res.status, `${method} ${path}`).to.equal(401);
    }
  });

  it('a signed-in user without a subscription (role 1) gets 403 everywhere and changes nothing', async () => {
    const { token, position } = await signUpVerifiedUser(server);
    const plain = clientFor(server, token, position);
    const head = await server.system.events.headPosition();
    for (const [method, path, json] of endpoints(ids)) {
      const res = await plain.call(method, path, json);
      expect(res.status, `${method} ${path}`).to.equal(403);
      expect(res.body.message, `${method} ${path}`).to.be.a('string');
    }
    expect(await server.system.events.headPosition()).to.equal(head);
  });

  it("another subscriber gets 404 for the first one's ids, sees none of his lists, and changes nothing", async () => {
    const bob = await subscriber(server);
    const head = await server.system.events.headPosition();
    for (const [method, path, json] of idEndpoints(ids)) {
      const res = await bob.call(method, path, json);
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect(res.body.message, `${method} ${path}`).to.match(/^No such (workout plan|workout session)$/);
    }
    expect(await server.system.events.headPosition()).to.equal(head);
    expect((await bob.get('/api/workouts')).body).to.deep.equal([]);
    expect((await bob.get('/api/workout-regimens')).body).to.deep.equal([]);
    expect((await bob.get('/api/workouts/active-session')).body).to.equal(null);
    expect((await bob.get('/api/exercise-logs')).body).to.deep.equal([]);
    // Ann's things are untouched.
    expect((await ann.get('/api/workouts/active-session')).body).to.include({ session_id: ids.sessionId, status: 'In Progress' });
    expect((await ann.get('/api/workouts')).body).to.have.length(2);
  });

  it('unknown ids are 404 for their would-be owner too', async () => {
    const made = { regimenId: randomUUID(), sessionId: randomUUID() };
    for (const [method, path, json] of [
      ['POST', `/api/user/regimens/${made.regimenId}/select`],
      ['DELETE', '/api/user/regimens/not-an-id!'],
      ['POST', '/api/dashboard/reset-workout-regimen', { regimenId: made.regimenId }],
      ['POST', `/api/workouts/${made.sessionId}/pause`],
      ['POST', '/api/workout-session/log-exercise', { sessionId: made.sessionId, workoutId: 'd1-e1', sets: 1, reps: 1, weightUsed: 0 }],
      ['PUT', '/api/workout-session/end', { sessionId: made.sessionId, totalDuration: 1, completedExercises: [] }],
      ['GET', `/api/workout-session/workouts/${made.regimenId}`],
    ] as [string, string, unknown?][]) {
      expect((await ann.call(method, path, json)).status, `${method} ${path}`).to.equal(404);
    }
  });

  it('bad input is a 400 naming the field, and nothing is appended', async () => {
    const plan = samplePlan();
    const day1 = plan.workouts[0]!;
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/api/savePlan', { ...plan, name: undefined }, /^name: name is required$/],
      ['POST', '/api/savePlan', { ...plan, name: 'x'.repeat(101) }, /^name: name must be at most 100 characters$/],
      ['POST', '/api/savePlan', { ...plan, duration_weeks: 'six' }, /^duration_weeks: duration_weeks must be a number$/],
      ['POST', '/api/savePlan', { ...plan, duration_weeks: 0 }, /^duration_weeks: duration_weeks must be at least 1$/],
      ['POST', '/api/savePlan', { ...plan, workouts: [] }, /^workouts: workouts needs at least one day$/],
      ['POST', '/api/savePlan', { ...plan, workouts: [{ ...day1, exercises: [{ ...day1.exercises[0], sets: 2.5 }] }] }, /^workouts\.0\.exercises\.0\.sets: sets must be a whole number$/],
      ['POST', '/api/savePlan', { ...plan, workouts: [{ ...day1, exercises: [{ name: 'Squat', sets: 3, reps: 'as many as you can' }] }] }, /^workouts\.0\.exercises\.0\.reps: reps must be a number or a range such as 8-12$/],
      ['POST', '/api/savePlan', { ...plan, workouts: [day1, { ...day1, day: 3 }] }, /^workouts: days must be numbered 1 to 2, each once$/],
      ['POST', '/api/savePlan', { ...plan, calories: 1 }, /unknown field calories/],
      ['POST', '/api/savePlan', { ...plan, planType: 'yoga' }, /planType/],
      ['POST', '/api/dashboard/start-workout', {}, /^regimenId: regimenId is required$/],
      ['POST', '/api/dashboard/advance-workout-day', { regimenId: 42 }, /^regimenId: regimenId must be a string$/],
      ['POST', '/api/dashboard/reset-workout-progress', { regimenId: ids.regimenId, day: 2 }, /unknown field day/],
      ['POST', '/api/workout-session/start', { regimenId: '../etc' }, /^regimenId: regimenId is not a valid id$/],
      ['POST', `/api/workouts/${ids.sessionId}/pause`, { force: true }, /unknown field force/],
      ['POST', `/api/user/regimens/${ids.regimenId}/select`, { primary: true }, /unknown field primary/],
      ['POST', '/api/workout-session/log-exercise', { sessionId: ids.sessionId, workoutId: 'd1-e1', sets: 0, reps: 8, weightUsed: 10 }, /^sets: sets must be at least 1$/],
      ['POST', '/api/workout-session/log-exercise', { sessionId: ids.sessionId, workoutId: 'd1-e1', sets: 3, reps: 8, weightUsed: 'heavy' }, /^weightUsed: weightUsed must be a number$/],
      ['POST', '/api/workout-session/log-exercise', { sessionId: ids.sessionId, sets: 3, reps: 8, weightUsed: 10 }, /^workoutId: workoutId is required$/],
      ['POST', '/api/workout-session/log-exercise', { sessionId: ids.sessionId, workoutId: 'd1-e1', sets: 3, reps: 8, weightUsed: 10, notes: 5 }, /^notes: notes must be text$/],
      ['PUT', '/api/workout-session/end', { sessionId: ids.sessionId, totalDuration: 1.5, completedExercises: [] }, /^totalDuration: totalDuration must be a whole number$/],
      ['PUT', '/api/workout-session/end', { sessionId: ids.sessionId, totalDuration: 5 }, /^completedExercises: completedExercises is required$/],
      ['PUT', '/api/workout-session/end', { sessionId: ids.sessionId, totalDuration: 5, completedExercises: [{ workout_id: 'd1-e1' }] }, /^completedExercises\.0\.name: name is required; completedExercises\.0\.sets: sets is required/],
    ];
    const head = await server.system.events.headPosition();
    for (const [method, path, json, message] of cases) {
      const res = await ann.call(method, path, json);
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).to.equal(400);
      expect(res.body.message, `${method} ${path} ${JSON.stringify(json)}`).to.match(message);
    }
    for (const [method, path] of [['POST', '/api/savePlan'], ['POST', '/api/dashboard/start-workout'], ['PUT', '/api/workout-session/end'], ['POST', `/api/workouts/${ids.sessionId}/stop`]]) {
      const res = await server.call(method!, path!, { body: '{"regimenId": ', token: ann.token });
      expect(res.status, `${method} ${path}`).to.equal(400);
      expect(res.body.message).to.equal('Malformed JSON body');
    }
    expect(await server.system.events.headPosition()).to.equal(head);
    // The session the bad calls aimed at is still running, untouched.
    expect((await ann.get('/api/workouts/active-session')).body).to.include({ session_id: ids.sessionId, status: 'In Progress' });
  });
});
