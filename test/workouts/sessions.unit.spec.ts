import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import {
  ALREADY_PAUSED,
  claimSessionSlot,
  endSession,
  logExercise,
  NO_SUCH_EXERCISE,
  NO_SUCH_SESSION,
  NOT_PAUSED,
  pauseSession,
  releaseSessionSlot,
  resumeSession,
  SESSION_ALREADY_ACTIVE,
  SESSION_ENDED,
} from '../../services/command/src/training/sessions/decide.js';
import { ACTED_AT_MAX_AGE_MS, actedAt } from '../../services/command/src/fields.js';
import { entryOfCompleted } from '../../services/command/src/training/sessions/input.js';
import { logSet } from '../../services/command/src/training/sets/decide.js';
import { setLog } from '../../services/command/src/training/sets/setLog.js';
import { session } from '../../services/command/src/training/sessions/session.js';
import { sessionSlot } from '../../services/command/src/training/sessions/slot.js';
import { saveRegimen } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { regimen } from '../../services/command/src/training/regimens/regimen.js';
import { given } from '../support/decider.js';
import { TRAINING } from '../../events/bounds.js';
import { FULL_SESSION } from '../../events/session.js';
import { samplePlan } from './plan.js';

const ann = 'user-ann';
const bob = 'user-bob';
const t = (seconds: number) => new Date(Date.parse('2026-11-18T15:00:00.000Z') + seconds * 1000).toISOString();
const r1 = given(regimen, saveRegimen(regimen.initialState, { regimenId: 'r1', userId: ann, plan: workoutPlanOf(workoutPlanInput.parse(samplePlan())), now: t(0) })).state;
const exercises = [
  { workoutId: 'd1-e1', name: 'Squat' },
  { workoutId: 'd2-e1', name: 'Push-up' },
];

const claimed = (sessionId: string, at = t(0)) => newEvent('ActiveSessionClaimed', { userId: ann, sessionId, regimenId: 'r1', claimedAt: at });
const started = (sessionId = 's1', at = t(0)): AppNewEvent =>
  newEvent('WorkoutSessionStarted', { sessionId, userId: ann, regimenId: 'r1', dayNumber: 1, source: 'plans', startedAt: at });

