import type { TestServer } from './server.js';
import { grantRole, signUpSubscriber, signUpVerifiedUser } from './accounts.js';
import { mealPlanActivity } from '../meals/activity.js';
import { workoutActivity } from '../workouts/activity.js';
import { ticketActivity } from '../tickets/activity.js';
import { subscriptionActivity } from '../subscription/activity.js';
import { importActivity } from '../imports/activity.js';

/**
 * A little of everything a day of real use writes to the log, across users and days, so replay tests cover every
 * read model. Each slice adds its part here.
 */
export async function generateActivity(server: TestServer, users = 3): Promise<void> {
  const admin = await signUpVerifiedUser(server);
  await grantRole(server, admin.token, 2);
  for (let i = 0; i < users; i += 1) {
    server.clock.set(`2026-11-${String(10 + i).padStart(2, '0')}T09:00:00Z`);
    const { token, payload } = await signUpVerifiedUser(server, { username: `replay_user_${i}_${Math.random().toString(36).slice(2, 6)}` });
    server.clock.advance(24 * 3600 * 1000);
    await server.call('PUT', '/api/profile', {
      token,
      json: { name: `User ${i}`, age: 30 + i, gender: 'Other', height: 65 + i, weight: 170 - i, targetWeight: 160, bodyFatPercentage: 25 - i },
    });
    await server.call('POST', '/api/login', { json: { identifier: payload.email, password: payload.password } });
    await subscriptionActivity(server, token);
    await mealPlanActivity(server, token);
    await workoutActivity(server, token);
    await ticketActivity(server, token, admin.token);
    if (i === 0) await importActivity(server, token);
  }
  // A subscription through the test checkout, so the checkouts read model (and the analytics funnel) has data too.
  await signUpSubscriber(server);
}
