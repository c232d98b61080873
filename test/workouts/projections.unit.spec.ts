import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { saveRegimen } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { profilesProjection, type ProfileDoc } from '../../services/query/src/accounts/profile/profiles.projection.js';
import { activeSession, exerciseLogs, type UserSessions } from '../../services/query/src/training/sessions/sessionDoc.js';
import { sessionMonthsProjection, type SessionMonthDoc } from '../../services/query/src/training/sessions/sessionMonths.projection.js';
import { openSessionsProjection } from '../../services/query/src/training/sessions/openSessions.projection.js';
import { userSessions } from '../../services/query/src/training/sessions/sessionHistory.js';
import {
  joinRegimens,
  listedRegimen,
  listedRegimenIds,
  regimenKey,
  regimenListsProjection,
  regimensProjection,
  regimenWorkouts,
  NOT_WORKOUTS_KEPT,
  RESTARTS_KEPT,
  type RegimensDoc,
} from '../../services/query/src/training/regimens/regimens.projection.js';
import { chunksOf } from '../../services/query/src/chunks.js';
import { project } from '../support/decider.js';
import { samplePlan } from './plan.js';
import { HOW_TO } from '../../services/domain/training/howTo.js';

const ann = 'user-ann';
const t = (seconds: number) => new Date(Date.parse('2026-11-18T15:00:00.000Z') + seconds * 1000).toISOString();
const saved = (regimenId: string, name: string, at: string) =>
  saveRegimen({ status: 'none' }, { regimenId, userId: ann, plan: workoutPlanOf(workoutPlanInput.parse(samplePlan({ name }))), now: at })[0]!;
const primary = (regimenId: string, previousRegimenId: string | null, currentDay = 1) =>
  newEvent('PrimaryRegimenSelected', { userId: ann, regimenId, previousRegimenId, currentDay, selectedAt: t(5) });
const regimensAfter = (events: AppNewEvent[]): RegimensDoc => {
  const plans = [...project(regimensProjection, events)].filter(([key]) => key.startsWith(chunksOf(ann))).map(([, doc]) => doc);
  return joinRegimens(project(regimenListsProjection, events).get(ann), plans)!;
};
/** The plans list as GET /api/workouts pages it, whole. */
const regimenList = (events: AppNewEvent[]) => {
  const list = project(regimenListsProjection, events).get(ann);
  const plans = project(regimensProjection, events);
  return listedRegimenIds(list).map((id) => listedRegimen(plans.get(regimenKey(ann, id))!, list!.primary_regimen_id));
};

