import { grantRole } from '../support/accounts.js';
import { succeeding } from '../support/client.js';
import type { TestServer } from '../support/server.js';
import { samplePlan } from './plan.js';

/** The workouts part of a day of real use (for the replay tests): every regimen, session and set event type, in a real order. */
export async function workoutActivity(server: TestServer, token: string): Promise<void> {
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
}
