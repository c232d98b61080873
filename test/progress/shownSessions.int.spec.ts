import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import type { ImportedWorkout } from '../../events/imports.js';
import { saveRegimen } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { MEAL_TIMES } from '../../contract/nutrition/mealTimes.js';
import { joinChunks } from '../../services/query/src/chunks.js';
import type { FoodLogsDoc, MealLogsDoc } from '../../services/query/src/nutrition/api.js';
import { dashboardSummary } from '../../services/query/src/dashboard/summary.js';
import { progressOverview } from '../../services/query/src/progress/overview.js';
import { joinFacts, loadStoredFacts, SHOWN_DAYS } from '../../services/query/src/progress/userFacts.js';
import { projections } from '../../services/query/src/projections.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { importedSessionsProjection, type ImportedSessionsDoc } from '../../services/query/src/training/sessions/importedSessions.projection.js';
import { readShownSessions, userSessions } from '../../services/query/src/training/sessions/sessionHistory.js';
import { sessionMonthsProjection, type SessionMonthDoc } from '../../services/query/src/training/sessions/sessionMonths.projection.js';
import { project } from '../support/decider.js';
import { samplePlan } from '../workouts/plan.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A small seeded generator, so a failure names a history that can be read again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Years of one person's training as events: sessions every few days at any hour (some over a month's end, some with
 * nothing logged, now and then one left open for weeks), the primary plan's days completed by them, months without
 * any before the last weeks, an import of older workouts in batches that span months, and an import never completed.
 */
function history(userId: string, timeZone: string, seed: number, withImports: boolean): { events: AppNewEvent[]; last: number } {
  const next = random(seed);
  // Meals and foods draw from a generator of their own, so the sessions are the ones this seed always made.
  const eats = random(seed + 1);
  const start = Date.parse('2023-01-03T08:00:00.000Z');
  const events: AppNewEvent[] = [
    newEvent('UserSignedUp', {
      userId, email: `${userId}@example.com`, username: null, passwordHash: 'x', name: 'Ann', age: 30, gender: 'Female', heightIn: 66, weightLb: 150,
      bodyFatPercentage: null, musclePercentage: null, targetWeightLb: null, targetBodyFatPercentage: null, targetMusclePercentage: null,
      primaryGoal: null, secondaryGoal: null, weeklyWorkoutFrequency: 4, activityLevel: null, gymExperience: 0, helpPreferences: [],
      accessibilityNeeds: null, calorieIntakeGoal: null, dietType: null, dietRestrictions: null, timeZone,
    }),
    ...saveRegimen({ status: 'none' }, { regimenId: 'r1', userId, plan: workoutPlanOf(workoutPlanInput.parse(samplePlan({ name: 'Main' }))), now: iso(start) }),
    newEvent('PrimaryRegimenSelected', { userId, regimenId: 'r1', previousRegimenId: null, currentDay: 1, selectedAt: iso(start) }),
  ];
  let at = start + DAY;
  let day = 1;
  const end = Date.parse('2025-12-20T00:00:00.000Z');
  // Months without training before the last weeks: the plan's days done before them are still its current cycle's.
  const [gapFrom, gapTo] = [end - 245 * DAY, end - 45 * DAY];
  for (let n = 0; at < end; n += 1) {
    if (at > gapFrom && at < gapTo) at = gapTo;
    const sessionId = `${userId}-s${n}`;
    const startedAt = at + Math.floor(next() * 24 * 60) * MINUTE;
    events.push(newEvent('WorkoutSessionStarted', { sessionId, userId, regimenId: 'r1', dayNumber: day, source: 'tracker', startedAt: iso(startedAt) }));
    const sets = next() < 0.1 ? 0 : 1 + Math.floor(next() * 4);
    // Now and then a session is left open for weeks before it is ended.
    const length = next() < 0.03 ? Math.floor(20 + next() * 40) * DAY : Math.floor(20 + next() * 100) * MINUTE;
    for (let i = 0; i < sets; i += 1) {
      const loggedAt = iso(startedAt + Math.floor(((i + 1) * length) / (sets + 1)));
      events.push(newEvent('SetLogged', { sessionId, userId, setId: `${sessionId}-${i}`, exercise: 'squat', exerciseName: 'Squat', custom: false, weight: 100 + i, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt }));
    }
    const endedAt = iso(startedAt + length);
    events.push(newEvent('WorkoutSessionEnded', { sessionId, userId, regimenId: 'r1', dayNumber: day, endedAt, runtimeSeconds: 600, totalDurationMinutes: 10 + (n % 50), endedBy: 'ended' }));
    // Meals logged after some sessions (a few taken back) and foods after others: their months have the sessions' gaps.
    if (eats() < 0.5) {
      const meal = { mealLogId: `${sessionId}-m`, mealPlanId: 'm1', userId, mealPlanMealId: `m1-${n % 3}`, loggedAt: iso(startedAt + length + 5 * MINUTE) };
      events.push(newEvent('MealLogged', { ...meal, dayNumber: 1, mealTime: MEAL_TIMES[n % MEAL_TIMES.length]!, name: 'Oats', calories: 300 + (n % 7), proteinGrams: 10, carbsGrams: 40, fatsGrams: 5 }));
      if (eats() < 0.1) events.push(newEvent('MealLogUndone', { ...meal, undoneAt: iso(startedAt + length + 6 * MINUTE) }));
    }
    if (eats() < 0.3) {
      events.push(newEvent('FoodLogged', {
        entryId: `${sessionId}-f`, userId, day: iso(startedAt).slice(0, 10), mealTime: 'Snack', kind: 'quick', foodId: null, name: 'Apple', portion: '1', portionGrams: null,
        quantity: 1, calories: 95 + (n % 5), proteinGrams: 0, carbsGrams: 25, fatsGrams: 0, insteadOfMealPlanMealId: null, loggedAt: iso(startedAt + length),
      }));
    }
    if (next() < 0.7) events.push(newEvent('RegimenDayCompleted', { regimenId: 'r1', userId, dayNumber: day, sessionId, completedAt: iso(startedAt + length + MINUTE) }));
    if (next() < 0.3 && at < gapFrom) {
      events.push(newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId, fromDay: day, toDay: day >= 3 ? 1 : day + 1, advancedAt: iso(startedAt + length + 2 * MINUTE) }));
      day = day >= 3 ? 1 : day + 1;
    }
    at = startedAt + length + Math.floor(1 + next() * (at > gapTo ? 2 : 4)) * DAY;
  }
  const workout = (i: number, startedAt: number): ImportedWorkout => ({
    sessionId: `${userId}-i${i}`,
    name: 'Push',
    startedAt: iso(startedAt),
    durationMinutes: 30 + (i % 90),
    sets: [{ exercise: 'bench', exerciseName: 'Bench', custom: false, weight: 60, unit: 'kg', reps: 5, rpe: null, warmup: i % 11 === 0, distance: null, distanceUnit: null, seconds: null }],
  });
  const imported = Array.from({ length: 40 }, (_, i) => workout(i, Date.parse('2021-06-01T18:00:00.000Z') + i * 9 * DAY + (i % 5) * 3 * 3_600_000));
  const batches = Array.from({ length: 14 }, (_, b) => imported.slice(b * 3, b * 3 + 3)).filter((b) => b.length > 0);
  const imports = (importId: string, workouts: ImportedWorkout[][], complete: boolean) => [
    newEvent('ImportStarted', { importId, userId, source: 'strong', contentHash: importId, fileName: null, workouts: workouts.flat().length, sets: 1, exercises: 1, from: null, to: null, skipped: 0, startedAt: iso(at) }),
    ...workouts.map((w, batch) => newEvent('WorkoutsImported', { importId, userId, source: 'strong', batch, workouts: w })),
    ...(complete ? [newEvent('ImportCompleted', { importId, userId, completedAt: iso(at) })] : []),
  ];
  if (withImports) events.push(...imports(`${userId}-imp`, batches, true), ...imports(`${userId}-cut`, [[workout(99, Date.parse('2025-11-30T12:00:00.000Z'))]], false));
  return { events, last: at };
}

