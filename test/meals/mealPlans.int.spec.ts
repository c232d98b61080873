import { expect } from 'chai';
import { mealPlanStream } from '../../events/streams.js';
import { signUpStaff, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { gramsStylePlan, mealPlans, profile, refusedWithoutEvents, savePlan, shortStylePlan } from './http.js';

const mealOf = (name: string, calories: number, protein: number, carbs: number, fats: number, allergens: string | null) => ({
  name,
  calories,
  protein_grams: protein,
  carbs_grams: carbs,
  fats_grams: fats,
  allergens,
});

/** Checks a listed plan: its fields but the meals, then its meals as [day, meal time, meal] in order; returns the meals. */
function expectListed(plan: any, fields: Record<string, unknown>, meals: unknown[][]): any[] {
  const { meals: listed, ...rest } = plan;
  expect(rest).to.deep.equal(fields);
  expect(listed.map((m: any) => [m.day_number, m.meal_time, m.meal])).to.deep.equal(meals);
  return listed;
}

describe('meal plans over HTTP', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('saves plans in either macro spelling and lists them field by field, primary first, meals in day and meal order', async () => {
    const { token } = await signUpSubscriber(server);
    const first = await savePlan(server, token, gramsStylePlan());
    expect(first).to.include({ message: 'Meal plan saved!' });
    expect(first.mealPlanId).to.be.a('string');
    const second = await savePlan(server, token, shortStylePlan());

    const stored = await server.system.events.readStream(mealPlanStream(first.mealPlanId));
    expect(stored.map((e) => e.type)).to.deep.equal(['MealPlanSaved']);

    const list = await mealPlans(server, token, second.position);
    expect(list).to.have.length(2);
    const [primary, other] = list;
    const primaryMeals = expectListed(primary, {
      meal_plan_id: first.mealPlanId,
      name: 'Balanced week',
      diet_type: 'Balanced',
      calorie_goal: 2100,
      description: 'Three simple days',
      current_day: 1,
      is_primary: true,
    }, [
      [1, 'Breakfast', mealOf('Oatmeal with berries', 350, 12, 60, 6, 'gluten')],
      [1, 'Lunch', mealOf('Turkey wrap', 500, 35, 45, 15, 'gluten, dairy')],
      [1, 'Dinner', mealOf('Chicken stir fry', 600, 45, 50, 18, null)],
      [1, 'Snack', mealOf('Apple and almonds', 200, 5, 25, 9, 'tree nuts')],
      [2, 'Dinner', mealOf('Salmon and rice', 650, 40, 60, 22, 'fish')],
      [3, 'Breakfast', mealOf('Eggs on toast', 400, 22, 30, 20, 'eggs, gluten')],
    ]);
    const ids = primaryMeals.map((m: any) => m.meal_plan_meal_id);
    expect(new Set(ids).size).to.equal(6);
    for (const m of primaryMeals) expect(Object.keys(m).sort()).to.deep.equal(['day_number', 'meal', 'meal_plan_meal_id', 'meal_time']);

    expectListed(other, {
      meal_plan_id: second.mealPlanId,
      name: 'Green days',
      diet_type: 'Vegan',
      calorie_goal: 1900,
      description: 'Plants only',
      current_day: 1,
      is_primary: false,
    }, [
      [1, 'Breakfast', mealOf('Tofu scramble', 380, 25, 15, 22, 'soy')],
      [1, 'Lunch', mealOf('Chickpea salad', 480, 20, 55, 16, null)],
      [2, 'Lunch', mealOf('Lentil soup', 450, 24, 60, 8, 'celery')],
    ]);
  });

  it('keeps exactly one primary plan, which the profile follows and which cannot be deleted', async () => {
    const { token, position: signedUp } = await signUpSubscriber(server);
    expect(await profile(server, token, signedUp)).to.include({ current_meal_plan_id: null, current_meal_day: 1 });
    expect(await mealPlans(server, token, signedUp)).to.deep.equal([]);

    const a = await savePlan(server, token);
    const b = await savePlan(server, token, shortStylePlan());
    expect(await profile(server, token, b.position)).to.include({ current_meal_plan_id: a.mealPlanId, current_meal_day: 1 });

    const refused = await refusedWithoutEvents(server, 409, () => server.call('DELETE', `/api/user/meal-plans/${a.mealPlanId}`, { token }));
    expect(refused.message).to.equal('The primary meal plan cannot be deleted. Make another plan primary first.');

    // B moves on a day, then becomes primary: the profile takes its day with it.
    const advanced = await server.call('POST', '/api/dashboard/advance-meal-day', { token, json: { mealPlanId: b.mealPlanId } });
    expect(advanced.status).to.equal(200);
    expect(advanced.body).to.include({ mealPlanId: b.mealPlanId, currentDay: 2 });
    expect(await profile(server, token, advanced.body.position)).to.include({ current_meal_plan_id: a.mealPlanId, current_meal_day: 1 });

    const selected = await server.call('POST', `/api/user/meal-plans/${b.mealPlanId}/select`, { token });
    expect(selected.status).to.equal(200);
    expect(selected.body).to.include({ message: 'Meal plan set as primary', mealPlanId: b.mealPlanId });
    expect(await profile(server, token, selected.body.position)).to.include({ current_meal_plan_id: b.mealPlanId, current_meal_day: 2 });
    const listed = await mealPlans(server, token, selected.body.position);
    expect(listed.map((p) => [p.meal_plan_id, p.is_primary, p.current_day])).to.deep.equal([
      [b.mealPlanId, true, 2],
      [a.mealPlanId, false, 1],
    ]);

    // Selecting the primary plan again is answered the same and changes nothing.
    const head = await server.system.events.headPosition();
    const again = await server.call('POST', `/api/user/meal-plans/${b.mealPlanId}/select`, { token });
    expect(again.status).to.equal(200);
    expect(await server.system.events.headPosition()).to.equal(head);

    // A third plan saved now is not primary: the user already has one.
    const c = await savePlan(server, token);
    const deleted = await server.call('DELETE', `/api/user/meal-plans/${a.mealPlanId}`, { token });
    expect(deleted.status).to.equal(200);
    expect(deleted.body).to.include({ message: 'Meal plan deleted', mealPlanId: a.mealPlanId });
    const after = await mealPlans(server, token, deleted.body.position);
    expect(after.map((p) => [p.meal_plan_id, p.is_primary])).to.deep.equal([
      [b.mealPlanId, true],
      [c.mealPlanId, false],
    ]);

    // A deleted plan is gone: every call on it is a 404.
    await refusedWithoutEvents(server, 404, () => server.call('DELETE', `/api/user/meal-plans/${a.mealPlanId}`, { token }));
    await refusedWithoutEvents(server, 404, () => server.call('POST', `/api/user/meal-plans/${a.mealPlanId}/select`, { token }));
    await refusedWithoutEvents(server, 404, () => server.call('POST', '/api/dashboard/advance-meal-day', { token, json: { mealPlanId: a.mealPlanId } }));
  });

  it('advances the day and starts over after the last one, the profile following the primary plan', async () => {
    const { token } = await signUpSubscriber(server);
    const { mealPlanId } = await savePlan(server, token); // three days
    const days: number[] = [];
    let position: number;
    for (let i = 0; i < 4; i += 1) {
      const advanced = await server.call('POST', '/api/dashboard/advance-meal-day', { token, json: { mealPlanId } });
      expect(advanced.status).to.equal(200);
      days.push(advanced.body.currentDay);
      position = advanced.body.position;
      const [plan] = await mealPlans(server, token, position);
      expect(plan.current_day).to.equal(advanced.body.currentDay);
      expect(await profile(server, token, position)).to.include({ current_meal_plan_id: mealPlanId, current_meal_day: advanced.body.currentDay });
    }
    expect(days).to.deep.equal([2, 3, 1, 2]);
    const events = await server.system.events.readStream(mealPlanStream(mealPlanId));
    expect(events.filter((e) => e.type === 'MealPlanDayAdvanced').map((e) => e.data)).to.deep.include({
      mealPlanId,
      userId: (events[0]!.data as { userId: string }).userId,
      fromDay: 3,
      toDay: 1,
      advancedAt: server.clock.now().toISOString(),
    });
  });

  it("answers 404 for another user's plans and meals, and lists none of them", async () => {
    const owner = await signUpSubscriber(server);
    const plan = await savePlan(server, owner.token);
    const [listed] = await mealPlans(server, owner.token, plan.position);
    const mealId = listed.meals[0].meal_plan_meal_id;

    const stranger = await signUpSubscriber(server);
    const { token } = stranger;
    expect(await mealPlans(server, token, stranger.position)).to.deep.equal([]);
    await refusedWithoutEvents(server, 404, () => server.call('POST', `/api/user/meal-plans/${plan.mealPlanId}/select`, { token }));
    await refusedWithoutEvents(server, 404, () => server.call('DELETE', `/api/user/meal-plans/${plan.mealPlanId}`, { token }));
    await refusedWithoutEvents(server, 404, () => server.call('POST', '/api/dashboard/advance-meal-day', { token, json: { mealPlanId: plan.mealPlanId } }));
    await refusedWithoutEvents(server, 404, () => server.call('POST', '/api/dashboard/log-meal', { token, json: { mealPlanMealId: mealId } }));
    // Even with a plan of his own, the stranger cannot log the owner's meal.
    await savePlan(server, token, shortStylePlan());
    await refusedWithoutEvents(server, 404, () => server.call('POST', '/api/dashboard/log-meal', { token, json: { mealPlanMealId: mealId } }));
    // And ids nobody has are the same 404.
    await refusedWithoutEvents(server, 404, () => server.call('POST', '/api/user/meal-plans/no-such-plan/select', { token }));
    await refusedWithoutEvents(server, 404, () => server.call('DELETE', `/api/user/meal-plans/${'x'.repeat(300)}`, { token }));
  });

  describe('who may call', () => {
    const calls = (id: string) =>
      [
        ['POST', '/api/savePlan', gramsStylePlan()],
        ['GET', '/api/meal-plans', undefined],
        ['POST', `/api/user/meal-plans/${id}/select`, undefined],
        ['DELETE', `/api/user/meal-plans/${id}`, undefined],
        ['POST', '/api/dashboard/advance-meal-day', { mealPlanId: id }],
        ['POST', '/api/dashboard/log-meal', { mealPlanMealId: 'any' }],
        ['POST', '/api/dashboard/undo-meal', undefined],
      ] as const;

    it('refuses a signed-in user without a subscription (role 1) with 403 everywhere', async () => {
      const subscriber = await signUpSubscriber(server);
      const { mealPlanId } = await savePlan(server, subscriber.token);
      const { token, position } = await signUpVerifiedUser(server);
      await profile(server, token, position);
      for (const [method, path, json] of calls(mealPlanId)) {
        await refusedWithoutEvents(server, 403, () => server.call(method, path, { token, json }));
      }
    });

    it('refuses a call without a token with 401 everywhere', async () => {
      for (const [method, path, json] of calls('some-plan')) {
        await refusedWithoutEvents(server, 401, () => server.call(method, path, { json }));
      }
    });

    it('lets staff (role 2) in like a subscriber', async () => {
      const staff = await signUpStaff(server);
      const saved = await savePlan(server, staff.token);
      expect((await mealPlans(server, staff.token, saved.position)).map((p) => p.meal_plan_id)).to.deep.equal([saved.mealPlanId]);
    });
  });

  it('refuses bad input with 400 naming the field, and appends nothing', async () => {
    const { token } = await signUpSubscriber(server);
    const { mealPlanId } = await savePlan(server, token);
    const plan = gramsStylePlan();
    const badPlans: Array<[unknown, string]> = [
      [{ ...plan, meals: [{ ...plan.meals[0], meal_time: 'Brunch' }] }, 'meals.0.meal_time'],
      [{ ...plan, meals: [{ ...plan.meals[0], protein: 6 }] }, 'meals.0.protein'],
      [{ ...plan, meals: [{ ...plan.meals[0], calories: -1 }] }, 'meals.0.calories'],
      [{ ...plan, meals: [{ ...plan.meals[0], meal: '' }] }, 'meals.0.meal'],
      [{ ...plan, meals: [] }, 'meals'],
      [{ ...plan, meals: undefined }, 'meals'],
      [{ ...plan, calorie_goal: 'lots' }, 'calorie_goal'],
      [{ ...plan, name: 'x'.repeat(121) }, 'name'],
      [{ ...plan, extra: true }, 'extra'],
      [{ ...plan, planType: 'snack' }, 'planType'],
    ];
    for (const [body, field] of badPlans) {
      const refused = await refusedWithoutEvents(server, 400, () => server.call('POST', '/api/savePlan', { token, json: body }));
      expect(refused.message).to.contain(field);
    }
    const badActions: Array<[string, unknown, string]> = [
      ['/api/dashboard/advance-meal-day', {}, 'mealPlanId'],
      ['/api/dashboard/advance-meal-day', { mealPlanId: 7 }, 'mealPlanId'],
      ['/api/dashboard/advance-meal-day', { mealPlanId, days: 2 }, 'days'],
      ['/api/dashboard/log-meal', {}, 'mealPlanMealId'],
      ['/api/dashboard/log-meal', { mealPlanMealId: ['a'] }, 'mealPlanMealId'],
      ['/api/dashboard/undo-meal', { mealPlanMealId: 'a' }, 'mealPlanMealId'],
    ];
    for (const [path, body, field] of badActions) {
      const refused = await refusedWithoutEvents(server, 400, () => server.call('POST', path, { token, json: body }));
      expect(refused.message).to.contain(field);
    }
    await refusedWithoutEvents(server, 400, () => server.call('POST', '/api/savePlan', { token, body: '{"planType": "meal",' }));
    await refusedWithoutEvents(server, 400, () => server.call('POST', '/api/dashboard/log-meal', { token, body: '[1,2]' }));
  });
});
