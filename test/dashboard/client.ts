import { userClient } from '../support/client.js';
import type { TestServer } from '../support/server.js';

/** One subscriber's view of the API (`test/support/client.ts`), with the dashboard's reads. */
export function subscriberClient(server: TestServer, token: string) {
  const { send, read, seen } = userClient(server, token);
  return {
    send,
    read,
    /** Logs the regimen's first exercise in the session: only a session with something logged counts as a workout. */
    async logExercise(sessionId: string, regimenId: string) {
      const [first] = await read(`/api/workout-session/workouts/${regimenId}`);
      await send('POST', '/api/workout-session/log-exercise', { sessionId, workoutId: first.workout_id, sets: 3, reps: 8, weightUsed: 50, notes: '' });
    },
    summary: () => read('/api/dashboard/summary'),
    overview: () => read('/api/progress/overview'),
    seen,
  };
}
