import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { isWorkout, session } from '../../services/command/src/training/sessions/session.js';
import { dashboardSummary } from '../../services/query/src/dashboard/summary.js';
import { progressOverview } from '../../services/query/src/progress/overview.js';
import type { UserFacts } from '../../services/query/src/progress/userFacts.js';
import { regimensProjection, type RegimenDoc } from '../../services/query/src/training/regimens/regimens.projection.js';
import { isWorkoutSession } from '../../services/query/src/training/sessions/sessionDoc.js';
import { userSessions } from '../../services/query/src/training/sessions/sessionHistory.js';
import { sessionMonthsProjection, type SessionMonthDoc } from '../../services/query/src/training/sessions/sessionMonths.projection.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { saveRegimen } from '../../services/command/src/training/regimens/decide.js';
import { beginnerPlan } from '../e2e/firstWeek.js';
import { project, stateOf } from '../support/decider.js';

const ann = 'user-ann';
/** 10:00 in New York on a day of the week of Monday 16 November 2026. */
const on = (day: number, minutes = 0) => new Date(Date.parse('2026-11-16T15:00:00.000Z') + (day - 1) * 86_400_000 + minutes * 60_000).toISOString();

type Logged = { exercise: string; name: string; warmup?: boolean; reps?: number; seconds?: number; weight?: number };

/** One session's own stream: started on `day` at plan day `dayNumber`, these sets logged (some taken back), ended 30 min on. */
function sessionOn(id: string, day: number, dayNumber: number, sets: Logged[], deleted: number[] = []): AppNewEvent[] {
  const base = { sessionId: id, userId: ann };
  return [
    newEvent('WorkoutSessionStarted', { ...base, regimenId: 'r1', dayNumber, source: 'tracker', startedAt: on(day) }),
    ...sets.map((s, i) =>
      newEvent('SetLogged', {
        ...base,
        setId: `${id}-s${i + 1}`,
        exercise: s.exercise,
        exerciseName: s.name,
        custom: false,
        ...(s.weight === undefined ? {} : { weight: s.weight, unit: 'kg' as const }),
        ...(s.reps === undefined ? {} : { reps: s.reps }),
        ...(s.seconds === undefined ? {} : { seconds: s.seconds }),
        rpe: null,
        warmup: s.warmup ?? false,
        loggedAt: on(day, 5 + i),
      }),
    ),
    ...deleted.map((n) => newEvent('SetDeleted', { ...base, setId: `${id}-s${n}`, exercise: sets[n - 1]!.exercise, loggedAt: on(day, 4 + n), deletedAt: on(day, 20) })),
    newEvent('WorkoutSessionEnded', { ...base, regimenId: 'r1', dayNumber, endedAt: on(day, 30), runtimeSeconds: 1800, totalDurationMinutes: 30, endedBy: 'ended' }),
  ];
}

const squat: Logged = { exercise: 'goblet-squat', name: 'Goblet Squat', weight: 12, reps: 12 };
const row: Logged = { exercise: 'dumbbell-row', name: 'Dumbbell Row', weight: 10, reps: 12 };

/** What each side makes of one session: the write side's fold (which moves the plan on) and the read side's doc (which counts it). */
function bothSides(events: AppNewEvent[]) {
  const [doc] = [...project(sessionMonthsProjection, events).values()] as SessionMonthDoc[];
  return { write: isWorkout(stateOf(session, events)), read: isWorkoutSession(doc!.sessions[0]!) };
}

