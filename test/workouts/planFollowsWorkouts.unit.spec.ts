import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { advanceDay, completeDay, saveRegimen, undoDayCompletion } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { regimen } from '../../services/command/src/training/regimens/regimen.js';
import { regimensProjection, type RegimenDoc } from '../../services/query/src/training/regimens/regimens.projection.js';
import { dashboardSummary } from '../../services/query/src/dashboard/summary.js';
import type { UserFacts } from '../../services/query/src/progress/userFacts.js';
import { dayAfterWorkout } from '../../services/domain/training/planDays.js';
import { given, project } from '../support/decider.js';
import { samplePlan } from './plan.js';

const ann = 'user-ann';
const plan = workoutPlanOf(workoutPlanInput.parse(samplePlan())); // three days: Lower body, Upper body, Core
/** 10:00 in New York on a day of November 2026. */
const on = (day: string, hour = 10) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 5) * 3600_000).toISOString();
const saved = saveRegimen({ status: 'none' }, { regimenId: 'r1', userId: ann, plan, now: on('2026-11-15') })[0]!;
const workoutOn = (dayNumber: number, day: string, sessionId = `s-${day}`) =>
  newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber, sessionId, completedAt: on(day, 11), workout: true });
const emptyOn = (dayNumber: number, day: string) => newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber, sessionId: `e-${day}`, completedAt: on(day, 11), workout: false });

/** The dashboard's workout card at noon on `day`, every completion's session counting as a workout. */
function cardOn(history: Parameters<typeof project>[1], day: string) {
  const doc = [...project(regimensProjection, history).values()][0] as RegimenDoc;
  const sessions = doc.completions.filter((c) => c.workout !== false).map((c) => ({ session_id: c.session_id, status: 'Ended', end_time: c.completed_at, exercises: [{ workout_name: 'Squat' }] }));
  const facts = {
    profile: { time_zone: 'America/New_York', weekly_workout_frequency: 3, help_preferences: [] },
    regimens: { user_id: ann, primary_regimen_id: 'r1', regimens: [doc] },
    sessions: { open: [], history: sessions },
  } as unknown as UserFacts;
  return { doc, card: dashboardSummary(facts, new Date(on(day, 12))).workout };
}

