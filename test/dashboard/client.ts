import { expect } from 'chai';
import type { TestServer } from '../support/server.js';

/** One subscriber's view of the API: every command passes its position on, so the next read sees it. */
export function subscriberClient(server: TestServer, token: string) {
  let position = 0;
  const send = async (method: string, path: string, json?: unknown) => {
    const answer = await server.call(method, path, { token, json });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).to.be.below(300);
    if (typeof answer.body?.position === 'number') position = Math.max(position, answer.body.position);
    return answer.body;
  };
  const read = async (path: string) => {
    const answer = await server.call('GET', path, { token, headers: { 'X-Min-Position': String(position) } });
    expect(answer.status, `GET ${path}: ${JSON.stringify(answer.body)}`).to.equal(200);
    expect(answer.headers.get('x-read-stale')).to.equal(null);
    return answer.body;
  };
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
    /** After a command made elsewhere (e.g. a login), wait for it too. */
    seen(at: number) {
      position = Math.max(position, at);
    },
  };
}