describe('a workout is a session with something logged: one rule, on both sides', () => {
  it('the session that moves the plan on is the session the week counts, and no other', () => {
    expect(bothSides(sessionOn('s1', 1, 1, [squat])), 'a working set').to.deep.equal({ write: true, read: true });
    expect(bothSides(sessionOn('s2', 4, 3, [])), 'nothing logged').to.deep.equal({ write: false, read: false });
    expect(bothSides(sessionOn('s3', 4, 3, [{ ...squat, warmup: true, weight: 6 }])), 'a warm-up alone').to.deep.equal({ write: false, read: false });
    expect(bothSides(sessionOn('s4', 4, 3, [squat], [1])), 'its only set taken back').to.deep.equal({ write: false, read: false });
    expect(bothSides(sessionOn('s5', 6, 3, [{ exercise: 'push-up', name: 'Push-up', reps: 10 }])), 'a push-up set without a weight').to.deep.equal({ write: true, read: true });
  });

  describe("the beginner's week, given its sessions, then /prog and the dashboard", () => {
    const plan = workoutPlanOf(workoutPlanInput.parse(beginnerPlan()));
    const saved = saveRegimen({ status: 'none' }, { regimenId: 'r1', userId: ann, plan, now: on(1, -60) });
    const completed = (sessionId: string, day: number, dayNumber: number, workout: boolean) =>
      newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber, sessionId, completedAt: on(day, 30), workout });
    // Monday A, Wednesday B; Thursday a session with nothing logged and one with a warm-up alone; Saturday C with a
    // push-up set without a weight and a plank held for seconds.
    const sessions = [
      ...sessionOn('mon', 1, 1, [squat]),
      ...sessionOn('wed', 3, 2, [row]),
      ...sessionOn('thu-empty', 4, 3, []),
      ...sessionOn('thu-warmup', 4, 3, [{ ...squat, warmup: true, weight: 6 }]),
      ...sessionOn('sat', 6, 3, [squat, { exercise: 'push-up', name: 'Push-up', reps: 10 }, { exercise: 'front-plank', name: 'Plank', seconds: 30 }]),
    ];
    const plans = [
      ...saved,
      completed('mon', 1, 1, true),
      completed('wed', 3, 2, true),
      completed('thu-empty', 4, 3, false),
      completed('thu-warmup', 4, 3, false),
      completed('sat', 6, 3, true),
    ];
    /** The facts as they stand after the first `upTo` sessions. */
    const facts = (upTo = 5): UserFacts => {
      const ids = ['mon', 'wed', 'thu-empty', 'thu-warmup', 'sat'].slice(0, upTo);
      const months = [...project(sessionMonthsProjection, sessions.filter((e) => ids.includes((e.data as { sessionId: string }).sessionId))).values()];
      const regimen = [...project(regimensProjection, plans.slice(0, saved.length + upTo)).values()][0] as RegimenDoc;
      return {
        profile: { time_zone: 'America/New_York', weekly_workout_frequency: 3, help_preferences: [] },
        regimens: { user_id: ann, primary_regimen_id: 'r1', regimens: [regimen] },
        sessions: userSessions(months, []),
      } as unknown as UserFacts;
    };

    it('Workouts this week 3 / 3, and one line a day trained in Recent Activity, each with its own exercises', () => {
      const overview = progressOverview(facts(), new Date(on(7, 60)));
      expect(overview.workouts).to.include({ completed: 3, weekly_goal: 3 });
      expect(overview.recentActivity.filter((a) => a.type === 'workout').map((a) => a.detail)).to.deep.equal([
        'Beginner at home (3 days): Full body C (30 min, 3 exercises)',
        'Beginner at home (3 days): Full body B (30 min, 1 exercise)',
        'Beginner at home (3 days): Full body A (30 min, 1 exercise)',
      ]);
    });

    it("the dashboard agrees: 3 workouts this week, and Thursday's empty sessions did not do Full body C", () => {
      expect(dashboardSummary(facts(), new Date(on(7, 60))).weekly.workoutsDone).to.equal(3);
      const thursday = facts(4);
      expect(dashboardSummary(thursday, new Date(on(4, 60))).workout).to.deep.include({ todayDone: false, currentSummary: 'Full body C' });
      expect(dashboardSummary(thursday, new Date(on(4, 60))).weekly.workoutsDone).to.equal(2);
    });
  });
});
