import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { analyticsProjections } from '../../services/query/src/analytics/projections.js';
import { docsOf } from '../../services/query/src/analytics/replay.js';
import { computeSeries, fullRange } from '../../services/query/src/analytics/series.js';
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
    expect(series.rows).to.deep.equal([{ week: '2026-11-16', workouts: 1, minutes: 40, imported_workouts: 0, imported_minutes: 0 }]);
  });
});

describe('analytics: a workout logged set by set counts as one (issue 23)', () => {
  const set = (sessionId: string, n: number, loggedAt: string, fields: { exercise?: string; warmup?: boolean } = {}) =>
    at(loggedAt)(
      newEvent('SetLogged', {
        sessionId,
        userId: 'u1',
        setId: `${sessionId}-s${n}`,
        exercise: fields.exercise ?? 'squat',
        exerciseName: 'Squat',
        custom: false,
        weight: 100,
        unit: 'lb',
        reps: 5,
        rpe: null,
        warmup: fields.warmup ?? false,
        loggedAt,
      }),
    );
  const started = (sessionId: string, startedAt: string) => at(startedAt)(newEvent('WorkoutSessionStarted', { ...session(sessionId), dayNumber: 1, source: 'tracker', startedAt }));
  const week = (events: Parameters<typeof recorded>[0]) => {
    const fold = new InMemoryFold(analyticsProjections);
    for (const event of recorded(events)) fold.apply(event);
    return computeSeries('workouts', docsOf(fold), { from: '2026-11-16', to: '2026-11-22' }, '2026-11-30').rows;
  };

  it('counts a session whose working sets were logged one by one, and not one with warm-ups alone', () => {
    // Given s1: two working sets of squat, 30 min; s2: one warm-up set only, 10 min
    const rows = week([
      started('s1', '2026-11-17T08:00:00.000Z'),
      set('s1', 1, '2026-11-17T08:05:00.000Z'),
      set('s1', 2, '2026-11-17T08:10:00.000Z'),
      ended('s1', '2026-11-17T08:30:00.000Z', 30),
      started('s2', '2026-11-18T08:00:00.000Z'),
      set('s2', 1, '2026-11-18T08:05:00.000Z', { warmup: true }),
      ended('s2', '2026-11-18T08:10:00.000Z', 10),
    ]);
    // Then the week counts s1 alone
    expect(rows).to.deep.equal([{ week: '2026-11-16', workouts: 1, minutes: 30, imported_workouts: 0, imported_minutes: 0 }]);
  });

  it('leaves out a session whose only working set was deleted', () => {
    const rows = week([
      started('s1', '2026-11-17T08:00:00.000Z'),
      set('s1', 1, '2026-11-17T08:05:00.000Z'),
      at('2026-11-17T08:06:00.000Z')(newEvent('SetDeleted', { sessionId: 's1', userId: 'u1', setId: 's1-s1', exercise: 'squat', loggedAt: '2026-11-17T08:05:00.000Z', deletedAt: '2026-11-17T08:06:00.000Z' })),
      ended('s1', '2026-11-17T08:30:00.000Z', 30),
    ]);
    expect(rows).to.deep.equal([{ week: '2026-11-16', workouts: 0, minutes: 0, imported_workouts: 0, imported_minutes: 0 }]);
  });
});

describe('analytics: imported workouts in the weekly workouts series (issue 24)', () => {
  const set = (exercise: string, warmup = false) => ({ exercise, exerciseName: exercise, custom: false, weight: 100, unit: 'kg' as const, reps: 5, rpe: null, warmup, distance: null, distanceUnit: null, seconds: null });
  const workout = (n: number, startedAt: string, durationMinutes: number, sets = [set('squat')]) => ({ sessionId: `imp1-w${n}`, name: 'Legs', startedAt, durationMinutes, sets });
  const imp = { importId: 'imp1', userId: 'u1' };
  // Given, on Wed 25 Nov, an import of three workouts: two in the week of 2 Nov 2026 (one ends past midnight UTC, on
  // the Monday after), one only warm-ups; on Thu 26 Nov its completion
  const importing = [
    at('2026-11-25T10:00:00.000Z')(newEvent('WorkoutsImported', { ...imp, source: 'hevy', batch: 0, workouts: [workout(1, '2026-11-03T18:00:00.000Z', 50), workout(2, '2026-11-08T23:30:00.000Z', 45)] })),
    at('2026-11-25T10:00:01.000Z')(newEvent('WorkoutsImported', { ...imp, source: 'hevy', batch: 1, workouts: [workout(3, '2026-11-04T18:00:00.000Z', 20, [set('squat', true)])] })),
  ];
  const completed = at('2026-11-26T10:00:00.000Z')(newEvent('ImportCompleted', { ...imp, completedAt: '2026-11-26T10:00:00.000Z' }));
  const undone = at('2026-11-28T10:00:00.000Z')(newEvent('ImportUndone', { ...imp, undoneAt: '2026-11-28T10:00:00.000Z' }));
  const seriesAfter = (events: AppNewEvent[], to: string) => {
    const fold = new InMemoryFold(analyticsProjections);
    for (const event of recorded(events)) fold.apply(event);
    return computeSeries('workouts', docsOf(fold), { from: '2026-11-02', to }, '2026-11-30').rows;
  };
  const weeks = (first: [number, number], second: [number, number]) => [
    { week: '2026-11-02', workouts: 0, minutes: 0, imported_workouts: first[0], imported_minutes: first[1] },
    { week: '2026-11-09', workouts: 0, minutes: 0, imported_workouts: second[0], imported_minutes: second[1] },
  ];

  it('counts an import once it completes, apart, in the weeks its workouts were done', () => {
    expect(seriesAfter(importing, '2026-11-29').slice(0, 2), 'a half-written import').to.deep.equal(weeks([0, 0], [0, 0]));
    expect(seriesAfter([...importing, completed], '2026-11-29').slice(0, 2)).to.deep.equal(weeks([1, 50], [1, 45]));
  });

  it('takes it out with its undo, and counts each range as it stood at its end', () => {
    const events = [...importing, completed, undone];
    // A range ending before the completion, or after the undo, has none of it
    expect(seriesAfter(events, '2026-11-15').filter((r) => r.imported_workouts)).to.deep.equal([]);
    expect(seriesAfter(events, '2026-11-25').filter((r) => r.imported_workouts)).to.deep.equal([]);
    expect(seriesAfter(events, '2026-11-29').filter((r) => r.imported_workouts)).to.deep.equal([]);
    // One ending between them counts it
    expect(seriesAfter(events, '2026-11-27').slice(0, 2)).to.deep.equal(weeks([1, 50], [1, 45]));
  });

  it('stretches no default range over the years an import brings: it counts on the days it was completed and undone', () => {
    const fold = new InMemoryFold(analyticsProjections);
    for (const event of recorded([...importing, completed, undone])) fold.apply(event);
    expect(fullRange(docsOf(fold))).to.deep.equal({ from: '2026-11-26', to: '2026-11-28' });
  });
});
