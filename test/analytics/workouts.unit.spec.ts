import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { analyticsProjections } from '../../services/query/src/analytics/projections.js';
import { docsOf } from '../../services/query/src/analytics/replay.js';
import { computeSeries } from '../../services/query/src/analytics/series.js';
import { InMemoryFold } from '../../services/query/src/fold.js';
import { recorded } from '../support/decider.js';

const at = (iso: string) => (event: AppNewEvent) => ({ ...event, metadata: { userId: 'u1', at: iso } });
const session = (sessionId: string) => ({ sessionId, userId: 'u1', regimenId: 'r1' });
const ended = (sessionId: string, endedAt: string, minutes: number) =>
  at(endedAt)(newEvent('WorkoutSessionEnded', { ...session(sessionId), dayNumber: 1, endedAt, runtimeSeconds: minutes * 60, totalDurationMinutes: minutes, endedBy: 'ended' }));

describe('analytics: a workout counts only when something was logged (issue 21)', () => {
  it('the weekly workouts series leaves out a session started and ended with nothing logged, minutes too', () => {
    // Given a real workout (one exercise logged, 40 min) and a 1-minute session with nothing logged, both on Tue 17 Nov
    const events = recorded([
      at('2026-11-17T08:00:00.000Z')(newEvent('WorkoutSessionStarted', { ...session('s1'), dayNumber: 1, source: 'tracker', startedAt: '2026-11-17T08:00:00.000Z' })),
      at('2026-11-17T08:10:00.000Z')(
        newEvent('ExerciseLogged', { ...session('s1'), workoutId: 'w1', name: 'Squat', sets: 3, reps: 10, weightLb: 95, notes: null, loggedAt: '2026-11-17T08:10:00.000Z' }),
      ),
      ended('s1', '2026-11-17T08:40:00.000Z', 40),
      at('2026-11-17T18:00:00.000Z')(newEvent('WorkoutSessionStarted', { ...session('s2'), dayNumber: 2, source: 'tracker', startedAt: '2026-11-17T18:00:00.000Z' })),
      ended('s2', '2026-11-17T18:01:00.000Z', 1),
    ]);
    const fold = new InMemoryFold(analyticsProjections);
    for (const event of events) fold.apply(event);

    // Then the week counts one workout of 40 minutes
    const series = computeSeries('workouts', docsOf(fold), { from: '2026-11-16', to: '2026-11-22' }, '2026-11-30');
    expect(series.rows).to.deep.equal([{ week: '2026-11-16', workouts: 1, minutes: 40 }]);
  });
});
