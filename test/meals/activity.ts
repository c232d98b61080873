import { mealPlanStream } from '../../events/streams.js';
import { grantRole } from '../support/accounts.js';
import { succeeding } from '../support/client.js';
import type { TestServer } from '../support/server.js';
import { gramsStylePlan, shortStylePlan } from './http.js';

/** The meal plans part of a day of real use (for the replay tests): every meal plan event type, in a real order. */
export async function mealPlanActivity(server: TestServer, token: string): Promise<void> {
  await grantRole(server, token, 3); // the role is checked against the log, so the token in hand works at once
  const call = succeeding(server, token);
  const { mealPlanId } = await call('POST', '/api/savePlan', gramsStylePlan());
  const spare = await call('POST', '/api/savePlan', shortStylePlan());
  // The user subscribed first, so the workers' starter meal plan may be primary already: choose this one.
  await call('POST', `/api/user/meal-plans/${mealPlanId}/select`);
  const mealIds = (await server.system.events.readStream(mealPlanStream(mealPlanId)))[0]!.data as { meals: Array<{ mealPlanMealId: string; dayNumber: number }> };
  const [first, second] = mealIds.meals.filter((m) => m.dayNumber === 1);
  await call('POST', '/api/dashboard/log-meal', { mealPlanMealId: first!.mealPlanMealId });
  server.clock.advance(3600 * 1000);
  await call('POST', '/api/dashboard/log-meal', { mealPlanMealId: second!.mealPlanMealId });
  await call('POST', '/api/dashboard/undo-meal');
  await call('POST', '/api/dashboard/advance-meal-day', { mealPlanId });
  await call('POST', `/api/user/meal-plans/${spare.mealPlanId}/select`);
  await call('POST', `/api/user/meal-plans/${mealPlanId}/select`);
  await call('DELETE', `/api/user/meal-plans/${spare.mealPlanId}`);
}
