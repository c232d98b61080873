import { expect } from 'chai';
import { foodNamed } from '../../services/domain/nutrition/foods.js';
import { exerciseNamed } from '../../services/domain/training/exerciseIdentity.js';
import { signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ask } from './support.js';

const MEAT_OR_FISH = ['meat', 'pork', 'poultry', 'fish', 'shellfish'];
const meatIn = (plan: { meals: Array<{ meal: string }> }) =>
  plan.meals.flatMap((m) => m.meal.split(' + ').map((part) => foodNamed(part.replace(/\s*\(.*$/, ''))!)).filter((f) => MEAT_OR_FISH.includes(f.source)).map((f) => f.name);

/** The built-in coach over HTTP, as the 52-year-old vegetarian beginner with bad knees from the report used it. */
describe('chat: the trainer keeps what you told it, talks about its own plans, and remembers the conversation', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ CHAT_BURST_LIMIT: '1000' })));
  after(async () => server.stop());

  const reader = { age: 52, gymExperience: 0.05, weeklyWorkoutFrequency: 3, accessibilityNeeds: 'bad knees', primaryGoal: 'Lose weight' };
  const chat = (token: string, message: string, fields: Record<string, unknown> = {}) => server.call('POST', '/api/chat', { json: ask(message, fields), token });

  it('"I am vegetarian" said in chat binds the plan and every swap after it, and the reply says where it came from', async () => {
    const { token } = await signUpSubscriber(server, reader);
    const noted = await chat(token, 'I am vegetarian');
    expect(noted.body.message).to.match(/^Noted: vegetarian\. Every plan and swap I write from now on keeps to it/);
    const made = await chat(token, 'Make me a meal plan');
    const plan = made.body.planData[0];
    expect(plan.name).to.match(/^Vegetarian/);
    expect(meatIn(plan)).to.deep.equal([]);
    expect(made.body.message).to.contain('vegetarian (you told me earlier: "I am vegetarian")');
    const saved = await server.call('POST', '/api/savePlan', { json: plan, token });
    expect(saved.status).to.equal(201);

    for (const message of ['swap dinner on day 2', 'swap the lunch on day 1']) {
      const swapped = await chat(token, message, { useMealPlan: true });
      expect(swapped.status).to.equal(200);
      expect(swapped.body.planData, swapped.body.message).to.have.length(1);
      expect(meatIn(swapped.body.planData[0]), message).to.deep.equal([]);
      expect(swapped.body.message).to.contain('vegetarian (you told me earlier: "I am vegetarian"; from the plan being changed)');
      expect(swapped.body.message).not.to.match(/salmon|steak/i);
    }
  });

  it('answers "why" about its own plan from the reasons kept with it, and swaps in plain words without /exercise', async () => {
    const { token } = await signUpSubscriber(server, reader);
    const made = await chat(token, 'Make me a workout plan');
    const plan = made.body.planData[0];
    const names: string[] = plan.workouts.flatMap((w: { exercises: Array<{ name: string }> }) => w.exercises.map((e) => e.name));
    expect(names).to.include('Box Squat to a High Box');
    // The reasons travel with the plan, so they survive saving it.
    const line = plan.workouts.flatMap((w: { exercises: Array<{ name: string; why?: string }> }) => w.exercises).find((e: { name: string }) => e.name === 'Box Squat to a High Box');
    expect(line.why).to.match(/^a squat for your quads and glutes on Full body . days; it limits deep knee bending.*, because of your knees \(from the accessibility needs on your profile\)/);

    const why = await chat(token, 'Why did you pick the box squat?');
    expect(why.body.message).to.contain('**Box Squat to a High Box**').and.to.contain('limits deep knee bending');
    const whyThis = await chat(token, 'Why this exercise?');
    expect(whyThis.body.message).to.match(/^Why I picked each exercise of day 1/);

    const home = await chat(token, 'Can I do this workout at home?');
    expect(home.body.message).to.match(/^(Yes|Not all of it)/);

    // Saved as primary, then changed in plain words: no slash command.
    expect((await server.call('POST', '/api/savePlan', { json: plan, token })).status).to.equal(201);
    const swap = await chat(token, 'Swap the box squat for something else');
    expect(swap.status).to.equal(200);
    expect(swap.body.planData, swap.body.message).to.have.length(1);
    const swappedNames: string[] = swap.body.planData[0].workouts.flatMap((w: { exercises: Array<{ name: string }> }) => w.exercises.map((e) => e.name));
    expect(swappedNames).not.to.include('Box Squat to a High Box');
    for (const name of swappedNames) expect(exerciseNamed(name)!.contraindications, name).not.to.include('knee');
    expect(swap.body.message).to.match(/^Swap Box Squat to a High Box for /);
  });

  it('the conversation is kept in the log: history pages newest last with its plans, a new conversation starts empty, what was said still binds', async () => {
    const { token } = await signUpSubscriber(server, reader);
    await chat(token, "I'm vegan");
    const made = await chat(token, 'Make me a meal plan');
    const history = await server.call('GET', '/api/chat/history', { token });
    expect(history.status).to.equal(200);
    expect(history.body.olderBefore).to.equal(null);
    expect(history.body.exchanges.map((x: { question: string }) => x.question)).to.deep.equal(["I'm vegan", 'Make me a meal plan']);
    expect(history.body.exchanges[1]).to.deep.include({ answer: made.body.message, failed: false, planData: made.body.planData });

    const page = await server.call('GET', '/api/chat/history?limit=1', { token });
    expect(page.body.exchanges.map((x: { question: string }) => x.question)).to.deep.equal(['Make me a meal plan']);
    const older = await server.call('GET', `/api/chat/history?limit=1&before=${page.body.olderBefore}`, { token });
    expect(older.body.exchanges.map((x: { question: string }) => x.question)).to.deep.equal(["I'm vegan"]);
    expect((await server.call('GET', '/api/chat/history?limit=0', { token })).status).to.equal(400);

    const fresh = await server.call('POST', '/api/chat/conversations', { token });
    expect(fresh.status).to.equal(201);
    expect((await server.call('GET', '/api/chat/history', { token })).body.exchanges).to.deep.equal([]);
    const again = await chat(token, 'Make me a meal plan');
    expect(again.body.planData[0].name).to.match(/^Vegan/);
    // Another user's history is not theirs to read.
    const other = await signUpSubscriber(server);
    expect((await server.call('GET', '/api/chat/history', { token: other.token })).body.exchanges).to.deep.equal([]);
  });

  it('history reads a page from the end of the chat log, never the whole stream, and pages back to the conversation start', async () => {
    const { token } = await signUpSubscriber(server);
    await chat(token, 'hello before the new conversation');
    await server.call('POST', '/api/chat/conversations', { token });
    for (let i = 1; i <= 30; i++) await chat(token, `question ${i}`);
    const events = server.system.events;
    const whole = events.readStream;
    let read = 0;
    const backward = events.readStreamBackward.bind(events);
    events.readStream = async (stream, from) => {
      if (stream.startsWith('chat-')) throw new Error(`read the whole of ${stream}`);
      return whole.call(events, stream, from);
    };
    events.readStreamBackward = async (stream, before, limit) => {
      const page = await backward(stream, before, limit);
      read += page.length;
      return page;
    };
    try {
      const questions: string[] = [];
      let before: number | null | undefined;
      let pages = 0;
      do {
        read = 0;
        const res = await server.call('GET', `/api/chat/history?limit=3${before ? `&before=${before}` : ''}`, { token });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        // A page of 3 exchanges (2 events each here) reads a bounded slice of the 60+ events, not all of them.
        expect(read, `events read for page ${pages + 1}`).to.be.at.most(20);
        questions.unshift(...res.body.exchanges.map((x: { question: string }) => x.question));
        before = res.body.olderBefore;
        pages += 1;
      } while (before !== null && pages < 20);
      expect(questions).to.deep.equal(Array.from({ length: 30 }, (_, i) => `question ${i + 1}`));
      expect(pages).to.equal(10);
    } finally {
      events.readStream = whole;
      events.readStreamBackward = backward;
    }
  });

  it('one protein target: the plan, "how much protein?" about it, and the dashboard show the same number', async () => {
    const { token } = await signUpSubscriber(server, reader);
    const plan = (await chat(token, 'Make me a meal plan')).body.planData[0];
    const saved = await server.call('POST', '/api/savePlan', { json: plan, token });
    expect(saved.status).to.equal(201);
    const asked = await chat(token, 'How much protein?', { useMealPlan: true });
    const grams = Number(/^About (\d+) g of protein a day/.exec(asked.body.message)![1]);
    expect(plan.description).to.contain(`${grams} g protein, `);
    const summary = await server.call('GET', '/api/dashboard/summary', { token, headers: { 'X-Min-Position': String(saved.body.position) } });
    expect(summary.body.nutrition.dailyGoals).to.include({ calories: plan.calorie_goal, protein: grams });
  });
});