describe('the dashboard and /prog read only the months they show (sessions, meals, foods), and answer as from the whole history', function () {
  // Each test draws both screens from the shown and from the whole history at some two hundred moments: seconds of
  // CPU alone, and several times that while the suite shares the cores.
  this.timeout(180_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shown-sessions-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const [userId, timeZone, seed, withImports] of [
    ['u-utc', 'UTC', 7, true],
    ['u-kiritimati', 'Pacific/Kiritimati', 11, true],
    ['u-honolulu', 'Pacific/Honolulu', 23, true],
    ['u-app-only', 'Europe/Paris', 31, false],
  ] as const) {
    it(`in ${timeZone}${withImports ? ', with imports' : ''}: the same answers at any moment, from fewer docs`, async () => {
      const { events, last } = history(userId, timeZone, seed, withImports);
      const store = new SqliteReadModelStore(path.join(dir, `${userId}.db`));
      try {
        await store.commit(projections.map((p) => ({ projection: p.name, docs: project<unknown>(p, events), checkpoint: 1 })));
        const allMonths = await store.range<SessionMonthDoc>(sessionMonthsProjection.name, `${userId}/`);
        const allImported = await store.range<ImportedSessionsDoc>(importedSessionsProjection.name, `${userId}/`);
        const whole = userSessions(allMonths, allImported);
        expect(whole.history.length, 'sessions in the history').to.be.above(200);
        const allMeals = await store.range<MealLogsDoc>('mealLogs', `${userId}/`);
        const allFoods = await store.range<FoodLogsDoc>('foodLogs', `${userId}/`);
        const everything = { sessions: whole, mealLogs: joinChunks(allMeals, 'logs'), foodLogs: joinChunks(allFoods, 'entries') };
        // Moments inside the history too (its later sessions then read as ones to come), a doc at a time.
        for (let now = last - 400 * DAY; now < last + 900 * DAY; now += (now < last + 70 * DAY ? 2.3 : 37) * DAY) {
          const at = new Date(now);
          const stored = (await loadStoredFacts(store, userId, at, 1))!;
          const { months, imported } = await readShownSessions(store, userId, { since: new Date(now - SHOWN_DAYS * DAY).toISOString(), completions: joinFacts(stored).regimens?.regimens[0]?.completions ?? [] }, 1);
          const shown = joinFacts({ ...stored, sessionMonths: months, imported });
          const all = { ...shown, ...everything };
          const when = iso(now);
          expect(progressOverview(shown, at), `progress at ${when}`).to.deep.equal(progressOverview(all, at));
          expect(dashboardSummary(shown, at), `dashboard at ${when}`).to.deep.equal(dashboardSummary(all, at));
          if (now >= last) {
            expect(joinFacts(stored).sessions.history.length, 'sessions read').to.be.below(whole.history.length / 2);
            expect(stored.mealLogs.length, 'months of meals read').to.be.below(allMeals.length / 2);
            expect(stored.foodLogs.length, 'months of foods read').to.be.below(allFoods.length / 2);
          }
        }
      } finally {
        await store.close();
      }
    });
  }
});
