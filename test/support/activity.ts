import { mealPlanStream } from '../../events/streams.js';
import { hevy, strongOld } from '../imports/files.js';
import { gramsStylePlan, shortStylePlan } from '../meals/http.js';
import { samplePlan } from '../workouts/plan.js';
import { grantRole, signUpSubscriber, signUpVerifiedUser } from './accounts.js';
import { succeeding } from './client.js';
import type { TestServer } from './server.js';

/**
 * A little of everything a day of real use writes to the log, across users and days, so replay tests cover every
 * read model. Each slice has its part below.
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
    await foodLogActivity(server, token);
    await workoutActivity(server, token);
    await ticketActivity(server, token, admin.token);
    if (i === 0) await importActivity(server, token);
  }
  // A subscription through the test checkout, so the checkouts read model (and the analytics funnel) has data too.
  await signUpSubscriber(server);
}

/** The subscription part of a day of real use (for the replay tests): subscribe, cancel, subscribe again. */
async function subscriptionActivity(server: TestServer, token: string): Promise<void> {
  const call = succeeding(server, token);
  const subscribe = async (interval: string) => {
    const { checkoutSessionId } = await call('POST', '/api/early-access/create-checkout-session', { interval });
    await call('POST', `/api/test-checkout/${checkoutSessionId}/pay`);
    await call('GET', `/api/subscribe/confirm-subscription?session_id=${checkoutSessionId}`);
  };
  await call('POST', '/api/early-access/create-checkout-session', { interval: 'annually' }); // left open
  await subscribe('monthly');
  server.clock.advance(3600 * 1000);
  await call('POST', '/api/subscribe/cancel-subscription', { reason: 'Other (no details)' });
  await subscribe('annually');
}

/** The meal plans part of a day of real use (for the replay tests): every meal plan event type, in a real order. */
async function mealPlanActivity(server: TestServer, token: string): Promise<void> {
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

/** The food log part of a day of real use (for the replay tests): every food log event type, a typed food among them. */
async function foodLogActivity(server: TestServer, token: string): Promise<void> {
  const call = succeeding(server, token);
  await call('POST', '/api/food-log', { meal_time: 'Lunch', food: '21499', portion: '1/3 pizza', quantity: 2 });
  await call('POST', '/api/food-log', { meal_time: 'Snack', custom: { name: 'Grandma’s flapjack', kcal: 250, carbs: 30 } });
  const { entryId } = await call('POST', '/api/food-log', { meal_time: 'Breakfast', kcal: 5, name: 'Coffee' });
  await call('DELETE', `/api/food-log/${entryId}`);
}

/** The workouts part of a day of real use (for the replay tests): every regimen, session and set event type, in a real order. */
async function workoutActivity(server: TestServer, token: string): Promise<void> {
  await grantRole(server, token, 3); // the command side checks the role against the log, so this token works at once
  const call = succeeding(server, token);
  const minutes = (n: number) => server.clock.advance(n * 60_000);
  const { regimenId } = await call('POST', '/api/savePlan', samplePlan());
  const spare = await call('POST', '/api/savePlan', samplePlan({ name: 'Spare' }));
  await call('POST', `/api/user/regimens/${spare.regimenId}/select`);
  await call('POST', `/api/user/regimens/${regimenId}/select`);
  await call('DELETE', `/api/user/regimens/${spare.regimenId}`);

  const { sessionId } = await call('POST', '/api/dashboard/start-workout', { regimenId });
  minutes(10);
  await call('POST', `/api/workouts/${sessionId}/pause`);
  minutes(2);
  await call('POST', `/api/workouts/${sessionId}/resume`);
  minutes(15);
  await call('POST', `/api/workouts/${sessionId}/stop`);
  await call('POST', '/api/dashboard/reset-workout-progress', { regimenId });
  await call('POST', '/api/dashboard/advance-workout-day', { regimenId });

  minutes(60);
  const tracked = await call('POST', '/api/workout-session/start', { regimenId });
  minutes(5);
  await call('POST', '/api/workout-session/log-exercise', { sessionId: tracked.sessionId, workoutId: 'd2-e1', sets: 4, reps: 12, weightUsed: 0, notes: 'slow' });
  // Set by set, in both units, a warm-up, and one set taken back.
  await call('POST', '/api/workout-session/log-set', { sessionId: tracked.sessionId, exercise: 'Bench Press (Barbell)', weightKg: 40, reps: 10, warmup: true });
  await call('POST', '/api/workout-session/log-set', { sessionId: tracked.sessionId, exercise: 'barbell bench press', weightKg: 100, reps: 5, rpe: 8 });
  const mistaken = await call('POST', '/api/workout-session/log-set', { sessionId: tracked.sessionId, exercise: 'Sled Push', weightLb: 90, reps: 10 });
  await call('DELETE', `/api/workout-session/sets/${mistaken.setId}`);
  minutes(20);
  await call('PUT', '/api/workout-session/end', {
    sessionId: tracked.sessionId,
    totalDuration: 25,
    completedExercises: [{ workout_id: 'd2-e1', name: 'Push-up', sets: 4, reps_per_set: 12, weight_used_lb: 0 }],
  });
  await call('POST', '/api/dashboard/reset-workout-regimen', { regimenId });
  // A custom exercise read as a catalog one, then one merged and split again.
  await call('POST', '/api/exercises/merge', { exercise: 'custom-sled-push', into: 'barbell-bench-press' });
  await call('POST', '/api/exercises/merge', { exercise: 'custom-paused-bench', into: 'barbell-bench-press' });
  await call('POST', '/api/exercises/split', { exercise: 'custom-paused-bench' });
}

/** The tickets, waitlist and metrics part of a day of real use (for the replay tests). */
async function ticketActivity(server: TestServer, token: string, adminToken: string): Promise<void> {
  await grantRole(server, token, 3);
  // Each call names its caller: the user, staff, or nobody (the public waitlist).
  const call = succeeding(server);
  const { ticketId } = await call('POST', '/api/ticket-report', { component: 'Dashboard', description: 'The week boxes look empty' }, token);
  await call('PUT', `/api/tickets/${ticketId}`, { status: 'In Progress' }, adminToken);
  await call('PUT', `/api/tickets/${ticketId}`, { status: 'Completed' }, adminToken);
  await call('POST', '/api/waitlist', { email: `friend${Math.random().toString(36).slice(2, 8)}@example.com`, source: 'landing' });
  await call('POST', '/api/metrics/early-access-click', { plan: 'annual' });
}

/** A subscriber's imports for the replay tests: one Strong export kept, one Hevy export imported and undone. */
async function importActivity(server: TestServer, token: string): Promise<void> {
  const send = (name: string, file: string) => server.call('POST', `/api/imports?name=${name}`, { token, body: file, headers: { 'content-type': 'text/csv' } });
  const kept = await send('strong.csv', strongOld);
  if (kept.status !== 201) throw new Error(`import failed: ${kept.status} ${kept.text}`);
  const undone = await send('hevy.csv', hevy);
  if (undone.status !== 201) throw new Error(`import failed: ${undone.status} ${undone.text}`);
  const undo = await server.call('DELETE', `/api/imports/${undone.body.importId as string}`, { token });
  if (undo.status !== 200) throw new Error(`undo failed: ${undo.status} ${undo.text}`);
}
