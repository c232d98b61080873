import { expect } from 'chai';
import { userClient } from '../support/client.js';
import type { TestServer } from '../support/server.js';

/** A meal plan as the chat hands it over (docs/product.md#what-the-app-keeps-and-answers "AI plan data"), macros named `*_grams`, meals out of order. */
export const gramsStylePlan = () => ({
  planType: 'meal',
  name: 'Balanced week',
  description: 'Three simple days',
  diet_type: 'Balanced',
  calorie_goal: 2100,
  meals: [
    { day: 1, meal_time: 'Snack', meal: 'Apple and almonds', calories: 200, protein_grams: 5, carbs_grams: 25, fats_grams: 9, allergens: 'tree nuts' },
    { day: 2, meal_time: 'Dinner', meal: 'Salmon and rice', calories: 650, protein_grams: 40, carbs_grams: 60, fats_grams: 22, allergens: 'fish' },
    { day: 1, meal_time: 'Dinner', meal: 'Chicken stir fry', calories: 600, protein_grams: 45, carbs_grams: 50, fats_grams: 18, allergens: null },
    { day: 1, meal_time: 'Breakfast', meal: 'Oatmeal with berries', calories: 350, protein_grams: 12, carbs_grams: 60, fats_grams: 6, allergens: 'gluten' },
    { day: 1, meal_time: 'Lunch', meal: 'Turkey wrap', calories: 500, protein_grams: 35, carbs_grams: 45, fats_grams: 15, allergens: ['gluten', 'dairy'] },
    { day: 3, meal_time: 'breakfast', meal: 'Eggs on toast', calories: 400, protein_grams: 22, carbs_grams: 30, fats_grams: 20, allergens: 'eggs, gluten' },
  ],
});

/** The same kind of plan with the short macro names (`protein`, `carbs`, `fats`). */
export const shortStylePlan = () => ({
  planType: 'meal',
  name: 'Green days',
  description: 'Plants only',
  diet_type: 'Vegan',
  calorie_goal: 1900,
  meals: [
    { day: 2, meal_time: 'Lunch', meal: 'Lentil soup', calories: 450, protein: 24, carbs: 60, fats: 8, allergens: 'celery' },
    { day: 1, meal_time: 'Lunch', meal: 'Chickpea salad', calories: 480, protein: 20, carbs: 55, fats: 16 },
    { day: 1, meal_time: 'Breakfast', meal: 'Tofu scramble', calories: 380, protein: 25, carbs: 15, fats: 22, allergens: 'soy' },
  ],
});

export async function savePlan(server: TestServer, token: string, body: unknown = gramsStylePlan()) {
  const saved = await server.call('POST', '/api/savePlan', { token, json: body });
  expect(saved.status, JSON.stringify(saved.body)).to.equal(201);
  return saved.body as { message: string; mealPlanId: string; position: number };
}

/** GET /api/meal-plans after the command answered `position`. */
export async function mealPlans(server: TestServer, token: string, position: number) {
  return (await userClient(server, token, position).read('/api/meal-plans')) as any[];
}

export async function profile(server: TestServer, token: string, position: number) {
  return (await userClient(server, token, position).read('/api/profile')) as { current_meal_plan_id: string | null; current_meal_day: number };
}

/** Runs a request and checks it was refused with `status` and that nothing was appended to the log. */
export async function refusedWithoutEvents(server: TestServer, status: number, request: () => Promise<{ status: number; body: any }>) {
  const head = await server.system.events.headPosition();
  const answer = await request();
  expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
  expect(answer.body.message).to.be.a('string').and.not.equal('');
  expect(await server.system.events.headPosition(), 'events appended').to.equal(head);
  return answer.body as { message: string };
}
