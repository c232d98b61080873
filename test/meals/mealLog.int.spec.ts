import { expect } from 'chai';
import { mealPlanStream } from '../../events/streams.js';
import { chunksOf } from '../../services/query/src/chunks.js';
import type { MealLogsDoc } from '../../services/query/src/nutrition/mealLogs.projection.js';
import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { mealPlans, refusedWithoutEvents, savePlan, shortStylePlan } from './http.js';

describe('logging meals over HTTP', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  const log = (token: string, mealPlanMealId: string) => server.call('POST', '/api/dashboard/log-meal', { token, json: { mealPlanMealId } });
  const undo = (token: string) => server.call('POST', '/api/dashboard/undo-meal', { token });

  /** A New York subscriber with the grams-style plan as primary; its meals by day and time. */
  async function subscriberWithPlan() {
    const user = await signUpSubscriber(server, { timeZone: 'America/New_York' });
    const saved = await savePlan(server, user.token);
    const [plan] = await mealPlans(server, user.token, saved.position);
    const meal = (day: number, time: string) => plan.meals.find((m: any) => m.day_number === day && m.meal_time === time).meal_plan_meal_id as string;
    return { ...user, userId: decodeToken(user.token).sub as string, mealPlanId: saved.mealPlanId, meal };
  }

  async function mealLogsOf(userId: string, position: number) {
    expect(await server.system.projector.waitFor(position, 2000)).to.equal(true);
    return (await server.system.readModels.range<MealLogsDoc>('mealLogs', chunksOf(userId))).flatMap((month) => month.logs);
  }

  it('logs a meal of the current day with its time and macros, once a day, and undoes the last one', async () => {
    const { token, userId, mealPlanId, meal } = await subscriberWithPlan();
    server.clock.set('2026-11-18T15:00:00.000Z'); // 10:00 in New York

    const logged = await log(token, meal(1, 'Breakfast'));
    expect(logged.status).to.equal(201);
    expect(logged.body).to.include({ message: 'Meal logged', mealPlanId, mealPlanMealId: meal(1, 'Breakfast'), loggedAt: '2026-11-18T15:00:00.000Z' });
    const [, fact] = await server.system.events.readStream(mealPlanStream(mealPlanId));
    expect(fact!.type).to.equal('MealLogged');
    expect(fact!.data).to.deep.include({
      userId,
      mealPlanId,
      mealPlanMealId: meal(1, 'Breakfast'),
      dayNumber: 1,
      mealTime: 'Breakfast',
      name: 'Oatmeal with berries',
      calories: 350,
      proteinGrams: 12,
      carbsGrams: 60,
      fatsGrams: 6,
      loggedAt: '2026-11-18T15:00:00.000Z',
    });

    const twice = await refusedWithoutEvents(server, 409, () => log(token, meal(1, 'Breakfast')));
    expect(twice.message).to.equal('That meal is already logged today');
    const otherDay = await refusedWithoutEvents(server, 409, () => log(token, meal(2, 'Dinner')));
    expect(otherDay.message).to.equal('That meal is on day 2 of the plan, which is on day 1 today');

    server.clock.set('2026-11-18T17:30:00.000Z');
    const lunch = await log(token, meal(1, 'Lunch'));
    expect(lunch.status).to.equal(201);
    expect((await mealLogsOf(userId, lunch.body.position)).map((l) => [l.meal_time, l.calories, l.logged_at])).to.deep.equal([
      ['Breakfast', 350, '2026-11-18T15:00:00.000Z'],
      ['Lunch', 500, '2026-11-18T17:30:00.000Z'],
    ]);

    server.clock.set('2026-11-18T18:00:00.000Z');
    const first = await undo(token);
    expect(first.status).to.equal(200);
    expect(first.body).to.include({ message: 'Meal log undone', mealPlanId, mealPlanMealId: meal(1, 'Lunch'), loggedAt: '2026-11-18T17:30:00.000Z' });
    const second = await undo(token);
    expect(second.body).to.include({ mealPlanMealId: meal(1, 'Breakfast') });
    const none = await refusedWithoutEvents(server, 409, () => undo(token));
    expect(none.message).to.equal('No meal logged today to undo');
    expect(await mealLogsOf(userId, second.body.position)).to.deep.equal([]);

    // Undone, the breakfast can be logged again the same day.
    expect((await log(token, meal(1, 'Breakfast'))).status).to.equal(201);
  });

  it("counts days in the user's zone and never undoes an earlier day's meal", async () => {
    server.clock.set('2026-11-18T15:00:00.000Z'); // the 18th, 10:00 in New York
    const { token, userId, meal } = await subscriberWithPlan();
    expect((await log(token, meal(1, 'Breakfast'))).status).to.equal(201);
    server.clock.set('2026-11-19T03:00:00.000Z'); // the 19th in UTC, still the 18th (22:00) in New York: day 1 of the plan
    expect((await log(token, meal(1, 'Lunch'))).status).to.equal(201);
    await refusedWithoutEvents(server, 409, () => log(token, meal(1, 'Breakfast')));

    server.clock.set('2026-11-19T14:00:00.000Z'); // the 19th in New York: the plan is on day 2
    await refusedWithoutEvents(server, 409, () => undo(token));
    await refusedWithoutEvents(server, 409, () => log(token, meal(1, 'Breakfast')));
    const again = await log(token, meal(2, 'Dinner'));
    expect(again.status).to.equal(201);
    const undone = await undo(token);
    expect(undone.body).to.include({ mealPlanMealId: meal(2, 'Dinner'), loggedAt: '2026-11-19T14:00:00.000Z' });
    await refusedWithoutEvents(server, 409, () => undo(token));
    expect((await mealLogsOf(userId, undone.body.position)).map((l) => l.logged_at)).to.deep.equal(['2026-11-18T15:00:00.000Z', '2026-11-19T03:00:00.000Z']);
  });

  it('logs only meals of the primary plan, and undoes only there', async () => {
    server.clock.set('2026-11-20T13:00:00.000Z');
    const { token, meal } = await subscriberWithPlan();
    expect((await log(token, meal(1, 'Breakfast'))).status).to.equal(201);
    const other = await savePlan(server, token, shortStylePlan());
    const otherMeal = (await mealPlans(server, token, other.position)).find((p) => p.meal_plan_id === other.mealPlanId).meals[0].meal_plan_meal_id;
    const notPrimary = await refusedWithoutEvents(server, 404, () => log(token, otherMeal));
    expect(notPrimary.message).to.equal('No such meal in your primary meal plan');

    const selected = await server.call('POST', `/api/user/meal-plans/${other.mealPlanId}/select`, { token });
    expect(selected.status).to.equal(200);
    await refusedWithoutEvents(server, 404, () => log(token, meal(1, 'Lunch')));
    // Today's breakfast was eaten from the plan that is no longer primary: undo works on the primary plan only.
    await refusedWithoutEvents(server, 409, () => undo(token));
    expect((await log(token, otherMeal)).status).to.equal(201);
    expect((await undo(token)).body).to.include({ mealPlanId: other.mealPlanId, mealPlanMealId: otherMeal });
  });

  it('has nothing to log or undo for a user without plans', async () => {
    const { token } = await signUpSubscriber(server);
    await refusedWithoutEvents(server, 404, () => log(token, 'anything'));
    await refusedWithoutEvents(server, 409, () => undo(token));
  });
});
