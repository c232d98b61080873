import { expect } from 'chai';
import { signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { modelMealPlan, modelWorkoutPlan, OpenAiStandIn, replyJson } from './openAiStandIn.js';
import { ask, chatEvents } from './support.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriber } from '../workouts/client.js';

describe('chat: the OpenAI trainer (real SDK against a local stand-in server)', () => {
  let standIn: OpenAiStandIn;
  let server: TestServer;
  let token: string;
  const chat = (json: unknown) => server.call('POST', '/api/chat', { json, token });

  before(async () => {
    standIn = await new OpenAiStandIn().start();
    server = await startTestServer({ OPENAI_API_KEY: 'sk-test-standin', OPENAI_BASE_URL: standIn.url, OPENAI_MODEL: 'gpt-standin', OPENAI_TIMEOUT_MS: '700', CHAT_BURST_LIMIT: '1000' });
    ({ token } = await signUpSubscriber(server, { accessibilityNeeds: 'bad left shoulder', primaryGoal: 'Lose weight' }));
  });
  after(async () => {
    await server.stop();
    await standIn.close();
  });

  it('asks the model with a JSON-schema structured output and a system prompt of the profile and the safety rules; answers its reply', async () => {
    standIn.answers(replyJson('Here is a plan that is easy on the knee.', [modelWorkoutPlan()]));
    const history = [
      { role: 'user', content: 'Hi!' },
      { role: 'assistant', content: 'Hello, how can I help?' },
    ];
    const res = await chat(ask('Make me a workout plan', { recentHistory: history }));

    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ message: 'Here is a plan that is easy on the knee.', planData: [modelWorkoutPlan()] });

    expect(standIn.requests).to.have.length(1);
    const [request] = standIn.requests;
    expect(request!.authorization).to.equal('Bearer sk-test-standin');
    expect(request!.body.model).to.equal('gpt-standin');
    expect(request!.body.response_format.type).to.equal('json_schema');
    expect(request!.body.response_format.json_schema).to.include({ name: 'trainer_reply', strict: true });
    expect(request!.body.response_format.json_schema.schema.required).to.deep.equal(['message', 'planData']);
    const messages = request!.body.messages as { role: string; content: string }[];
    // The conversation comes from the log (empty so far), not from the client's recentHistory.
    expect(messages.map((m) => m.role)).to.deep.equal(['system', 'user']);
    expect(messages.slice(1)).to.deep.equal([{ role: 'user', content: 'Make me a workout plan' }]);
    expect(messages[0]!.content).to.contain('accessibility needs: bad left shoulder');
    expect(messages[0]!.content).to.contain('goals: Lose weight');
    expect(messages[0]!.content).to.contain('Never plan below about 1,200 kcal');
    expect(messages[0]!.content).to.contain('not a licensed professional');

    const events = await chatEvents(server, token);
    expect(events.map((e) => e.type)).to.deep.equal(['ChatQuestionAsked', 'ChatAnswerGiven', 'ChatPlanOffered']);
    const exchangeId = events[0]!.data.exchangeId;
    expect(events[0]!.data).to.deep.include({ message: 'Make me a workout plan', historyLength: 2, referencedMealPlanId: null, referencedRegimenId: null });
    expect(events[1]!.data).to.deep.include({ exchangeId, message: 'Here is a plan that is easy on the knee.', trainer: 'openai', model: 'gpt-standin' });
    expect(events[2]!.data).to.deep.include({ exchangeId, planType: 'workout', name: 'Three-Day Starter', plan: modelWorkoutPlan() });
  });

  it('"why this weight?": the model is given the targets and the sessions and sets they came from, by the same rule as /track', async () => {
    const lifter = await subscriber(server);
    const regimenId = await lifter.savePlan(samplePlan({ name: 'Push', workouts: [{ day: 1, summary: 'Push', exercises: [{ name: 'Dumbbell Bench Press', sets: 3, reps: '8-12', duration: 90 }] }] }));
    for (const at of ['2026-11-18T17:00:00Z', '2026-11-21T17:00:00Z']) {
      server.clock.set(at);
      const { sessionId } = (await lifter.post('/api/workout-session/start', { regimenId })).body as { sessionId: string };
      for (let i = 0; i < 3; i += 1) expect((await lifter.post('/api/workout-session/log-set', { sessionId, exercise: 'Dumbbell Bench Press', weightLb: 50, reps: 12 })).status).to.equal(201);
      await lifter.put('/api/workout-session/end', { sessionId, totalDuration: 30, completedExercises: [] });
    }
    const reason = ((await lifter.get(`/api/workout-session/workouts/${regimenId}`)).body as { reason: string }[])[0]!.reason;
    expect(reason).to.equal('3×12 at 50 lb on Nov 18 and Nov 21: every set reached 12 reps twice → try 55 lb for 8–12 reps.');
    standIn.answers(replyJson('Because you did 3×12 twice.', []));
    const res = await lifter.post('/api/chat', ask('Why this weight?'));
    expect(res.status).to.equal(200);
    const system = (standIn.requests[0]!.body.messages as { content: string }[])[0]!.content;
    expect(system).to.contain(`- Dumbbell Bench Press: 55 lb for 8 reps a set (plan reps: 8-12). Why: ${reason}`);
  });

  it('a plan it offers saves as offered, reps ranges and an empty summary included', async () => {
    standIn.answers(replyJson('Saved you a plan.', [modelWorkoutPlan()]));
    const offered = (await chat(ask('Another plan please'))).body.planData[0];
    const saved = await server.call('POST', '/api/savePlan', { json: offered, token });
    expect(saved.status).to.equal(201);
    const list = await server.call('GET', '/api/workouts', { token, headers: { 'X-Min-Position': String(saved.body.position) } });
    const plan = list.body.find((r: { regimen_id: string }) => r.regimen_id === saved.body.regimenId);
    expect(plan.name).to.equal('Three-Day Starter');
    expect(plan.workouts[0].exercises[0]).to.include({ name: 'Goblet Squat', reps: '8-12' });
    expect(plan.workouts[1]).to.include({ day_number: 2, summary_name: '' });
  });

  it('a malformed reply is asked for once more, with what was wrong; the second answer is passed on', async () => {
    standIn.answers({ content: 'Sure! Here is your plan: squats.' }, replyJson('Try three sets of squats.'));
    const res = await chat(ask('What should I do today?'));

    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ message: 'Try three sets of squats.', planData: [] });
    expect(standIn.requests).to.have.length(2);
    const retry = standIn.requests[1]!.body.messages as { role: string; content: string }[];
    expect(retry.at(-2)).to.deep.equal({ role: 'assistant', content: 'Sure! Here is your plan: squats.' });
    expect(retry.at(-1)!.role).to.equal('user');
    expect(retry.at(-1)!.content).to.match(/^That answer could not be used \(/);
  });

  it('malformed twice: 502 with a sentence, recorded as ChatAnswerFailed, nothing passed on', async () => {
    standIn.answers({ content: '{"message": 42}' }, { content: '{"planData": []}' });
    const before = (await chatEvents(server, token)).length;
    const res = await chat(ask('Hello?'));

    expect(res.status).to.equal(502);
    expect(res.body).to.deep.equal({ message: 'The AI trainer sent an answer we could not read. Please try again.' });
    expect(standIn.requests).to.have.length(2);
    const events = (await chatEvents(server, token)).slice(before);
    expect(events.map((e) => e.type)).to.deep.equal(['ChatQuestionAsked', 'ChatAnswerFailed']);
    expect(events[1]!.data.reason).to.match(/^malformed reply twice: message/);
  });

  it('a plan savePlan would refuse, unsafe or malformed, is never offered: asked once more, then the answer without it, saying why', async () => {
    const noExercises = modelWorkoutPlan({ workouts: [{ day: 1, summary: 'Rest', exercises: [] }] });
    const starving = modelMealPlan({ calorie_goal: 800 });
    const tooMuch = modelWorkoutPlan({ workouts: [{ day: 1, summary: 'Legs', exercises: [{ name: 'Goblet Squat', sets: 30, reps: '150', duration: 60 }] }] });
    standIn.answers(replyJson('Here you go.', [noExercises]), replyJson('Here you go.', [starving, tooMuch]));
    const before = (await chatEvents(server, token)).length;
    const res = await chat(ask('Plan please'));

    expect(res.status).to.equal(200);
    expect(res.body.planData).to.deep.equal([]);
    expect(res.body.message).to.match(/^Here you go\.\n\nI did not offer the plans I wrote: /);
    expect(res.body.message).to.contain('calorie_goal: calorie_goal must be at least 1200 kcal a day');
    expect(res.body.message).to.contain('workouts.0.exercises.0.sets: sets must be at most 20 for one exercise');
    expect(res.body.message).to.contain('workouts.0.exercises.0.reps: reps must be at most 100 a set');
    const retry = standIn.requests[1]!.body.messages as { content: string }[];
    expect(retry.at(-1)!.content).to.contain('planData.0: workouts: the plan needs at least one exercise');
    const events = (await chatEvents(server, token)).slice(before);
    expect(events.map((e) => e.type)).to.deep.equal(['ChatQuestionAsked', 'ChatAnswerGiven']);
  });

  it('the same rules wrap the model: a plan breaking a diet said earlier in chat is asked for again, then not offered', async () => {
    const { token: vegetarian } = await signUpSubscriber(server);
    standIn.answers(replyJson('Noted.'));
    await server.call('POST', '/api/chat', { json: ask('I am vegetarian'), token: vegetarian });
    const salmon = modelMealPlan();
    standIn.answers(replyJson('Here is a plan.', [salmon]), replyJson('Here is a plan.', [salmon]));
    const res = await server.call('POST', '/api/chat', { json: ask('Make me a meal plan'), token: vegetarian });
    expect(res.status).to.equal(200);
    expect(res.body.planData).to.deep.equal([]);
    expect(res.body.message).to.contain('("Salmon with rice") holds a food the person does not eat');
    const system = (standIn.requests[0]!.body.messages as { content: string }[])[0]!.content;
    expect(system).to.contain('Kept to: vegetarian (you told me earlier: "I am vegetarian")');
    expect((standIn.requests[1]!.body.messages as { content: string }[]).at(-1)!.content).to.contain('holds a food the person does not eat');
  });

  it('an invalid plan and then a valid one: only the valid one reaches the client', async () => {
    standIn.answers(replyJson('Plan!', [modelMealPlan({ calorie_goal: -5 })]), replyJson('Plan!', [modelMealPlan()]));
    const res = await chat(ask('Meal plan please'));
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ message: 'Plan!', planData: [modelMealPlan()] });
  });

  it("the provider's 429 becomes 503 with its Retry-After and a sentence, recorded as ChatAnswerFailed", async () => {
    standIn.answers({ status: 429, headers: { 'retry-after': '20' }, body: { error: { message: 'Rate limit reached', type: 'requests' } } });
    const before = (await chatEvents(server, token)).length;
    const res = await chat(ask('Hello'));

    expect(res.status).to.equal(503);
    expect(res.headers.get('retry-after')).to.equal('20');
    expect(res.body).to.deep.equal({ message: 'The AI trainer is busy right now. Please try again in 20 seconds.' });
    expect(standIn.requests).to.have.length(1);
    const events = (await chatEvents(server, token)).slice(before);
    expect(events.map((e) => [e.type, e.data.reason])).to.deep.equal([['ChatQuestionAsked', undefined], ['ChatAnswerFailed', 'provider rate limited (429)']]);
  });

  it("the provider's 500 becomes 502 with a sentence, recorded as ChatAnswerFailed", async () => {
    standIn.answers({ status: 500, body: { error: { message: 'The server had an error' } } });
    const before = (await chatEvents(server, token)).length;
    const res = await chat(ask('Hello'));

    expect(res.status).to.equal(502);
    expect(res.body).to.deep.equal({ message: 'The AI trainer had a problem answering. Please try again in a moment.' });
    expect(standIn.requests).to.have.length(1);
    const events = (await chatEvents(server, token)).slice(before);
    expect(events.map((e) => [e.type, e.data.reason])).to.deep.equal([['ChatQuestionAsked', undefined], ['ChatAnswerFailed', 'provider error 500']]);
  });

  it("the provider refusing our request (a bad key) becomes 502 'not available', recorded with the provider's status", async () => {
    standIn.answers({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } });
    const before = (await chatEvents(server, token)).length;
    const res = await chat(ask('Hello'));

    expect(res.status).to.equal(502);
    expect(res.body).to.deep.equal({ message: 'The AI trainer is not available right now. Please try again later.' });
    const events = (await chatEvents(server, token)).slice(before);
    expect(events[1]!.type).to.equal('ChatAnswerFailed');
    expect(events[1]!.data.reason).to.match(/^provider refused the request \(401\)/);
  });

  it("the model's refusal is its answer in words, with no plan", async () => {
    standIn.answers({
      status: 200,
      body: {
        id: 'chatcmpl-refusal',
        object: 'chat.completion',
        created: 1_763_478_000,
        model: 'gpt-standin',
        choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: "I can't help with that." }, logprobs: null, finish_reason: 'stop' }],
      },
    });
    const res = await chat(ask('Something I should not ask'));
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ message: "I can't help with that.", planData: [] });
  });

  it('a model slower than OPENAI_TIMEOUT_MS becomes 503 with a sentence, recorded as ChatAnswerFailed', async () => {
    standIn.answers({ ...replyJson('Too late.'), delayMs: 3000 });
    const before = (await chatEvents(server, token)).length;
    const started = Date.now();
    const res = await chat(ask('Hello'));

    expect(res.status).to.equal(503);
    expect(res.body).to.deep.equal({ message: 'The AI trainer is taking too long to answer right now. Please try again in a moment.' });
    expect(Date.now() - started).to.be.below(2500);
    const events = (await chatEvents(server, token)).slice(before);
    expect(events.map((e) => [e.type, e.data.reason])).to.deep.equal([['ChatQuestionAsked', undefined], ['ChatAnswerFailed', 'timeout after 700 ms']]);
  });
});
