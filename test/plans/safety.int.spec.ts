import { expect } from 'chai';
import { serverWithSubscriber } from '../support/accounts.js';
import type { TestServer } from '../support/server.js';
import { modelMealPlan, modelWorkoutPlan } from '../chat/openAiStandIn.js';

/** Every plan passes one check of physical and clinical bounds; sent to savePlan, an unsafe one is a 400 naming the field and the bound. */
describe('plan safety: POST /api/savePlan refuses a plan outside the physical and clinical bounds', () => {
  let server: TestServer;
  let token: string;
  before(async () => ({ server, token } = await serverWithSubscriber()));
  after(async () => server.stop());

  const meal = modelMealPlan().meals[0]!;
  const exercise = { name: 'Goblet Squat', sets: 3, reps: '10', duration: 60 };
  const cases: Array<[string, unknown, string]> = [
    ['a calorie goal under the floor', modelMealPlan({ calorie_goal: 900 }), 'calorie_goal: calorie_goal must be at least 1200 kcal a day: less needs medical supervision'],
    ['a calorie goal above the ceiling', modelMealPlan({ calorie_goal: 9000 }), 'calorie_goal: calorie_goal must be at most 6000 kcal a day'],
    ['a meal of 0 kcal', modelMealPlan({ meals: [{ ...meal, calories: 0, protein_grams: 0, carbs_grams: 0, fats_grams: 0 }] }), 'meals.0.calories: calories must be more than 0 kcal: a meal of nothing is not a meal'],
    ['calories that disagree with the macros', modelMealPlan({ meals: [{ ...meal, calories: 900 }] }), 'meals.0.calories: calories (900) must agree with the macros within 15%: 4 kcal per g of protein and carbs, 9 per g of fat make 351 kcal'],
    ['meat in a plan labelled vegetarian', modelMealPlan({ diet_type: 'Vegetarian', meals: [{ ...meal, meal: 'Baked salmon (120 g) + Brown rice (150 g)' }] }), 'meals.0.meal: "Baked salmon (120 g) + Brown rice (150 g)" does not fit the plan\'s diet_type (Vegetarian)'],
    ['more than 20 sets of one exercise', modelWorkoutPlan({ workouts: [{ day: 1, summary: 'A', exercises: [{ ...exercise, sets: 25 }] }] }), 'workouts.0.exercises.0.sets: sets must be at most 20 for one exercise'],
    ['more than 100 reps', modelWorkoutPlan({ workouts: [{ day: 1, summary: 'A', exercises: [{ ...exercise, reps: '50-150' }] }] }), 'workouts.0.exercises.0.reps: reps must be at most 100 a set'],
    ['one exercise longer than 2 hours', modelWorkoutPlan({ workouts: [{ day: 1, summary: 'A', exercises: [{ ...exercise, name: 'Brisk Walk (180 min)', sets: 1, reps: '1' }] }] }), 'workouts.0.exercises.0.name: one exercise must last at most 2 hours'],
  ];
  for (const [what, plan, message] of cases) {
    it(`refuses ${what}`, async () => {
      const res = await server.call('POST', '/api/savePlan', { json: plan, token });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message });
    });
  }

  it('takes the same plans inside the bounds', async () => {
    expect((await server.call('POST', '/api/savePlan', { json: modelMealPlan({ diet_type: 'Vegetarian', meals: [{ ...meal, meal: 'Oatmeal with berries' }] }), token })).status).to.equal(201);
    expect((await server.call('POST', '/api/savePlan', { json: modelWorkoutPlan(), token })).status).to.equal(201);
    // Keto and low-carb are about portions and macros, not one food's name: their labels are not read as exclusions.
    expect((await server.call('POST', '/api/savePlan', { json: modelMealPlan({ diet_type: 'Low carb' }), token })).status).to.equal(201);
  });
});
