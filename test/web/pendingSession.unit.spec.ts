import { expect } from 'chai';
import type { QueuedCommand } from '../../web/src/shared/offline/db';
import { pendingSession } from '../../web/src/features/training/regimens/pendingSession';
import type { ActiveSession } from '../../web/src/features/training/regimens/workoutsApi';

const T0 = Date.parse('2026-11-25T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
let seq = 0;
const command = (key: string, seconds: number, url: string, body: unknown = {}, shown?: unknown): QueuedCommand => ({
  key,
  user: 'u1',
  seq: ++seq,
  at: at(seconds),
  endpoint: 'any',
  what: 'a change',
  request: { url, method: 'POST', body },
  shown,
  status: 'waiting',
});
const server: ActiveSession = { session_id: 's1', regimen_id: 'r1', status: 'In Progress', start_time: at(-600), elapsed_seconds: 600, runtime_seconds: 600, exercises: [] };

describe('The active session with the changes still waiting on this device', () => {
  it('is the server answer, its running time counted on from when it was fetched', () => {
    const shown = pendingSession(server, [], { fetchedAt: T0, now: T0 + 90_000 });
    expect(shown?.runtime_seconds).to.equal(690);
    expect(shown?.pending).to.equal(undefined);
    expect(pendingSession({ ...server, status: 'Paused' }, [], { fetchedAt: T0, now: T0 + 90_000 })?.runtime_seconds).to.equal(600);
  });

  it('starts, logs, pauses and resumes offline from the recorded instants, each marked not yet synced', () => {
    const waiting = [
      command('k1', 0, '/workout-session/start', { regimenId: 'r1' }),
      command('k2', 30, '/workout-session/log-exercise', { sessionId: 'local-k1', workoutId: 'w1', sets: 3, reps: 8, weightUsed: 135 }, { name: 'Squat', summary: '' }),
      command('k3', 60, '/workouts/local-k1/pause'),
      command('k4', 300, '/workouts/local-k1/resume'),
    ];
    const shown = pendingSession(null, waiting, { fetchedAt: T0, now: T0 + 400_000 });
    expect(shown).to.include({ session_id: 'local-k1', regimen_id: 'r1', status: 'In Progress', start_time: at(0), pending: true });
    // 60 s before the pause, 100 s since the resume: the 240 s paused do not count.
    expect(shown?.runtime_seconds).to.equal(160);
    expect(shown?.exercises).to.deep.equal([{ workout_id: 'w1', workout_name: 'Squat', sets: 3, reps_per_set: 8, weight_used_lb: 135, pending: true }]);
  });

  it('adds to the server session, and an end or stop waiting on this device ends it', () => {
    const log = command('k5', 10, '/workout-session/log-exercise', { sessionId: 's1', workoutId: 'w2', sets: 2, reps: 10, weightUsed: 40, notes: 'slow' }, { name: 'Lunge' });
    expect(pendingSession(server, [log], { fetchedAt: T0, now: T0 })?.exercises).to.have.length(1);
    expect(pendingSession(server, [log, command('k6', 20, '/workout-session/end', { sessionId: 's1' })], { fetchedAt: T0, now: T0 })).to.equal(null);
    expect(pendingSession(server, [command('k7', 20, '/workouts/s1/stop')], { fetchedAt: T0, now: T0 })).to.equal(null);
  });

  it("leaves alone what belongs to another session, and does not start a second one over the server's", () => {
    const other = command('k8', 10, '/workout-session/log-exercise', { sessionId: 'elsewhere', workoutId: 'w1', sets: 1, reps: 1, weightUsed: 0 });
    const start = command('k9', 20, '/dashboard/start-workout', { regimenId: 'r2' });
    const shown = pendingSession(server, [other, start], { fetchedAt: T0, now: T0 });
    expect(shown?.session_id).to.equal('s1');
    expect(shown?.exercises).to.deep.equal([]);
  });
});
