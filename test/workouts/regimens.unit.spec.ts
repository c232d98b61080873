import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { advanceDay, completeDay, restartRegimen, saveRegimen, undoDayCompletion } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { regimen } from '../../services/command/src/training/regimens/regimen.js';
import { given } from '../support/decider.js';
import { samplePlan } from './plan.js';

const now = '2026-11-18T15:00:00.000Z';
const later = '2026-11-19T16:00:00.000Z';
const ann = 'user-ann';
const bob = 'user-bob';
const plan = workoutPlanOf(workoutPlanInput.parse(samplePlan()));

const saved = (regimenId: string, userId = ann) =>
  saveRegimen({ status: 'none' }, { regimenId, userId, plan, now })[0]!;

describe('workouts: regimen deciders', () => {
  it('saves a plan as RegimenSaved with its days in order and a stable id per exercise', () => {
    const shuffled = workoutPlanOf(workoutPlanInput.parse(samplePlan({ workouts: [...samplePlan().workouts].reverse() })));
    given(regimen, [])
      .when((s) => saveRegimen(s, { regimenId: 'r1', userId: ann, plan: shuffled, now }))
      .then([
        newEvent('RegimenSaved.v2', {
          regimenId: 'r1',
          userId: ann,
          name: 'Strength Starter',
          description: 'Three full-body days a week.',
          goal: 'Build strength',
          level: 'Beginner',
          durationWeeks: 6,
          days: [
            {
              dayNumber: 1,
              summary: 'Lower body',
              exercises: [
                { workoutId: 'd1-e1', name: 'Squat', sets: 3, reps: '8', targetReps: 8, durationSeconds: 90 },
                { workoutId: 'd1-e2', name: 'Lunge', sets: 3, reps: '10', targetReps: 10, durationSeconds: 60 },
              ],
            },
            { dayNumber: 2, summary: 'Upper body', exercises: [{ workoutId: 'd2-e1', name: 'Push-up', sets: 4, reps: '12', targetReps: 12, durationSeconds: 45 }] },
            { dayNumber: 3, summary: 'Core', exercises: [{ workoutId: 'd3-e1', name: 'Plank', sets: 3, reps: '1', targetReps: 1, durationSeconds: 60 }] },
          ],
          savedAt: now,
        }),
      ]);
  });

  it('a retried save of the same id by its owner appends nothing; by anyone else it is refused', () => {
    given(regimen, [saved('r1')]).when((s) => saveRegimen(s, { regimenId: 'r1', userId: ann, plan, now })).then([]);
    given(regimen, [saved('r1')]).when((s) => saveRegimen(s, { regimenId: 'r1', userId: bob, plan, now })).thenThrows('conflict');
  });

  it('refuses a plan whose days leave a gap, naming the field', () => {
    const result = workoutPlanInput.safeParse(samplePlan({ workouts: [samplePlan().workouts[0], { ...samplePlan().workouts[1], day: 3 }] }));
    expect(result.success).to.equal(false);
    expect(result.error!.issues[0]!.path).to.deep.equal(['workouts']);
    expect(result.error!.issues[0]!.message).to.equal('days must be numbered 1 to 2, each once');
  });

  describe('days', () => {
    const live = { userId: ann, deleted: false, now: later };
    const day = (n: number) => [saved('r1'), ...Array.from({ length: n - 1 }, (_, i) => newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId: ann, fromDay: i + 1, toDay: i + 2, advancedAt: now }))];

    it('advances one day', () => {
      given(regimen, day(1))
        .when((s) => advanceDay(s, live))
        .then([newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId: ann, fromDay: 1, toDay: 2, advancedAt: later })]);
    });

    it('from the last day it wraps to day 1, and the new cycle starts with no completions', () => {
      const history = [...day(3), newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber: 3, sessionId: 's1', completedAt: now })];
      given(regimen, history)
        .when((s) => advanceDay(s, live))
        .then([newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId: ann, fromDay: 3, toDay: 1, advancedAt: later })]);
      const after = given(regimen, [...history, ...advanceDay(given(regimen, history).state, live)]).state;
      expect(after).to.include({ currentDay: 1 });
      expect((after as { completedDays: number[] }).completedDays).to.deep.equal([]);
    });

    it("resetting today's progress undoes the current day's completion, and is a no-op without one", () => {
      const done = newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber: 2, sessionId: 's1', completedAt: now });
      given(regimen, [...day(2), done])
        .when((s) => undoDayCompletion(s, live))
        .then([newEvent('RegimenDayCompletionUndone', { regimenId: 'r1', userId: ann, dayNumber: 2, undoneAt: later })]);
      given(regimen, day(2)).when((s) => undoDayCompletion(s, live)).then([]);
    });

    it('restarting goes back to day 1 from wherever it was', () => {
      given(regimen, day(3))
        .when((s) => restartRegimen(s, live))
        .then([newEvent('RegimenRestarted', { regimenId: 'r1', userId: ann, fromDay: 3, restartedAt: later })]);
    });

    it('a deleted or foreign regimen cannot be moved', () => {
      given(regimen, day(1)).when((s) => advanceDay(s, { ...live, deleted: true })).thenThrows('not_found');
      given(regimen, day(1)).when((s) => restartRegimen(s, { ...live, userId: bob })).thenThrows('not_found');
      given(regimen, []).when((s) => undoDayCompletion(s, live)).thenThrows('not_found');
    });

    it("an ended session completes its day; on a deleted regimen it records nothing", () => {
      given(regimen, day(2))
        .when((s) => completeDay(s, { userId: ann, sessionId: 's1', dayNumber: 2, workout: false, deleted: false, now }))
        .then([newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber: 2, sessionId: 's1', completedAt: now, workout: false })]);
      given(regimen, day(2)).when((s) => completeDay(s, { userId: ann, sessionId: 's1', dayNumber: 2, workout: false, deleted: true, now })).then([]);
    });

    it('a session completes its day once, however often its completion is run (the workers run it again after every end)', () => {
      const completed = newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber: 2, sessionId: 's1', completedAt: now, workout: false });
      given(regimen, [...day(2), completed]).when((s) => completeDay(s, { userId: ann, sessionId: 's1', dayNumber: 2, workout: false, deleted: false, now })).then([]);
      given(regimen, [...day(2), completed])
        .when((s) => completeDay(s, { userId: ann, sessionId: 's2', dayNumber: 2, workout: false, deleted: false, now }))
        .then([{ ...completed, data: { ...completed.data, sessionId: 's2' } }]);
    });
  });
});
