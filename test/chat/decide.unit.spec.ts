import { expect } from 'chai';
import { newEvent, validateForAppend } from '../../events/catalog.js';
import type { WorkoutPlanData } from '../../services/domain/coach/types.js';
import { askQuestion, giveAnswer, recordFailure } from '../../services/command/src/coach/decide.js';
import { readReply } from '../../services/command/src/coach/reply.js';
import { modelMealPlan, modelWorkoutPlan } from './openAiStandIn.js';

const now = '2026-11-18T15:00:00.000Z';
const ids = { userId: 'user-ann', exchangeId: 'x1' };

describe('chat: the events of an exchange', () => {
  it('a question records what was asked, what it referenced and its size', () => {
    const events = askQuestion({ ...ids, message: 'Hi', historyLength: 2, referencedMealPlanId: 'm1', referencedRegimenId: null, inputTokens: 7, now });
    expect(events).to.deep.equal([
      newEvent('ChatQuestionAsked', { ...ids, message: 'Hi', historyLength: 2, referencedMealPlanId: 'm1', referencedRegimenId: null, inputTokens: 7, askedAt: now }),
    ]);
    validateForAppend(events);
  });

  it('an answer records who wrote it, then one ChatPlanOffered per plan, as the client received it', () => {
    const plan = modelWorkoutPlan() as WorkoutPlanData;
    const events = giveAnswer({ ...ids, reply: { message: 'Here.', planData: [plan] }, trainer: { kind: 'openai', model: 'gpt-x' }, now });
    expect(events).to.deep.equal([
      newEvent('ChatAnswerGiven', { ...ids, message: 'Here.', trainer: 'openai', model: 'gpt-x', answeredAt: now }),
      newEvent('ChatPlanOffered', { ...ids, planType: 'workout', name: 'Three-Day Starter', plan: { ...plan }, offeredAt: now }),
    ]);
    validateForAppend(events);
  });

  it('a failure records why', () => {
    const events = recordFailure({ ...ids, reason: 'provider error 500', now });
    expect(events).to.deep.equal([newEvent('ChatAnswerFailed', { ...ids, reason: 'provider error 500', failedAt: now })]);
    validateForAppend(events);
  });
});

describe("chat: reading a trainer's reply (the gate before the client)", () => {
  it('passes a message with plans savePlan accepts, exactly as written', () => {
    const reading = readReply({ message: 'Two plans.', planData: [modelWorkoutPlan(), modelMealPlan({ calorie_goal: '1800' })] });
    expect(reading).to.deep.equal({ ok: true, reply: { message: 'Two plans.', planData: [modelWorkoutPlan(), modelMealPlan({ calorie_goal: '1800' })] }, refused: [] });
  });

  it('says what is wrong with anything else', () => {
    expect(readReply('not JSON: Sure!')).to.deep.equal({ ok: false, problem: 'Invalid input: expected object, received string' });
    expect(readReply({ message: '', planData: [] })).to.deep.equal({ ok: false, problem: 'message: the reply is empty' });
    expect(readReply({ message: 'x', planData: [1, 2, 3, 4].map(() => modelMealPlan()) }).ok).to.equal(false);
    // Only a plan is wrong: the message goes on without it, and the reading says which plan was left out and why.
    expect(readReply({ message: 'x', planData: [{ planType: 'yoga' }] })).to.deep.equal({ ok: true, reply: { message: 'x', planData: [] }, refused: ["planData.0: planType must be 'meal' or 'workout'"] });
    expect(readReply({ message: 'x', planData: [modelWorkoutPlan({ duration_weeks: 0 })] })).to.deep.include({
      refused: ['planData.0: duration_weeks: duration_weeks must be at least 1'],
    });
    // With no message either, there is nothing to pass on.
    expect(readReply({ message: '', planData: [modelMealPlan({ calorie_goal: 500 })] })).to.deep.equal({
      ok: false,
      problem: 'planData.0: calorie_goal: calorie_goal must be at least 1200 kcal a day: less needs medical supervision',
    });
  });

  it('an empty message beside a plan is an answer (the client shows the plan)', () => {
    expect(readReply({ message: '', planData: [modelMealPlan()] }).ok).to.equal(true);
  });
});
