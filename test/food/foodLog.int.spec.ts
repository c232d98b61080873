import { expect } from 'chai';
import { foodLogStream } from '../../events/streams.js';
import { userClient } from '../support/client.js';
import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { mealPlans, refusedWithoutEvents, savePlan } from '../meals/http.js';

describe('the food log over HTTP', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  const post = (token: string, json: unknown, path = '/api/food-log') => server.call('POST', path, { token, json });
  const day = (token: string, position: number, date: string) => userClient(server, token, position).read(`/api/food-log?date=${date}`);

  it('searches the catalogue: up to 20 foods with their portions, forgiving of word order; a missing query is a 400', async () => {
    const { token } = await signUpSubscriber(server);
    const found = await server.call('GET', '/api/foods?q=pizza%20veggie', { token });
    expect(found.status).to.equal(200);
    expect(found.body.foods[0]).to.include({ id: '21499', name: 'Vegetable pizza, thin crust (frozen, baked)' });
    expect(found.body.foods[0].portions).to.deep.include({ label: '1/3 pizza', grams: 116 });
    expect((await server.call('GET', '/api/foods?q=a', { token })).body.foods.length).to.be.at.most(20);
    expect((await server.call('GET', '/api/foods', { token })).status).to.equal(400);
    expect((await server.call('GET', '/api/foods?q=pizza')).status).to.equal(401);
  });

  it("logs a catalogue food by portion, a typed food and calories alone; the day's totals are the sum of its entries", async () => {
    const { token } = await signUpSubscriber(server, { timeZone: 'America/New_York' });
    server.clock.set('2026-11-18T17:00:00.000Z'); // noon in New York
    const pizza = await post(token, { meal_time: 'Lunch', food: '21499', portion: '1/3 pizza', quantity: 2 });
    expect(pizza.status, JSON.stringify(pizza.body)).to.equal(201);
    expect(pizza.body).to.include({ name: 'Vegetable pizza, thin crust (frozen, baked)', calories: 520 }); // 224 kcal/100 g × 232 g
    const coffee = await post(token, { meal_time: 'Breakfast', kcal: 5, name: 'Coffee' });
    const shake = await post(token, { meal_time: 'Snack', custom: { name: 'Mum’s banana shake', kcal: 310, protein: 12, carbs: 50, fats: 7 } });
    expect([coffee.status, shake.status]).to.deep.equal([201, 201]);

    const answer = await day(token, shake.body.position, '2026-11-18');
    expect(answer.meals.map((m: any) => m.mealTime)).to.deep.equal(['Breakfast', 'Lunch', 'Snack']);
    expect(answer.totals).to.deep.equal({ calories: 835, protein: 12 + 29, carbs: 50 + 56.8, fats: 7 + 19.5 });
    expect(answer.targets.calories).to.be.above(1000);
    expect(answer.targets).to.have.keys('calories', 'protein', 'carbs', 'fats');
    // The typed food is remembered for the person.
    const mine = await userClient(server, token, shake.body.position).read('/api/foods/mine');
    expect((mine).recent[0]).to.include({ name: 'Mum’s banana shake', kcal: 310, times: 1 });
  });

  it('remembers the foods a person typed: the latest first among the recent, the most logged first among the frequent', async () => {
    const { token } = await signUpSubscriber(server);
    server.clock.set('2026-11-18T08:00:00.000Z');
    const shake = { name: 'Banana shake', kcal: 310, protein: 12, carbs: 50, fats: 7 };
    await post(token, { meal_time: 'Breakfast', custom: shake });
    server.clock.set('2026-11-18T09:00:00.000Z');
    await post(token, { meal_time: 'Snack', custom: { ...shake, name: 'banana SHAKE' }, quantity: 2 });
    server.clock.set('2026-11-18T12:00:00.000Z');
    await post(token, { meal_time: 'Lunch', kcal: 400, name: 'Quick soup' });
    const last = await post(token, { meal_time: 'Lunch', custom: { name: 'Lentil soup', kcal: 280 } });
    const mine = await userClient(server, token, last.body.position).read('/api/foods/mine');
    // One serving each (the shake logged twice as 2 servings counts 310 kcal a serving); a quick add is not a food of one's own.
    expect(mine.recent.map((f: any) => [f.name, f.kcal, f.times])).to.deep.equal([
      ['Lentil soup', 280, 1],
      ['banana SHAKE', 310, 2],
    ]);
    expect(mine.frequent.map((f: any) => f.name)).to.deep.equal(['banana SHAKE', 'Lentil soup']);
    const other = await signUpSubscriber(server);
    expect((await userClient(server, other.token, last.body.position).read('/api/foods/mine')).recent).to.deep.equal([]);
  });

  it('counts an entry on the day of the person’s zone, not UTC’s', async () => {
    const { token } = await signUpSubscriber(server, { timeZone: 'America/New_York' });
    server.clock.set('2026-11-19T03:00:00.000Z'); // 22:00 on the 18th in New York
    const late = await post(token, { meal_time: 'Snack', kcal: 200 });
    expect((await day(token, late.body.position, '2026-11-18')).totals.calories).to.equal(200);
    expect((await day(token, late.body.position, '2026-11-19')).totals.calories).to.equal(0);
  });

  it('undoes an entry; bad input is a 400 and another user’s entry a 404, both changing nothing', async () => {
    const { token } = await signUpSubscriber(server);
    const other = await signUpSubscriber(server);
    server.clock.set('2026-11-18T12:00:00.000Z');
    const logged = await post(token, { meal_time: 'Lunch', food: '09040', portion: '1 medium (7" to 7-7/8" long)' });
    expect(logged.status, JSON.stringify(logged.body)).to.equal(201);
    await refusedWithoutEvents(server, 404, () => server.call('DELETE', `/api/food-log/${logged.body.entryId}`, { token: other.token }));
    for (const bad of [
      { meal_time: 'Brunch', kcal: 100 },
      { meal_time: 'Lunch' },
      { meal_time: 'Lunch', kcal: 100, food: '09040' },
      { meal_time: 'Lunch', food: 'nope' },
      { meal_time: 'Lunch', food: '09040', portion: '1 bucket' },
      { meal_time: 'Lunch', kcal: 1e9 },
      { meal_time: 'Lunch', kcal: 100, date: '2026-11-25' },
      { meal_time: 'Lunch', kcal: 100, extra: 1 },
    ]) {
      await refusedWithoutEvents(server, 400, () => post(token, bad));
    }
    const undone = await server.call('DELETE', `/api/food-log/${logged.body.entryId}`, { token });
    expect(undone.status).to.equal(200);
    expect((await day(token, undone.body.position, '2026-11-18')).meals).to.deep.equal([]);
    await refusedWithoutEvents(server, 404, () => server.call('DELETE', `/api/food-log/${logged.body.entryId}`, { token }));
  });

  it('copies yesterday’s lunch to today', async () => {
    const { token } = await signUpSubscriber(server);
    server.clock.set('2026-11-17T12:00:00.000Z');
    await post(token, { meal_time: 'Lunch', kcal: 300, name: 'Soup' });
    await post(token, { meal_time: 'Lunch', kcal: 150, name: 'Bread' });
    server.clock.set('2026-11-18T12:00:00.000Z');
    const copied = await post(token, { from_date: '2026-11-17', meal_time: 'Lunch' }, '/api/food-log/copy');
    expect(copied.status, JSON.stringify(copied.body)).to.equal(201);
    expect(copied.body.entryIds).to.have.length(2);
    const today = await day(token, copied.body.position, '2026-11-18');
    expect(today.meals[0].entries.map((e: any) => e.name)).to.deep.equal(['Soup', 'Bread']);
    await refusedWithoutEvents(server, 409, () => post(token, { from_date: '2026-11-16', meal_time: 'Lunch' }, '/api/food-log/copy'));
  });

  it('the trainer offers the entry for "two slices of veggie pizza for lunch", never a plan, and its offer logs as it is', async () => {
    const { token } = await signUpSubscriber(server);
    server.clock.set('2026-11-18T12:30:00.000Z');
    const chat = await server.call('POST', '/api/chat', { token, json: { message: 'I had two slices of veggie pizza for lunch', recentHistory: [], useMealPlan: false, useWorkoutPlan: false } });
    expect(chat.status, JSON.stringify(chat.body)).to.equal(200);
    expect(chat.body.planData).to.deep.equal([]);
    expect(chat.body.foodLog).to.include({ meal_time: 'Lunch', food: '21499', quantity: 2, calories: 520 });
    const { meal_time, food, portion, quantity } = chat.body.foodLog;
    const logged = await post(token, { meal_time, food, portion, quantity });
    expect(logged.status, JSON.stringify(logged.body)).to.equal(201);
    expect((await day(token, logged.body.position, '2026-11-18')).totals.calories).to.equal(520);
  });

  it("reads its own write: without a date, today in the person's zone (not the device's or UTC's), the entry in it", async () => {
    const { token } = await signUpSubscriber(server, { timeZone: 'Pacific/Auckland' });
    server.clock.set('2026-11-18T12:30:00.000Z'); // 01:30 on the 19th in Auckland, still the 18th in UTC
    const pizza = await post(token, { meal_time: 'Snack', food: '21499', portion: '1/3 pizza', quantity: 2 });
    expect(pizza.status, JSON.stringify(pizza.body)).to.equal(201);
    const today = await server.call('GET', '/api/food-log', { token, headers: { 'X-Min-Position': String(pizza.body.position) } });
    expect(today.headers.get('x-read-stale')).to.equal(null);
    expect(today.body).to.deep.include({ date: '2026-11-19' });
    expect(today.body.totals.calories).to.equal(520);
  });

  it('answers a date that is no date with a 400', async () => {
    const { token } = await signUpSubscriber(server);
    expect((await server.call('GET', '/api/food-log?date=2026-13-45', { token })).status).to.equal(400);
  });

  it("a day at a month's edge holds what was logged on it, wherever its instants fall in UTC's months, and nothing of the months around it", async () => {
    // Auckland is 13 hours ahead in December: breakfast on the 1st is logged on 30 November in UTC.
    const user = await signUpSubscriber(server, { timeZone: 'Pacific/Auckland' });
    const saved = await savePlan(server, user.token);
    const [plan] = await mealPlans(server, user.token, saved.position);
    const breakfast = plan.meals.find((m: any) => m.day_number === 1 && m.meal_time === 'Breakfast').meal_plan_meal_id as string;
    server.clock.set('2026-11-30T10:00:00.000Z'); // 23:00 on 30 November in Auckland
    await post(user.token, { meal_time: 'Snack', kcal: 111 });
    server.clock.set('2026-11-30T19:00:00.000Z'); // 08:00 on 1 December in Auckland
    const logged = await server.call('POST', '/api/dashboard/log-meal', { token: user.token, json: { mealPlanMealId: breakfast } });
    expect(logged.status).to.equal(201);
    server.clock.set('2026-12-01T10:30:00.000Z'); // 23:30 on 1 December in Auckland, 1 December in UTC
    await post(user.token, { meal_time: 'Snack', kcal: 222 });
    server.clock.set('2026-12-01T11:30:00.000Z'); // 00:30 on 2 December in Auckland
    const last = await post(user.token, { meal_time: 'Breakfast', kcal: 333 });

    const first = await day(user.token, last.body.position, '2026-12-01');
    expect(first.meals.map((m: any) => [m.mealTime, m.entries.map((e: any) => e.calories)])).to.deep.equal([
      ['Breakfast', [350]],
      ['Snack', [222]],
    ]);
    expect((await day(user.token, last.body.position, '2026-11-30')).totals.calories).to.equal(111);
    expect((await day(user.token, last.body.position, '2026-12-02')).totals.calories).to.equal(333);
  });

  it("logs what was eaten instead of a planned meal, beside the meals logged from the plan, in the same day", async () => {
    const user = await signUpSubscriber(server, { timeZone: 'UTC' });
    const saved = await savePlan(server, user.token);
    const [plan] = await mealPlans(server, user.token, saved.position);
    const meal = (time: string) => plan.meals.find((m: any) => m.day_number === 1 && m.meal_time === time).meal_plan_meal_id as string;
    server.clock.set('2026-11-18T08:00:00.000Z');
    const breakfast = await server.call('POST', '/api/dashboard/log-meal', { token: user.token, json: { mealPlanMealId: meal('Breakfast') } });
    expect(breakfast.status).to.equal(201);
    server.clock.set('2026-11-18T12:30:00.000Z');
    const instead = await post(user.token, { meal_time: 'Lunch', food: '21499', portion: '1/3 pizza', quantity: 2, instead_of: meal('Lunch') });
    expect(instead.status, JSON.stringify(instead.body)).to.equal(201);
    await refusedWithoutEvents(server, 404, () => post(user.token, { meal_time: 'Lunch', kcal: 1, instead_of: plan.meals.find((m: any) => m.day_number === 2).meal_plan_meal_id }));

    const answer = await day(user.token, instead.body.position, '2026-11-18');
    expect(answer.meals.map((m: any) => [m.mealTime, m.entries.map((e: any) => e.kind)])).to.deep.equal([
      ['Breakfast', ['planned']],
      ['Lunch', ['catalogue']],
    ]);
    expect(answer.meals[1].entries[0].insteadOf).to.equal(meal('Lunch'));
    expect(answer.totals.calories).to.equal(350 + 520);
    // The plan's lunch counts as done: the dashboard's next meal is dinner.
    const summary = (await userClient(server, user.token, instead.body.position).read('/api/dashboard/summary'));
    expect(summary.nutrition.nextMeal.name).to.equal('Chicken stir fry');
    expect(summary.nutrition.dailyLogged.calories).to.equal(350 + 520);
    const [stored] = await server.system.events.readStream(foodLogStream(decodeToken(user.token).sub as string));
    expect(stored!.data).to.include({ day: '2026-11-18', mealTime: 'Lunch', kind: 'catalogue', foodId: '21499' });
  });
});