describe('workouts: projections', () => {
  describe('regimens (per user)', () => {
    it('lists the primary first, then the newest saved, in the plans-list shape', () => {
      const list = regimenList([saved('r1', 'First', t(0)), primary('r1', null), saved('r2', 'Second', t(10)), saved('r3', 'Third', t(20)), primary('r2', 'r1')]);
      expect(list.map((r) => [r.regimen_id, r.is_primary])).to.deep.equal([['r2', true], ['r3', false], ['r1', false]]);
      expect(list[0]).to.deep.equal({
        regimen_id: 'r2',
        name: 'Second',
        description: 'Three full-body days a week.',
        goal: 'Build strength',
        level: 'Beginner',
        duration_weeks: 6,
        current_day: 1,
        is_primary: true,
        workouts: [
          {
            day_number: 1,
            summary_name: 'Lower body',
            exercises: [
              { workout_id: 'd1-e1', name: 'Squat', sets: 3, reps: 8, rest: 90 },
              { workout_id: 'd1-e2', name: 'Lunge', sets: 3, reps: 10, rest: 60 },
            ],
          },
          { day_number: 2, summary_name: 'Upper body', exercises: [{ workout_id: 'd2-e1', name: 'Push-up', sets: 4, reps: 12, rest: 45, how: HOW_TO['Push-up'] }] },
          { day_number: 3, summary_name: 'Core', exercises: [{ workout_id: 'd3-e1', name: 'Plank', sets: 3, reps: 1, rest: 60, how: HOW_TO['Front Plank'] }] },
        ],
      });
    });

    it('a deleted regimen vanishes', () => {
      const events = [saved('r1', 'First', t(0)), primary('r1', null), saved('r2', 'Second', t(1)), newEvent('RegimenDeleted', { userId: ann, regimenId: 'r2', deletedAt: t(2) })];
      expect(regimenList(events).map((r) => r.regimen_id)).to.deep.equal(['r1']);
      expect(project(regimensProjection, events).has(regimenKey(ann, 'r2')), 'its doc is gone').to.equal(false);
    });

    it('keeps the dated progress facts of the current cycle: completions, advances, undo, wrap and restart', () => {
      const completed = (dayNumber: number, at: number) =>
        newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber, sessionId: `s${at}`, completedAt: t(at) });
      const advanced = (fromDay: number, toDay: number, at: number) =>
        newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId: ann, fromDay, toDay, advancedAt: t(at) });
      const base = [saved('r1', 'First', t(0)), completed(1, 100), advanced(1, 2, 200), completed(2, 300)];
      let r = regimensAfter(base).regimens[0]!;
      expect(r).to.include({ current_day: 2, day_count: 3, cycle_started_at: t(0), last_advanced_at: t(200) });
      expect(r.completions).to.deep.equal([
        { day_number: 1, completed_at: t(100), session_id: 's100' },
        { day_number: 2, completed_at: t(300), session_id: 's300' },
      ]);

      r = regimensAfter([...base, newEvent('RegimenDayCompletionUndone', { regimenId: 'r1', userId: ann, dayNumber: 2, undoneAt: t(400) })]).regimens[0]!;
      expect(r.completions.map((c) => c.day_number)).to.deep.equal([1]);

      r = regimensAfter([...base, advanced(2, 3, 500), advanced(3, 1, 600)]).regimens[0]!;
      expect(r).to.include({ current_day: 1, cycle_started_at: t(600) });
      expect(r.completions).to.deep.equal([]);

      r = regimensAfter([...base, newEvent('RegimenRestarted', { regimenId: 'r1', userId: ann, fromDay: 2, restartedAt: t(700) })]).regimens[0]!;
      expect(r).to.include({ current_day: 1, cycle_started_at: t(700) });
      expect(r.completions).to.deep.equal([]);
      expect(r.restarts).to.deep.equal([{ restarted_at: t(700), from_day: 2 }]);
    });

    it('keeps ten years of four sessions a week on a completed cycle within bounds: per day, newer empty sessions and the last workout', () => {
      // Given a three-day plan whose cycle is complete (it stays on its last day), then ten years of sessions on that
      // day, every third one ended with nothing logged
      const completed = (dayNumber: number, at: number, workout?: boolean) =>
        newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber, sessionId: `s${at}`, completedAt: t(at), ...(workout === undefined ? {} : { workout }) });
      const events: AppNewEvent[] = [saved('r1', 'First', t(0)), completed(1, 1, true), completed(2, 2, true), completed(3, 3, true)];
      for (let i = 0; i < 2_080; i += 1) events.push(completed(3, 10 + i, i % 3 !== 0));
      // ...and, at the end, six empty sessions in a row
      for (let i = 0; i < 6; i += 1) events.push(completed(3, 5_000 + i, false));

      // When they are projected
      const r = regimensAfter(events).regimens[0]!;

      // Then each day keeps its last workout, and day 3 the newest empty sessions after it, no more
      const workout = (c: { workout?: boolean }) => c.workout === true;
      expect(r.completions.filter((c) => c.day_number !== 3).map((c) => c.session_id)).to.deep.equal(['s1', 's2']);
      const day3 = r.completions.filter((c) => c.day_number === 3);
      expect(day3.filter(workout).map((c) => c.session_id)).to.deep.equal([`s${10 + 2_078}`]);
      expect(day3.filter((c) => !workout(c)).map((c) => c.session_id)).to.deep.equal(['s5002', 's5003', 's5004', 's5005']);
      expect(day3.filter((c) => !workout(c))).to.have.length(NOT_WORKOUTS_KEPT);
      expect(r).to.include({ current_day: 3 });
      expect(Buffer.byteLength(JSON.stringify(r))).to.be.below(4 * 1024);
    });

    it('keeps completions recorded before they said whether a workout was done, which their readers judge by the session', () => {
      const completed = (dayNumber: number, at: number, workout?: boolean) =>
        newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber, sessionId: `s${at}`, completedAt: t(at), ...(workout === undefined ? {} : { workout }) });
      const r = regimensAfter([saved('r1', 'First', t(0)), completed(1, 1, true), completed(1, 2), completed(1, 3), completed(1, 4, false)]).regimens[0]!;
      expect(r.completions.map((c) => c.session_id)).to.deep.equal(['s1', 's2', 's3', 's4']);
    });

    it(`keeps the last ${RESTARTS_KEPT} restarts`, () => {
      const restarts = Array.from({ length: 25 }, (_, i) => newEvent('RegimenRestarted', { regimenId: 'r1', userId: ann, fromDay: 1 + (i % 3), restartedAt: t(100 + i) }));
      const r = regimensAfter([saved('r1', 'First', t(0)), ...restarts]).regimens[0]!;
      expect(r.restarts.map((x) => x.restarted_at)).to.deep.equal(restarts.slice(-RESTARTS_KEPT).map((e) => e.data.restartedAt));
    });

    it("the tracker's workouts list every exercise, the current day's first", () => {
      const doc = regimensAfter([saved('r1', 'First', t(0)), newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId: ann, fromDay: 1, toDay: 2, advancedAt: t(1) })]);
      expect(regimenWorkouts(doc.regimens[0]!)).to.deep.equal([
        { workout_id: 'd2-e1', name: 'Push-up', sets: 4, reps_per_set: 12, day_number: 2 },
        { workout_id: 'd3-e1', name: 'Plank', sets: 3, reps_per_set: 1, day_number: 3 },
        { workout_id: 'd1-e1', name: 'Squat', sets: 3, reps_per_set: 8, day_number: 1 },
        { workout_id: 'd1-e2', name: 'Lunge', sets: 3, reps_per_set: 10, day_number: 1 },
      ]);
    });
  });

  describe('workout sessions (by user and month)', () => {
    const start = newEvent('WorkoutSessionStarted', { sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, source: 'tracker', startedAt: t(0) });
    const pause = newEvent('WorkoutSessionPaused', { sessionId: 's1', userId: ann, pausedAt: t(60) });
    const resume = newEvent('WorkoutSessionResumed', { sessionId: 's1', userId: ann, resumedAt: t(180) });
    const sessionsAfter = (events: AppNewEvent[]): UserSessions => userSessions([...project(sessionMonthsProjection, events).values()] as SessionMonthDoc[], []);
    const at = (seconds: number) => new Date(t(seconds));

    it('the active session counts running time only, at the time it is read', () => {
      expect(activeSession(sessionsAfter([start]), at(60))).to.deep.equal({
        session_id: 's1', regimen_id: 'r1', status: 'In Progress', start_time: t(0), elapsed_seconds: 60, runtime_seconds: 60, exercises: [], exercises_logged: 0,
      });
      expect(activeSession(sessionsAfter([start, pause]), at(150))).to.include({ status: 'Paused', elapsed_seconds: 150, runtime_seconds: 60 });
      expect(activeSession(sessionsAfter([start, pause, resume]), at(210))).to.include({ status: 'In Progress', elapsed_seconds: 210, runtime_seconds: 90 });
    });

    it('an ended session leaves the active slot and enters the exercise log with what was logged', () => {
      const doc = sessionsAfter([
        start,
        newEvent('ExerciseLogged', { sessionId: 's1', userId: ann, regimenId: 'r1', workoutId: 'd1-e1', name: 'Squat', sets: 3, reps: 8, weightLb: 135, notes: null, loggedAt: t(30) }),
        newEvent('ExerciseLogged', { sessionId: 's1', userId: ann, regimenId: 'r1', workoutId: 'd1-e2', name: 'Lunge', sets: 2, reps: 10, weightLb: 40, notes: 'left knee', loggedAt: t(40) }),
        pause,
        newEvent('WorkoutSessionEnded', { sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: t(300), runtimeSeconds: 60, totalDurationMinutes: 4, endedBy: 'ended' }),
      ]);
      expect(activeSession(doc, at(400))).to.equal(null);
      expect(exerciseLogs(doc.history)).to.deep.equal([
        {
          session_id: 's1',
          regimen_id: 'r1',
          start_time: t(0),
          end_time: t(300),
          total_duration_minutes: 4,
          exercises: [
            { workout_id: 'd1-e1', workout_name: 'Squat', sets: 3, reps_per_set: 8, weight_used_lb: 135 },
            { workout_id: 'd1-e2', workout_name: 'Lunge', sets: 2, reps_per_set: 10, weight_used_lb: 40, notes: 'left knee' },
          ],
        },
      ]);
      // A pause still open at the end closes with it, so the pause history has no loose ends.
      expect(doc.history[0]!.pauses).to.deep.equal([{ paused_at: t(60), resumed_at: t(300) }]);
    });

    describe('over a month\'s end', () => {
      const night = (minutes: number) => new Date(Date.parse('2026-10-31T23:30:00.000Z') + minutes * 60_000).toISOString();
      const started = newEvent('WorkoutSessionStarted', { sessionId: 'late', userId: ann, regimenId: 'r1', dayNumber: 1, source: 'tracker', startedAt: night(0) });
      const set = (n: number, minutes: number) =>
        newEvent('SetLogged', { sessionId: 'late', userId: ann, setId: `late-${n}`, exercise: 'squat', exerciseName: 'Squat', custom: false, weight: 100, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: night(minutes) });
      const events = [
        started,
        set(1, 10),
        newEvent('WorkoutSessionPaused', { sessionId: 'late', userId: ann, pausedAt: night(20) }),
        newEvent('WorkoutSessionResumed', { sessionId: 'late', userId: ann, resumedAt: night(40) }),
        set(2, 45),
        newEvent('SetDeleted', { sessionId: 'late', userId: ann, setId: 'late-1', exercise: 'squat', loggedAt: night(10), deletedAt: night(46) }),
        set(3, 50),
        newEvent('WorkoutSessionEnded', { sessionId: 'late', userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: night(60), runtimeSeconds: 2400, totalDurationMinutes: 40, endedBy: 'ended' }),
      ];

      it("keys each event by its own instant's month: the start's month holds the session, the next the events after midnight", () => {
        const docs = project<SessionMonthDoc>(sessionMonthsProjection, events);
        expect([...docs.keys()].sort()).to.deep.equal([`${ann}/2026-10/late`, `${ann}/2026-11/late`]);
        const october = docs.get(`${ann}/2026-10/late`)!;
        expect(october.sessions.map((s) => [s.session_id, s.status, s.sets?.length])).to.deep.equal([['late', 'Paused', 1]]);
        expect(docs.get(`${ann}/2026-11/late`)!.sessions).to.deep.equal([]);
        expect(docs.get(`${ann}/2026-11/late`)!.continued.map((f) => f.type)).to.deep.equal(['WorkoutSessionResumed', 'SetLogged', 'SetDeleted', 'SetLogged', 'WorkoutSessionEnded']);
      });

      it("keeps each session of a month in a doc of its own: a set rewrites its session's doc, not the month's", () => {
        const other = (type: 'start' | 'set', minutes: number) =>
          type === 'start'
            ? newEvent('WorkoutSessionStarted', { sessionId: 'early', userId: ann, regimenId: 'r1', dayNumber: 2, source: 'tracker', startedAt: night(-600 + minutes) })
            : newEvent('SetLogged', { sessionId: 'early', userId: ann, setId: `early-${minutes}`, exercise: 'squat', exerciseName: 'Squat', custom: false, weight: 90, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: night(-600 + minutes) });
        const before = project<SessionMonthDoc>(sessionMonthsProjection, [other('start', 0), other('set', 5), ...events.slice(0, 2)]);
        const after = project<SessionMonthDoc>(sessionMonthsProjection, [other('start', 0), other('set', 5), ...events.slice(0, 2), other('set', 8)]);
        expect([...after.keys()].sort()).to.deep.equal([`${ann}/2026-10/early`, `${ann}/2026-10/late`]);
        expect(after.get(`${ann}/2026-10/late`), 'the other session of the month, as it was').to.deep.equal(before.get(`${ann}/2026-10/late`));
        expect(after.get(`${ann}/2026-10/early`)!.sessions[0]!.sets).to.have.length(2);
      });

      it('reads as one session, as if it had been folded in one doc', () => {
        const { open, history } = sessionsAfter(events);
        expect(open).to.deep.equal([]);
        expect(history).to.have.length(1);
        expect(history[0]).to.deep.include({ session_id: 'late', status: 'Ended', start_time: night(0), end_time: night(60), paused_ms: 20 * 60_000 });
        expect(history[0]!.exercises).to.deep.equal([{ workout_id: 'squat', workout_name: 'Squat', sets: 2, reps_per_set: 5, weight_used_lb: 100, notes: null, logged_at: night(45), weight: 100, unit: 'lb' }]);
        // The part after midnight alone is no session: its start is in a month not read.
        const november = [...project<SessionMonthDoc>(sessionMonthsProjection, events).entries()].filter(([key]) => key.startsWith(`${ann}/2026-11/`)).map(([, d]) => d);
        expect(userSessions(november, []).history).to.deep.equal([]);
      });

      it('the open sessions doc holds a session from its start to its end', () => {
        expect(project(openSessionsProjection, events.slice(0, 3)).get(ann)).to.deep.equal({ user_id: ann, open: [{ session_id: 'late', start_time: night(0) }] });
        expect(project(openSessionsProjection, events).get(ann)).to.deep.equal({ user_id: ann, open: [] });
      });
    });
  });

  describe('profile follows the primary regimen', () => {
    const signedUp = newEvent('UserSignedUp', {
      userId: ann, email: 'ann@example.com', username: null, passwordHash: 'x', name: 'Ann', age: 30, gender: 'Female', heightIn: 66, weightLb: 150,
      bodyFatPercentage: null, musclePercentage: null, targetWeightLb: null, targetBodyFatPercentage: null, targetMusclePercentage: null,
      primaryGoal: null, secondaryGoal: null, weeklyWorkoutFrequency: null, activityLevel: null, gymExperience: 0, helpPreferences: [],
      accessibilityNeeds: null, calorieIntakeGoal: null, dietType: null, dietRestrictions: null, timeZone: 'UTC',
    });
    const profileAfter = (events: AppNewEvent[]) => project(profilesProjection, events).get(ann) as ProfileDoc;

    it('current_regimen_id and current_regimen_day track the primary and its day, not other regimens', () => {
      const advanced = (regimenId: string) => newEvent('RegimenDayAdvanced', { regimenId, userId: ann, fromDay: 2, toDay: 3, advancedAt: t(9) });
      expect(profileAfter([signedUp, primary('r2', 'r1', 2)])).to.include({ current_regimen_id: 'r2', current_regimen_day: 2 });
      expect(profileAfter([signedUp, primary('r2', 'r1', 2), advanced('r2')])).to.include({ current_regimen_day: 3 });
      expect(profileAfter([signedUp, primary('r2', 'r1', 2), advanced('r1')])).to.include({ current_regimen_day: 2 });
      expect(
        profileAfter([signedUp, primary('r2', 'r1', 2), advanced('r2'), newEvent('RegimenRestarted', { regimenId: 'r2', userId: ann, fromDay: 3, restartedAt: t(10) })]),
      ).to.include({ current_regimen_day: 1 });
    });
  });
});
