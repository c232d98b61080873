import { expect } from 'chai';
import { signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ask, chatEvents } from './support.js';

describe('chat: the built-in coach (no OPENAI_API_KEY)', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ CHAT_BURST_LIMIT: '1000' })));
  after(async () => server.stop());

  const get = (path: string, token: string, position: number) => server.call('GET', path, { token, headers: { 'X-Min-Position': String(position) } });

  it('asked for a workout plan, offers one that saves with POST /api/savePlan and then shows in GET /api/workouts', async () => {
    const { token } = await signUpSubscriber(server, { weeklyWorkoutFrequency: 3, gymExperience: 0.1 });
    const res = await server.call('POST', '/api/chat', { json: ask('Make me a workout plan'), token });

    expect(res.status).to.equal(200);
    expect(res.body.message).to.be.a('string').and.not.equal('');
    expect(res.body.planData).to.have.length(1);
    const plan = res.body.planData[0];
    expect(plan.planType).to.equal('workout');
    // Never more training days than the user said they would do.
    expect(plan.workouts.filter((w: { exercises: unknown[] }) => w.exercises.length > 0).length).to.be.at.most(3);

    const saved = await server.call('POST', '/api/savePlan', { json: plan, token });
    expect(saved.status).to.equal(201);
    expect(saved.body.message).to.equal('Workout plan saved!');
    const list = await get('/api/workouts', token, saved.body.position);
    expect(list.body).to.have.length(1);
    expect(list.body[0]).to.include({ regimen_id: saved.body.regimenId, name: plan.name, is_primary: true, duration_weeks: plan.duration_weeks });
    expect(list.body[0].workouts.map((w: { day_number: number }) => w.day_number)).to.deep.equal(plan.workouts.map((w: { day: number }) => w.day));

    const events = await chatEvents(server, token);
    expect(events.map((e) => e.type)).to.deep.equal(['ChatQuestionAsked', 'ChatAnswerGiven', 'ChatPlanOffered']);
    expect(events[1]!.data).to.deep.include({ trainer: 'built-in', model: null, message: res.body.message });
    expect(events[2]!.data).to.deep.include({ planType: 'workout', name: plan.name, plan });
  });

  it('asked for a meal plan, offers one that saves and shows in GET /api/meal-plans', async () => {
    const { token } = await signUpSubscriber(server);
    const res = await server.call('POST', '/api/chat', { json: ask('Can you create a meal plan for me?'), token });

    expect(res.status).to.equal(200);
    const plan = res.body.planData[0];
    expect(plan.planType).to.equal('meal');
    const saved = await server.call('POST', '/api/savePlan', { json: plan, token });
    expect(saved.status).to.equal(201);
    const list = await get('/api/meal-plans', token, saved.body.position);
    expect(list.body.map((p: { meal_plan_id: string; name: string }) => [p.meal_plan_id, p.name])).to.deep.equal([[saved.body.mealPlanId, plan.name]]);
  });

  it('asked with useMealPlan about the primary meal plan, the answer names it', async () => {
    const { token } = await signUpSubscriber(server);
    const offered = (await server.call('POST', '/api/chat', { json: ask('Create a meal plan for me'), token })).body.planData[0];
    const saved = await server.call('POST', '/api/savePlan', { json: { ...offered, name: 'Harvest Table' }, token });
    expect(saved.status).to.equal(201);

    const res = await server.call('POST', '/api/chat', { json: ask("What's in my meal plan?", { useMealPlan: true }), token });
    expect(res.status).to.equal(200);
    expect(res.body.message).to.contain('Harvest Table');
    const asked = (await chatEvents(server, token)).filter((e) => e.type === 'ChatQuestionAsked').at(-1)!;
    expect(asked.data.referencedMealPlanId).to.equal(saved.body.mealPlanId);
  });

  it('asked with useWorkoutPlan about the primary workout plan, the answer names it', async () => {
    const { token } = await signUpSubscriber(server);
    const offered = (await server.call('POST', '/api/chat', { json: ask('Make me a workout plan'), token })).body.planData[0];
    const saved = await server.call('POST', '/api/savePlan', { json: { ...offered, name: 'Iron Basics' }, token });
    expect(saved.status).to.equal(201);

    const res = await server.call('POST', '/api/chat', { json: ask("What's in my workout plan?", { useWorkoutPlan: true }), token });
    expect(res.status).to.equal(200);
    expect(res.body.message).to.contain('Iron Basics');
  });
});