describe('the workout plan follows the workouts done, not the date', () => {
  describe('the rule (dayAfterWorkout)', () => {
    it('the day after the one done; after the last, Restart when every day was done, else a new cycle at day 1', () => {
      expect(dayAfterWorkout(3, 1, [])).to.deep.equal({ currentDay: 2, newCycle: false });
      expect(dayAfterWorkout(3, 3, [1, 2])).to.deep.equal({ currentDay: 3, newCycle: false });
      expect(dayAfterWorkout(3, 3, [1])).to.deep.equal({ currentDay: 1, newCycle: true });
    });
  });

  describe('the decider and its fold', () => {
    const live = { userId: ann, deleted: false, now: on('2026-11-18') };

    it('given day 1, when a session with something logged on day 1 ends, then its completion says it was a workout and the plan is on day 2', () => {
      const { state } = given(regimen, [saved]);
      const events = completeDay(state, { userId: ann, sessionId: 's1', dayNumber: 1, workout: true, deleted: false, now: on('2026-11-16') });
      expect(events).to.deep.equal([newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber: 1, sessionId: 's1', completedAt: on('2026-11-16'), workout: true })]);
      expect(given(regimen, [saved, ...events]).state).to.include({ currentDay: 2 });
    });

    it('a session ended with nothing logged leaves the plan where it is', () => {
      expect(given(regimen, [saved, emptyOn(1, '2026-11-16')]).state).to.include({ currentDay: 1 });
    });

    it('a day not trained is offered again, however many dates pass', () => {
      // A on Sunday, nothing Monday or Tuesday: still B.
      expect(given(regimen, [saved, workoutOn(1, '2026-11-15')]).state).to.include({ currentDay: 2 });
    });

    it('"Reset daily progress" after a workout takes it back and puts the plan back on its day', () => {
      const history = [saved, workoutOn(1, '2026-11-16')];
      given(regimen, history)
        .when((s) => undoDayCompletion(s, live))
        .then([newEvent('RegimenDayCompletionUndone', { regimenId: 'r1', userId: ann, dayNumber: 1, undoneAt: live.now })]);
      const undone = [...history, ...undoDayCompletion(given(regimen, history).state, live)];
      expect(given(regimen, undone).state).to.include({ currentDay: 1 });
    });

    it('"Proceed to next day" still moves one day on from where the plan is', () => {
      given(regimen, [saved, workoutOn(1, '2026-11-16')])
        .when((s) => advanceDay(s, live))
        .then([newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId: ann, fromDay: 2, toDay: 3, advancedAt: live.now })]);
    });
  });

  describe('the projection and the dashboard card', () => {
    it("the issue's week: A on Sunday; Monday offers B; B on Wednesday; Friday offers Core, not B again", () => {
      const sunday = [saved, workoutOn(1, '2026-11-15')];
      expect(cardOn(sunday, '2026-11-15').card).to.deep.include({ todayDone: true, currentSummary: 'Lower body', nextSummary: 'Upper body' });
      expect(cardOn(sunday, '2026-11-16').card).to.deep.include({ todayDone: false, currentSummary: 'Upper body' });
      const wednesday = [...sunday, workoutOn(2, '2026-11-18')];
      expect(cardOn(wednesday, '2026-11-18').card).to.deep.include({ todayDone: true, currentSummary: 'Upper body', nextSummary: 'Core' });
      const friday = cardOn(wednesday, '2026-11-20');
      expect(friday.card).to.deep.include({ todayDone: false, currentSummary: 'Core', percentComplete: 67 });
      expect(friday.doc.current_day).to.equal(3);
    });

    it('the last day done completes the cycle (Restart); done with a day skipped, a new cycle starts at day 1', () => {
      const all = [saved, workoutOn(1, '2026-11-16'), workoutOn(2, '2026-11-17'), workoutOn(3, '2026-11-18')];
      expect(cardOn(all, '2026-11-18').card).to.deep.include({ percentComplete: 100, todayDone: true, currentSummary: 'Core' });
      const skipped = [saved, workoutOn(1, '2026-11-16'), newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId: ann, fromDay: 2, toDay: 3, advancedAt: on('2026-11-17') }), workoutOn(3, '2026-11-18')];
      const { doc, card } = cardOn(skipped, '2026-11-18');
      expect(doc.current_day).to.equal(1);
      expect(card).to.deep.include({ todayDone: true, currentSummary: 'Core', nextSummary: 'Lower body', percentComplete: 0 });
    });

    it('an empty session moves nothing, and a reset after a workout shows the day again, not done', () => {
      expect(cardOn([saved, emptyOn(1, '2026-11-16')], '2026-11-16').card).to.deep.include({ todayDone: false, currentSummary: 'Lower body' });
      const reset = [saved, workoutOn(1, '2026-11-16'), newEvent('RegimenDayCompletionUndone', { regimenId: 'r1', userId: ann, dayNumber: 1, undoneAt: on('2026-11-16', 13) })];
      expect(cardOn(reset, '2026-11-16').card).to.deep.include({ todayDone: false, currentSummary: 'Lower body' });
    });

    it('completions recorded before plans moved on by themselves replay as they were: done on the current day, moved only by Proceed', () => {
      const old = [saved, newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber: 1, sessionId: 's-old', completedAt: on('2026-11-16', 11) })];
      expect(cardOn(old, '2026-11-16').card).to.deep.include({ todayDone: true, currentSummary: 'Lower body', nextSummary: 'Upper body' });
      expect(cardOn(old, '2026-11-17').doc.current_day).to.equal(1);
    });
  });
});
