import { expect } from 'chai';
import { signUpSubscriber } from '../support/accounts.js';
import { userClient } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { samplePlan } from './plan.js';

describe('POST /api/user/regimens/:id/swap', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('swaps one exercise of the plan in place; bad input is a 400 and another user\'s plan a 404, changing nothing', async () => {
    const ann = await signUpSubscriber(server);
    const bob = await signUpSubscriber(server);
    const client = userClient(server, ann.token, ann.position);
    const { regimenId } = await client.send('POST', '/api/savePlan', samplePlan());

    expect(await client.send('POST', `/api/user/regimens/${regimenId}/swap`, { workoutId: 'd1-e2', name: 'Step-up' })).to.include({ regimenId, workoutId: 'd1-e2', name: 'Step-up', version: 2 });
    const lists = await client.read('/api/workout-regimens');
    expect(lists.map((r: { name: string }) => r.name)).to.deep.equal(['Strength Starter']);
    expect(lists[0].workouts[0].exercises.map((e: { name: string }) => e.name)).to.deep.equal(['Squat', 'Step-up']);

    expect((await client.post(`/api/user/regimens/${regimenId}/swap`, { workoutId: 'd1-e2' })).status).to.equal(400);
    expect((await client.post(`/api/user/regimens/${regimenId}/swap`, { workoutId: 'd1-e2', name: 'x'.repeat(101) })).status).to.equal(400);
    expect((await client.post(`/api/user/regimens/${regimenId}/swap`, { workoutId: 'd9-e9', name: 'Step-up' })).status).to.equal(404);
    const foreign = await server.call('POST', `/api/user/regimens/${regimenId}/swap`, { token: bob.token, json: { workoutId: 'd1-e1', name: 'Leg Press' } });
    expect(foreign.status).to.equal(404);
    expect((await client.read('/api/workout-regimens'))[0].workouts[0].exercises.map((e: { name: string }) => e.name)).to.deep.equal(['Squat', 'Step-up']);
  });
});
