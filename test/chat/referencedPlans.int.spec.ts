import { expect } from 'chai';
import { signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { OpenAiStandIn, modelMealPlan, modelWorkoutPlan, replyJson } from './openAiStandIn.js';
import { ask, chatEvents } from './support.js';
import { dailyTargets } from '../../services/domain/coach/targets.js';
import { profileOfAnswer } from '../../services/query/src/accounts/profile/profileFields.js';

describe("chat: the user's primary plans in the trainer's context (useMealPlan, useWorkoutPlan)", () => {
  let standIn: OpenAiStandIn;
  let server: TestServer;
  before(async () => {
    standIn = await new OpenAiStandIn().start();
    server = await startTestServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: standIn.url, CHAT_BURST_LIMIT: '1000' });
  });
  after(async () => {
    await server.stop();
    await standIn.close();
  });

  const systemPromptSent = () => (standIn.requests.at(-1)!.body.messages as { role: string; content: string }[])[0]!.content;
  const save = async (token: string, plan: unknown) => {
    const res = await server.call('POST', '/api/savePlan', { json: plan, token });
    expect(res.status).to.equal(201);
    return res.body as { regimenId?: string; mealPlanId?: string };
  };

  it('with useMealPlan the primary meal plan (not another) is part of the context, and the question names it', async () => {
    const { token } = await signUpSubscriber(server, { equipment: 'bodyweight', units: 'kg' });
    const { mealPlanId } = await save(token, modelMealPlan({ name: 'Salmon Week' }));
    await save(token, modelMealPlan({ name: 'Other Plan' }));
    standIn.answers(replyJson('Your Salmon Week plan looks good.'));

    const res = await server.call('POST', '/api/chat', { json: ask('Is my meal plan OK?', { useMealPlan: true }), token });
    expect(res.status).to.equal(200);
    const prompt = systemPromptSent();
    expect(prompt).to.contain('They are asking about their primary meal plan:\n"Salmon Week": Simple meals around 1,800 kcal.');
    expect(prompt).to.contain('Day 1 Dinner: Salmon with rice (600 kcal, protein 40 g, carbs 55 g, fats 22 g; allergens: fish)');
    expect(prompt).not.to.contain('Other Plan');
    expect(prompt).not.to.contain('primary workout plan');
    // The model is held to the same safety rules as the built-in coach, and told how its text is shown
    expect(prompt).to.contain('Chest pain or pressure, dizziness, fainting');
    expect(prompt).to.contain('lines starting "- " (or "1. ") are shown as a list');
    // One number each: the model is told the targets the dashboard and the built-in coach show, and where they train.
    const profile = (await server.call('GET', '/api/profile', { token })).body;
    const t = dailyTargets(profileOfAnswer(profile));
    expect(prompt).to.contain(`use exactly these numbers): ${t.target} kcal, ${t.proteinGrams} g protein, ${t.carbsGrams} g carbs and ${t.fatsGrams} g fat.`);
    expect(prompt).to.contain('trains with: body weight only; weights shown in kg');
    const [asked] = await chatEvents(server, token);
    expect(asked!.data).to.deep.include({ referencedMealPlanId: mealPlanId, referencedRegimenId: null });
  });

  it('with useWorkoutPlan the primary regimen follows Make Primary, and shows the day the user is on', async () => {
    const { token } = await signUpSubscriber(server);
    await save(token, modelWorkoutPlan({ name: 'First Plan' }));
    const { regimenId } = await save(token, modelWorkoutPlan({ name: 'Knee Friendly' }));
    const selected = await server.call('POST', `/api/user/regimens/${regimenId}/select`, { token });
    expect(selected.status).to.equal(200);
    await server.call('POST', '/api/dashboard/advance-workout-day', { json: { regimenId }, token });
    standIn.answers(replyJson('Day 2 is glute bridges.'));

    const res = await server.call('POST', '/api/chat', { json: ask('What is next?', { useWorkoutPlan: true }), token });
    expect(res.status).to.equal(200);
    const prompt = systemPromptSent();
    expect(prompt).to.contain('They are asking about their primary workout plan:\n"Knee Friendly": Full-body sessions to build a habit.');
    expect(prompt).to.contain('they are on day 2 of 2');
    expect(prompt).to.contain('Day 1 (Full body A): Goblet Squat 3x8-12, 60 s; Push-up 3x10, 60 s');
    expect(prompt).not.to.contain('First Plan');
    const [asked] = await chatEvents(server, token);
    expect(asked!.data).to.deep.include({ referencedMealPlanId: null, referencedRegimenId: regimenId });
  });

  it('asking about a plan the user does not have yet: the question is answered without one', async () => {
    const { token } = await signUpSubscriber(server);
    standIn.answers(replyJson('You have no meal plan yet; shall I make one?'));
    const res = await server.call('POST', '/api/chat', { json: ask('How is my plan?', { useMealPlan: true, useWorkoutPlan: true }), token });
    expect(res.status).to.equal(200);
    expect(systemPromptSent()).not.to.contain('They are asking about their primary');
    const [asked] = await chatEvents(server, token);
    expect(asked!.data).to.deep.include({ referencedMealPlanId: null, referencedRegimenId: null });
  });
});