describe('workouts: session deciders', () => {
  describe('one active session per user (the slot)', () => {
    it('a free slot is claimed for the new session', () => {
      given(sessionSlot, [])
        .when((s) => claimSessionSlot(s, { userId: ann, sessionId: 's1', regimen: r1, deleted: false, holder: null, now: t(0) }))
        .then([claimed('s1')]);
    });

    it('a second session while one is open is refused', () => {
      given(sessionSlot, [claimed('s1')])
        .when((s) => claimSessionSlot(s, { userId: ann, sessionId: 's2', regimen: r1, deleted: false, holder: { sessionId: 's1', status: 'open' }, now: t(5) }))
        .thenThrows('conflict', SESSION_ALREADY_ACTIVE);
    });

    it('a holder the route did not look at counts as open', () => {
      given(sessionSlot, [claimed('s1')])
        .when((s) => claimSessionSlot(s, { userId: ann, sessionId: 's2', regimen: r1, deleted: false, holder: { sessionId: 'other', status: 'ended' }, now: t(5) }))
        .thenThrows('conflict');
    });

    it('a slot whose session ended but was never released is taken over', () => {
      given(sessionSlot, [claimed('s1')])
        .when((s) => claimSessionSlot(s, { userId: ann, sessionId: 's2', regimen: r1, deleted: false, holder: { sessionId: 's1', status: 'ended' }, now: t(5) }))
        .then([newEvent('ActiveSessionReleased', { userId: ann, sessionId: 's1', releasedAt: t(5) }), claimed('s2', t(5))]);
    });

    it('a claim whose session never started blocks only for a minute', () => {
      const missing = { sessionId: 's1', status: 'missing' as const };
      given(sessionSlot, [claimed('s1')])
        .when((s) => claimSessionSlot(s, { userId: ann, sessionId: 's2', regimen: r1, deleted: false, holder: missing, now: t(30) }))
        .thenThrows('conflict');
      given(sessionSlot, [claimed('s1')])
        .when((s) => claimSessionSlot(s, { userId: ann, sessionId: 's2', regimen: r1, deleted: false, holder: missing, now: t(61) }))
        .then([newEvent('ActiveSessionReleased', { userId: ann, sessionId: 's1', releasedAt: t(61) }), claimed('s2', t(61))]);
    });

    it('a released slot is free again', () => {
      given(sessionSlot, [claimed('s1'), ...releaseSessionSlot(given(sessionSlot, [claimed('s1')]).state, { userId: ann, sessionId: 's1', now: t(9) })])
        .when((s) => claimSessionSlot(s, { userId: ann, sessionId: 's2', regimen: r1, deleted: false, holder: null, now: t(10) }))
        .then([claimed('s2', t(10))]);
    });

    it("a session on someone else's or a deleted regimen is not found", () => {
      given(sessionSlot, []).when((s) => claimSessionSlot(s, { userId: bob, sessionId: 's1', regimen: r1, deleted: false, holder: null, now: t(0) })).thenThrows('not_found');
      given(sessionSlot, [])
        .when((s) => claimSessionSlot(s, { userId: ann, sessionId: 's1', regimen: r1, deleted: true, holder: null, now: t(1) }))
        .thenThrows('not_found');
    });

    it('releasing a slot another session holds appends nothing', () => {
      given(sessionSlot, [claimed('s2')]).when((s) => releaseSessionSlot(s, { userId: ann, sessionId: 's1', now: t(1) })).then([]);
    });
  });

  describe('pause and resume', () => {
    const paused = newEvent('WorkoutSessionPaused', { sessionId: 's1', userId: ann, pausedAt: t(60) });

    it('pauses a running session and resumes a paused one', () => {
      given(session, [started()]).when((s) => pauseSession(s, { userId: ann, now: t(60) })).then([paused]);
      given(session, [started(), paused])
        .when((s) => resumeSession(s, { userId: ann, now: t(90) }))
        .then([newEvent('WorkoutSessionResumed', { sessionId: 's1', userId: ann, resumedAt: t(90) })]);
    });

    it('pausing a paused session or resuming a running one is a conflict', () => {
      given(session, [started(), paused]).when((s) => pauseSession(s, { userId: ann, now: t(70) })).thenThrows('conflict', ALREADY_PAUSED);
      given(session, [started()]).when((s) => resumeSession(s, { userId: ann, now: t(70) })).thenThrows('conflict', NOT_PAUSED);
    });

    it("an ended session is a conflict; another user's or an unknown one is not found", () => {
      const ended = newEvent('WorkoutSessionEnded', {
        sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: t(9), runtimeSeconds: 9, totalDurationMinutes: 0, endedBy: 'stopped',
      });
      given(session, [started(), ended]).when((s) => pauseSession(s, { userId: ann, now: t(10) })).thenThrows('conflict', SESSION_ENDED);
      given(session, [started()]).when((s) => pauseSession(s, { userId: bob, now: t(10) })).thenThrows('not_found', NO_SUCH_SESSION);
      given(session, []).when((s) => resumeSession(s, { userId: ann, now: t(10) })).thenThrows('not_found');
    });
  });

  describe('exercises and the end', () => {
    const input = { workoutId: 'd1-e1', sets: 3, reps: 8, weightLb: 135, notes: 'felt easy' };

    it("logs an exercise of the session's regimen under its name", () => {
      given(session, [started()])
        .when((s) => logExercise(s, { userId: ann, entry: input, exercises, now: t(30) }))
        .then([
          newEvent('ExerciseLogged', {
            sessionId: 's1', userId: ann, regimenId: 'r1', workoutId: 'd1-e1', name: 'Squat', sets: 3, reps: 8, weightLb: 135, notes: 'felt easy', loggedAt: t(30),
          }),
        ]);
    });

    it('an exercise whose sets would take the session past its bound is refused; one that fills it is logged', () => {
      const sets = (n: number) =>
        newEvent('SetLogged', { sessionId: 's1', userId: ann, setId: `s1-s${n}`, exercise: 'barbell-back-squat', exerciseName: 'Squat', custom: false, weight: 100, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: t(20) });
      const almost = Array.from({ length: TRAINING.setsPerSession - 3 }, (_, i) => sets(i + 1));
      given(session, [started(), ...almost])
        .when((s) => logExercise(s, { userId: ann, entry: input, exercises, now: t(30) }))
        .then([newEvent('ExerciseLogged', { sessionId: 's1', userId: ann, regimenId: 'r1', workoutId: 'd1-e1', name: 'Squat', sets: 3, reps: 8, weightLb: 135, notes: 'felt easy', loggedAt: t(30) })]);
      given(session, [started(), ...almost, sets(TRAINING.setsPerSession)])
        .when((s) => logExercise(s, { userId: ann, entry: input, exercises, now: t(30) }))
        .thenThrows('conflict', FULL_SESSION);
    });

    it('an exercise not in the regimen is not found', () => {
      given(session, [started()])
        .when((s) => logExercise(s, { userId: ann, entry: { ...input, workoutId: 'd9-e9' }, exercises, now: t(30) }))
        .thenThrows('not_found', NO_SUCH_EXERCISE);
    });

    it('stopping counts running time only: 60 s, a 120 s pause, 30 s more is 90 s', () => {
      const history = [
        started(),
        newEvent('WorkoutSessionPaused', { sessionId: 's1', userId: ann, pausedAt: t(60) }),
        newEvent('WorkoutSessionResumed', { sessionId: 's1', userId: ann, resumedAt: t(180) }),
      ];
      given(session, history)
        .when((s) => endSession(s, { userId: ann, exercises, how: { endedBy: 'stopped' }, now: t(210) }))
        .then([
          newEvent('WorkoutSessionEnded', {
            sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: t(210), runtimeSeconds: 90, totalDurationMinutes: 1, endedBy: 'stopped',
          }),
        ]);
    });

    it("the tracker's end logs what it shows completed but the server missed, and caps its minutes at the wall time", () => {
      const logged = logExercise(given(session, [started()]).state, { userId: ann, entry: input, exercises, now: t(30) });
      const completed = [
        { workout_id: 'd1-e1', name: 'Squat', sets: 3, reps_per_set: 8, weight_used_lb: 135 },
        { workout_id: 'd2-e1', name: 'Push-up', sets: 4, reps_per_set: 12, weight_used_lb: 0 },
      ].map(entryOfCompleted);
      const events = endSession(given(session, [started(), ...logged]).state, {
        userId: ann,
        exercises,
        how: { endedBy: 'ended', reportedMinutes: 500, completed },
        now: t(600),
      });
      expect(events.map((e) => e.type)).to.deep.equal(['ExerciseLogged', 'WorkoutSessionEnded']);
      expect(events[0]!.data).to.include({ workoutId: 'd2-e1', name: 'Push-up', sets: 4, reps: 12, weightLb: 0, notes: null });
      expect(events[1]!.data).to.include({ totalDurationMinutes: 10, runtimeSeconds: 600, endedBy: 'ended' });
    });

    it("the tracker's minutes stand when they fit the wall time", () => {
      const [ended] = endSession(given(session, [started()]).state, {
        userId: ann, exercises, how: { endedBy: 'ended', reportedMinutes: 7, completed: [] }, now: t(600),
      });
      expect(ended!.data).to.include({ totalDurationMinutes: 7 });
    });

    it('an ended session cannot take exercises or end again', () => {
      const ended = endSession(given(session, [started()]).state, { userId: ann, exercises, how: { endedBy: 'stopped' }, now: t(60) });
      given(session, [started(), ...ended]).when((s) => logExercise(s, { userId: ann, entry: input, exercises, now: t(70) })).thenThrows('conflict');
      given(session, [started(), ...ended])
        .when((s) => endSession(s, { userId: ann, exercises, how: { endedBy: 'stopped' }, now: t(70) }))
        .thenThrows('conflict', SESSION_ENDED);
    });
  });
  describe('dated when the person acted (acted-at)', () => {
    const now = new Date(t(3600));

    it('believes an acted-at of the last 7 days; a later or older one, or none, is dated now; junk is a 400', () => {
      expect(actedAt(t(0), now)).to.equal(t(0));
      expect(actedAt('2026-11-18T16:00:00+01:00', now)).to.equal(t(0));
      expect(actedAt(undefined, now)).to.equal(t(3600));
      expect(actedAt(t(3601), now)).to.equal(t(3600));
      expect(actedAt(new Date(now.getTime() - ACTED_AT_MAX_AGE_MS - 1).toISOString(), now)).to.equal(t(3600));
      expect(actedAt(new Date(now.getTime() - ACTED_AT_MAX_AGE_MS).toISOString(), now)).to.equal(new Date(now.getTime() - ACTED_AT_MAX_AGE_MS).toISOString());
      for (const junk of ['yesterday', '1700000000000', '2026-11-18', '2026-13-40T00:00:00Z']) expect(() => actedAt(junk, now)).to.throw(/X-Acted-At must be an ISO 8601 instant/);
    });

    it('a session synced an hour later keeps its real instants: start, pause, resume, log, end and its minutes', () => {
      // What the queue sends at t(3600): each command with the instant it was made.
      const history = [
        started('s1', t(0)),
        ...pauseSession(given(session, [started('s1', t(0))]).state, { userId: ann, now: t(600) }),
      ];
      const resumed = resumeSession(given(session, history).state, { userId: ann, now: t(720) });
      const logged = logExercise(given(session, [...history, ...resumed]).state, { userId: ann, entry: { workoutId: 'd1-e1', sets: 3, reps: 8, weightLb: 135, notes: null }, exercises, now: t(900) });
      const [end] = endSession(given(session, [...history, ...resumed, ...logged]).state, { userId: ann, exercises, how: { endedBy: 'ended', reportedMinutes: 18, completed: [] }, now: t(1320) });
      expect(resumed[0]!.data).to.include({ resumedAt: t(720) });
      expect(logged[0]!.data).to.include({ loggedAt: t(900) });
      expect(end!.data).to.include({ endedAt: t(1320), runtimeSeconds: 1200, totalDurationMinutes: 18 });
    });

    it('a start backdated 6.9 days by acted-at and ended now counts a day at most, from the plans page and from the tracker', () => {
      // A workout lasts at most a day (events/bounds.ts): a session open longer was left running, not trained through.
      const start = started('s1', t(-6.9 * 24 * 3600));
      given(session, [start])
        .when((s) => endSession(s, { userId: ann, exercises, how: { endedBy: 'stopped' }, now: t(0) }))
        .then([
          newEvent('WorkoutSessionEnded', {
            sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: t(0), runtimeSeconds: 24 * 3600, totalDurationMinutes: 24 * 60, endedBy: 'stopped',
          }),
        ]);
      given(session, [start])
        .when((s) => endSession(s, { userId: ann, exercises, how: { endedBy: 'ended', reportedMinutes: 9936, completed: [] }, now: t(0) }))
        .then([
          newEvent('WorkoutSessionEnded', {
            sessionId: 's1', userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: t(0), runtimeSeconds: 24 * 3600, totalDurationMinutes: 24 * 60, endedBy: 'ended',
          }),
        ]);
    });

    it("is never dated before the session's last event, whatever the device's clock said", () => {
      given(session, [started('s1', t(600))])
        .when((s) => pauseSession(s, { userId: ann, now: t(0) }))
        .then([newEvent('WorkoutSessionPaused', { sessionId: 's1', userId: ann, pausedAt: t(600) })]);
      const [end] = endSession(given(session, [started('s1', t(600))]).state, { userId: ann, exercises, how: { endedBy: 'stopped' }, now: t(60) });
      expect(end!.data).to.include({ endedAt: t(600), runtimeSeconds: 0 });
      const entry = { exercise: { key: 'squat', name: 'Squat', custom: false }, said: 'Squat', weight: { value: 100, unit: 'lb' as const }, reps: 5, rpe: null, warmup: false };
      const [set] = logSet(given(setLog, [started('s1', t(600))]).state, { userId: ann, entry, now: t(30) });
      expect(set!.data).to.include({ loggedAt: t(600) });
    });
  });
});
