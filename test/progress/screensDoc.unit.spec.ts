import { expect } from 'chai';
import { newEvent, type AppEvent, type AppNewEvent } from '../../events/catalog.js';
import type { ImportedWorkout } from '../../events/imports.js';
import { saveRegimen } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { MEAL_TIMES } from '../../contract/nutrition/mealTimes.js';
import { MAX_PLANS_PER_KIND } from '../../contract/plans/planLimits.js';
import type { MeasurementsDoc, ProfileDoc } from '../../services/query/src/accounts/api.js';
import { chunksOf, joinChunks } from '../../services/query/src/chunks.js';
import { dashboardSummary } from '../../services/query/src/dashboard/summary.js';
import { InMemoryFold } from '../../services/query/src/fold.js';
import { userFactsFrom } from '../../services/query/src/imports/export/userHistory.js';
import { joinMealPlans, mealPlansProjection, type FoodLogsDoc, type MealLogsDoc, type MealPlanListDoc, type MealPlanView } from '../../services/query/src/nutrition/api.js';
import type { ActivityDoc } from '../../services/query/src/progress/activity.projection.js';
import { progressOverview } from '../../services/query/src/progress/overview.js';
import { screensProjection, type ScreensDoc } from '../../services/query/src/progress/screens.projection.js';
import { factsOf, type UserFacts } from '../../services/query/src/progress/userFacts.js';
import { projections } from '../../services/query/src/projections.js';
import { joinRegimens, type RegimenDoc, type RegimenListDoc } from '../../services/query/src/training/api.js';
import { importedSessionsProjection, type ImportedSessionsDoc } from '../../services/query/src/training/sessions/importedSessions.projection.js';
import { userSessions } from '../../services/query/src/training/sessions/sessionHistory.js';
import { sessionMonthsProjection, type SessionMonthDoc } from '../../services/query/src/training/sessions/sessionMonths.projection.js';
import { recorded } from '../support/decider.js';
import { meal, planSaved } from '../meals/fixtures.js';
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
  // Measurements and visits too.
  const body = random(seed + 2);
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
    ...mealPlan(userId, 'p1', iso(start)),
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
    if (body() < 0.2) {
      const weighed = body() < 0.8;
      events.push(newEvent('MeasurementRecorded', { userId, measuredAt: iso(startedAt - 60 * MINUTE), weightLb: weighed ? 150 + Math.round(body() * 10) : null, bodyFatPercentage: body() < 0.3 ? 20 + Math.round(body() * 5) : null, musclePercentage: body() < 0.2 ? 40 : null }));
    }
    if (body() < 0.5) {
      const shownUpAt = iso(startedAt + length + Math.floor(body() * 40) * 60 * MINUTE);
      events.push(newEvent('UserShowedUp', { userId, day: shownUpAt.slice(0, 10), shownUpAt }));
    }
    if (next() < 0.7) events.push(newEvent('RegimenDayCompleted', { regimenId: 'r1', userId, dayNumber: day, sessionId, completedAt: iso(startedAt + length + MINUTE) }));
    if (next() < 0.3 && at < gapFrom) {
      events.push(newEvent('RegimenDayAdvanced', { regimenId: 'r1', userId, fromDay: day, toDay: day >= 3 ? 1 : day + 1, advancedAt: iso(startedAt + length + 2 * MINUTE) }));
      day = day >= 3 ? 1 : day + 1;
    }
    // Another workout plan and meal plan become the primary for a while; then the first ones again, the others deleted.
    if (n === 120) {
      events.push(...saveRegimen({ status: 'none' }, { regimenId: 'r2', userId, plan: workoutPlanOf(workoutPlanInput.parse(samplePlan({ name: 'Other' }))), now: iso(startedAt + length) }));
      events.push(newEvent('PrimaryRegimenSelected', { userId, regimenId: 'r2', previousRegimenId: 'r1', currentDay: 1, selectedAt: iso(startedAt + length) }));
      events.push(...mealPlan(userId, 'p2', iso(startedAt + length)));
    }
    if (n === 160) {
      events.push(newEvent('PrimaryRegimenSelected', { userId, regimenId: 'r1', previousRegimenId: 'r2', currentDay: day, selectedAt: iso(startedAt + length) }));
      events.push(newEvent('RegimenDeleted', { userId, regimenId: 'r2', deletedAt: iso(startedAt + length) }));
      events.push(newEvent('PrimaryMealPlanSelected', { userId, mealPlanId: 'p1', currentDay: 2, selectedAt: iso(startedAt + length) }));
      events.push(newEvent('MealPlanDeleted', { userId, mealPlanId: 'p2', deletedAt: iso(startedAt + length) }));
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
  return { events: recordedInOrder(events, start), last: at };
}

/** A meal plan of a week of four meals a day, saved and made the primary one. */
function mealPlan(userId: string, mealPlanId: string, savedAt: string): AppNewEvent[] {
  const times = ['Breakfast', 'Lunch', 'Dinner', 'Snack'] as const;
  const meals = Array.from({ length: 28 }, (_, i) => ({ ...meal(`${mealPlanId}-m${i}`, Math.floor(i / 4) + 1, times[i % 4]!), name: `${mealPlanId} meal ${i}` }));
  const saved = planSaved(mealPlanId, userId, meals);
  return [{ ...saved, data: { ...saved.data, savedAt } }, newEvent('PrimaryMealPlanSelected', { userId, mealPlanId, currentDay: 1, selectedAt: savedAt })];
}

/** The instant an event names, if any. */
const namedAt = (event: AppNewEvent): string | undefined => {
  const d = event.data as Record<string, unknown>;
  const at = d.startedAt ?? d.pausedAt ?? d.resumedAt ?? d.loggedAt ?? d.endedAt ?? d.completedAt ?? d.advancedAt ?? d.undoneAt ?? d.measuredAt ?? d.shownUpAt ?? d.selectedAt ?? d.savedAt;
  return typeof at === 'string' ? at : undefined;
};

/** Each event recorded when it happened, as the log keeps them: never before the one ahead of it. */
function recordedInOrder(events: AppNewEvent[], start: number): AppNewEvent[] {
  let at = iso(start);
  return events.map((event) => {
    const named = namedAt(event);
    if (named !== undefined && named > at) at = named;
    return { ...event, metadata: { ...event.metadata, at } };
  });
}


/** The facts as the whole history gives them: every doc of the user's read whole, as the screens once read them. */
function wholeFacts(fold: InMemoryFold, userId: string): UserFacts | undefined {
  const profile = fold.get<ProfileDoc>('profiles', userId);
  const mine = chunksOf(userId);
  return (
    profile && {
      profile,
      measurements: joinChunks(fold.range<MeasurementsDoc>('measurements', mine), 'history'),
      activity: fold.range<ActivityDoc>('activity', mine),
      regimens: joinRegimens(fold.get<RegimenListDoc>('regimenLists', userId), fold.range<RegimenDoc>('regimenPlans', mine)),
      sessions: userSessions(fold.range<SessionMonthDoc>(sessionMonthsProjection.name, mine), fold.range<ImportedSessionsDoc>(importedSessionsProjection.name, mine)),
      mealPlans: joinMealPlans(fold.get<MealPlanListDoc>('mealPlanLists', userId), fold.range<MealPlanView>('mealPlanPlans', mine)),
      mealLogs: joinChunks(fold.range<MealLogsDoc>('mealLogs', mine), 'logs'),
      foodLogs: joinChunks(fold.range<FoodLogsDoc>('foodLogs', mine), 'entries'),
    }
  );
}

/** The person's screens doc after these events (recorded as `recorded` records them), as the projector folds it. */
function screensAfter(events: AppNewEvent[] | AppEvent[], userId: string): ScreensDoc | undefined {
  const fold = new InMemoryFold([screensProjection]);
  for (const event of 'position' in (events[0] ?? {}) ? (events as AppEvent[]) : recorded(events as AppNewEvent[])) fold.apply(event);
  return fold.get<ScreensDoc>(screensProjection.name, userId);
}

describe('the dashboard and /prog answer from the screens doc as from the whole history', function () {
  // Both screens drawn from the doc and from the whole history at some two hundred moments: seconds of CPU alone,
  // and several times that while the suite shares the cores.
  this.timeout(180_000);

  for (const [userId, timeZone, seed, withImports] of [
    ['u-utc', 'UTC', 7, true],
    ['u-kiritimati', 'Pacific/Kiritimati', 11, true],
    ['u-honolulu', 'Pacific/Honolulu', 23, true],
    ['u-app-only', 'Europe/Paris', 31, false],
  ] as const) {
    it(`in ${timeZone}${withImports ? ', with imports' : ''}: given years of training, then at any moment the doc answers as the whole history, from a fraction of it`, () => {
      const { events, last } = history(userId, timeZone, seed, withImports);
      const moments = [];
      // Moments inside the history too: each sees the events recorded until then, as an answer at that moment did.
      for (let now = last - 400 * DAY; now < last + 900 * DAY; now += (now < last + 70 * DAY ? 2.3 : 37) * DAY) moments.push(now);
      const { all, shown } = answeredAlike(userId, events, moments);
      expect(all.sessions.history.length, 'sessions in the history').to.be.above(200);
      expect(shown.sessions.history.length, 'sessions kept').to.be.below(all.sessions.history.length / 4);
      expect(shown.mealLogs!.logs.length, 'meals kept').to.be.below(all.mealLogs!.logs.length / 4);
      expect(shown.foodLogs!.entries.length, 'foods kept').to.be.below(all.foodLogs!.entries.length / 4);
      expect(shown.measurements!.history.length, 'measurements kept').to.be.below(all.measurements!.history.length / 2);
      expect(shown.mealPlans!.plans.map((p) => p.meal_plan_id), 'meal plans').to.deep.equal(['p1']);
      expect(shown.regimens!.regimens.map((r) => r.regimen_id), 'workout plans').to.deep.equal(['r1']);
    });
  }

  it('given two years of four workouts a week and meals every day, then on any day of the second the doc answers as the whole history', () => {
    const events = trainingLife('u-steady', 2);
    const last = Date.parse(events[events.length - 1]!.metadata!.at!);
    const moments = [];
    // Every 1.9 days: each moment at another hour and, week by week, on every weekday.
    for (let now = last - 300 * DAY; now < last + 100 * DAY; now += 1.9 * DAY) moments.push(now);
    answeredAlike('u-steady', events, moments);
  });
});

/**
 * Both screens at each of `moments` (in order), drawn from the doc and from the whole history folded by every other
 * projection, each from the events recorded until then: they must be the same. The facts at the last moment.
 */
function answeredAlike(userId: string, events: AppNewEvent[], moments: number[]): { all: UserFacts; shown: UserFacts } {
  const log = recorded(events);
  const whole = new InMemoryFold(projections.filter((p) => p !== screensProjection));
  // The doc and the primary meal plan's own doc: what the two GETs read.
  const screens = new InMemoryFold([screensProjection, mealPlansProjection]);
  let folded = 0;
  let facts: { all: UserFacts; shown: UserFacts } | undefined;
  for (const now of moments) {
    for (; folded < log.length && log[folded]!.metadata.at <= iso(now); folded += 1) {
      whole.apply(log[folded]!);
      screens.apply(log[folded]!);
    }
    facts = { all: wholeFacts(whole, userId)!, shown: userFactsFrom(screens, userId)! };
    const at = new Date(now);
    expect(progressOverview(facts.shown, at), `progress at ${at.toISOString()}`).to.deep.equal(progressOverview(facts.all, at));
    expect(dashboardSummary(facts.shown, at), `dashboard at ${at.toISOString()}`).to.deep.equal(dashboardSummary(facts.all, at));
  }
  expect(folded, 'every event folded').to.equal(log.length);
  return facts!;
}

/** Ten years of four workouts a week of 20 sets, three meals and two foods a day, a weigh-in a week and a visit a day. */
function trainingLife(userId: string, years: number): AppNewEvent[] {
  const start = Date.parse('2016-01-04T07:00:00.000Z');
  const plan = workoutPlanOf(workoutPlanInput.parse(samplePlan({ name: 'Main' })));
  const events: AppNewEvent[] = [
    newEvent('UserSignedUp', {
      userId, email: `${userId}@example.com`, username: null, passwordHash: 'x', name: 'Ann', age: 30, gender: 'Female', heightIn: 66, weightLb: 150,
      bodyFatPercentage: 25, musclePercentage: null, targetWeightLb: 140, targetBodyFatPercentage: 20, targetMusclePercentage: null,
      primaryGoal: null, secondaryGoal: null, weeklyWorkoutFrequency: 4, activityLevel: null, gymExperience: 0, helpPreferences: [],
      accessibilityNeeds: null, calorieIntakeGoal: null, dietType: null, dietRestrictions: null, timeZone: 'Europe/Berlin',
    }),
    ...saveRegimen({ status: 'none' }, { regimenId: 'r1', userId, plan, now: iso(start) }),
    newEvent('PrimaryRegimenSelected', { userId, regimenId: 'r1', previousRegimenId: null, currentDay: 1, selectedAt: iso(start) }),
  ];
  const lifts = ['Squat', 'Bench Press', 'Deadlift', 'Overhead Press', 'Row'];
  for (let d = 0; d < years * 364; d += 1) {
    const morning = start + d * DAY;
    events.push(newEvent('UserShowedUp', { userId, day: iso(morning).slice(0, 10), shownUpAt: iso(morning) }));
    if (d % 7 === 0) events.push(newEvent('MeasurementRecorded', { userId, measuredAt: iso(morning + MINUTE), weightLb: 150 - (d % 50) / 10, bodyFatPercentage: d % 28 === 0 ? 24 : null, musclePercentage: null }));
    for (const [i, mealTime] of MEAL_TIMES.slice(0, 3).entries()) {
      const loggedAt = iso(morning + (1 + 5 * i) * 60 * MINUTE);
      events.push(newEvent('MealLogged', { mealLogId: `${userId}-m${d}-${i}`, mealPlanId: 'm1', userId, mealPlanMealId: `m1-${i}`, dayNumber: 1, mealTime, name: 'Oats', calories: 400, proteinGrams: 20, carbsGrams: 60, fatsGrams: 10, loggedAt }));
    }
    for (let f = 0; f < 2; f += 1) {
      events.push(newEvent('FoodLogged', {
        entryId: `${userId}-f${d}-${f}`, userId, day: iso(morning).slice(0, 10), mealTime: 'Snack', kind: 'quick', foodId: null, name: 'Apple', portion: '1', portionGrams: null,
        quantity: 1, calories: 95, proteinGrams: 0, carbsGrams: 25, fatsGrams: 0, insteadOfMealPlanMealId: null, loggedAt: iso(morning + (3 + f) * 60 * MINUTE),
      }));
    }
    if (![0, 1, 3, 5].includes(d % 7)) continue;
    const sessionId = `${userId}-s${d}`;
    const startedAt = morning + 10 * 60 * MINUTE;
    const dayNumber = (Math.floor(d / 7) * 4 + [0, 1, 3, 5].indexOf(d % 7)) % 3 + 1;
    events.push(newEvent('WorkoutSessionStarted', { sessionId, userId, regimenId: 'r1', dayNumber, source: 'tracker', startedAt: iso(startedAt) }));
    for (let i = 0; i < 20; i += 1) {
      const lift = lifts[(d + Math.floor(i / 5)) % lifts.length]!;
      events.push(newEvent('SetLogged', { sessionId, userId, setId: `${sessionId}-${i}`, exercise: lift.toLowerCase(), exerciseName: lift, custom: false, weight: 100 + i, unit: 'lb', reps: 5, rpe: null, warmup: i % 5 === 0, loggedAt: iso(startedAt + (i + 1) * 3 * MINUTE) }));
    }
    const endedAt = iso(startedAt + 65 * MINUTE);
    events.push(newEvent('WorkoutSessionEnded', { sessionId, userId, regimenId: 'r1', dayNumber, endedAt, runtimeSeconds: 3900, totalDurationMinutes: 65, endedBy: 'ended' }));
    events.push(newEvent('RegimenDayCompleted', { regimenId: 'r1', userId, dayNumber, sessionId, completedAt: endedAt, workout: true }));
  }
  return recordedInOrder(events, start);
}

/** The bytes of a doc as the store keeps it (its JSON). */
const bytesOf = (doc: unknown) => Buffer.byteLength(JSON.stringify(doc));

describe('the screens doc (screensProjection)', function () {
  // Ten years of a training life are some 70,000 events.
  this.timeout(120_000);

  it('given ten years of four workouts a week, meals, foods, weigh-ins and visits: then the doc stays under 80 KB at every year, and no bigger in year ten than in year two', () => {
    const userId = 'u-life';
    const log = recorded(trainingLife(userId, 10));
    const fold = new InMemoryFold([screensProjection]);
    const sizes: number[] = [];
    let year = log[0]!.metadata.at.slice(0, 4);
    for (const event of log) {
      if (event.metadata.at.slice(0, 4) !== year) {
        sizes.push(bytesOf(fold.get(screensProjection.name, userId)));
        year = event.metadata.at.slice(0, 4);
      }
      fold.apply(event);
    }
    sizes.push(bytesOf(fold.get(screensProjection.name, userId)));
    expect(sizes).to.have.length.above(9);
    for (const size of sizes) expect(size).to.be.below(80_000);
    expect(sizes[sizes.length - 1]).to.be.at.most(sizes[1]! * 1.05);
    const doc = fold.get<ScreensDoc>(screensProjection.name, userId)!;
    expect(doc.sessions.length, 'workouts kept').to.be.within(35, 60);
    // Three a day: the month's (34 days), up to a week not yet cut, and the 10 latest before them.
    expect(doc.meal_logs.length, 'meals kept').to.be.within(3 * 34, 3 * (34 + 7 + 1) + 10);
  });

  it(`given the most plans an account keeps (${MAX_PLANS_PER_KIND} workout plans and ${MAX_PLANS_PER_KIND} meal plans) on top of ten years: then the doc stays under 256 KB`, () => {
    const userId = 'u-life';
    const life = trainingLife(userId, 10);
    const end = Date.parse(life[life.length - 1]!.metadata!.at!);
    const plans = Array.from({ length: MAX_PLANS_PER_KIND }, (_, i) => {
      const savedAt = iso(end + (i + 1) * MINUTE);
      const workout = workoutPlanOf(workoutPlanInput.parse(samplePlan({ name: `Plan ${i}` })));
      return [...saveRegimen({ status: 'none' }, { regimenId: `r-many-${i}`, userId, plan: workout, now: savedAt }), ...mealPlan(userId, `p-many-${i}`, savedAt)].map((e) => ({ ...e, metadata: { at: savedAt } }));
    });
    const doc = screensAfter([...life, ...plans.flat()], userId)!;
    expect(doc.regimens).to.have.length(MAX_PLANS_PER_KIND + 1);
    expect(bytesOf(doc)).to.be.below(256 * 1024);
  });

  it('given a history, when an import comes in, completes and is undone: then the doc is the one of the history alone', () => {
    const userId = 'u-undo';
    const { events } = history(userId, 'Europe/Paris', 41, false);
    const [before, after] = [events.slice(0, events.length - 40), events.slice(events.length - 40)];
    const at = before[before.length - 1]!.metadata!.at!;
    const importId = `${userId}-imp`;
    const workouts = Array.from({ length: 30 }, (_, i): ImportedWorkout => ({
      sessionId: `${userId}-i${i}`,
      name: 'Push',
      // Some older than the history, some among its last weeks: they would show in the charts and recent activity.
      startedAt: iso(Date.parse(at) - (200 - 6 * i) * DAY),
      durationMinutes: 45,
      sets: [{ exercise: 'bench', exerciseName: 'Bench', custom: false, weight: 60, unit: 'kg', reps: 5, rpe: null, warmup: false, distance: null, distanceUnit: null, seconds: null }],
    }));
    const imported = [
      newEvent('ImportStarted', { importId, userId, source: 'strong', contentHash: importId, fileName: null, workouts: 30, sets: 30, exercises: 1, from: null, to: null, skipped: 0, startedAt: at }),
      newEvent('WorkoutsImported', { importId, userId, source: 'strong', batch: 0, workouts: workouts.slice(0, 15) }),
      newEvent('WorkoutsImported', { importId, userId, source: 'strong', batch: 1, workouts: workouts.slice(15) }),
      newEvent('ImportCompleted', { importId, userId, completedAt: at }),
    ].map((e) => ({ ...e, metadata: { at } }));
    const undone = { ...newEvent('ImportUndone', { importId, userId, undoneAt: after[after.length - 1]!.metadata!.at! }), metadata: after[after.length - 1]!.metadata } as AppNewEvent;

    const withImport = screensAfter([...before, ...imported, ...after], userId)!;
    expect(withImport.imports.map((i) => i.sessions.length)[0], 'imported workouts kept while the import stands').to.be.above(0);
    expect(screensAfter([...before, ...imported, ...after, undone], userId)).to.deep.equal(screensAfter([...before, ...after], userId));
  });

  it('given the same events, then the doc folded live (stored as JSON and read back at each event) is the doc a rebuild folds in one go', () => {
    const userId = 'u-live';
    const log = recorded(history(userId, 'America/New_York', 53, true).events);
    let live: ScreensDoc | undefined;
    for (const event of log) {
      if (!screensProjection.handles.includes(event.type)) continue;
      const next = screensProjection.evolve(live && (JSON.parse(JSON.stringify(live)) as ScreensDoc), event);
      live = next && (JSON.parse(JSON.stringify(next)) as ScreensDoc);
    }
    expect(live).to.deep.equal(JSON.parse(JSON.stringify(screensAfter(log, userId))));
  });

  describe('what it keeps of a history', () => {
    const userId = 'u-small';
    const signedUp = { ...newEvent('UserSignedUp', {
      userId, email: `${userId}@example.com`, username: null, passwordHash: 'x', name: 'Ann', age: 30, gender: 'Female', heightIn: 66, weightLb: 150,
      bodyFatPercentage: null, musclePercentage: null, targetWeightLb: null, targetBodyFatPercentage: null, targetMusclePercentage: null,
      primaryGoal: null, secondaryGoal: null, weeklyWorkoutFrequency: 4, activityLevel: null, gymExperience: 0, helpPreferences: [],
      accessibilityNeeds: null, calorieIntakeGoal: null, dietType: null, dietRestrictions: null, timeZone: 'UTC',
    }), metadata: { at: '2026-01-01T08:00:00.000Z' } };
    const at = (day: number, hour = 9) => iso(Date.parse('2026-01-01T00:00:00.000Z') + day * DAY + hour * 3_600_000);
    const visit = (day: number) => ({ ...newEvent('UserShowedUp', { userId, day: at(day).slice(0, 10), shownUpAt: at(day) }), metadata: { at: at(day) } });
    const session = (id: string, day: number, exercises: string[]): AppNewEvent[] =>
      [
        newEvent('WorkoutSessionStarted', { sessionId: id, userId, regimenId: 'r1', dayNumber: 1, source: 'tracker', startedAt: at(day, 10) }),
        ...exercises.map((name, i) => newEvent('SetLogged', { sessionId: id, userId, setId: `${id}-${i}`, exercise: name.toLowerCase(), exerciseName: name, custom: false, weight: 100, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: at(day, 10.25 + i / 10) })),
        newEvent('WorkoutSessionEnded', { sessionId: id, userId, regimenId: 'r1', dayNumber: 1, endedAt: at(day, 11), runtimeSeconds: 3600, totalDurationMinutes: 60, endedBy: 'ended' }),
      ].map((e) => ({ ...e, metadata: { at: at(day, 11) } }));

    it('given 3,000 measurements dated over ten years, all recorded within an hour: then the doc keeps the windows, not the years', () => {
      const backdated = Array.from({ length: 3_000 }, (_, i) => ({
        ...newEvent('MeasurementRecorded', { userId, measuredAt: iso(Date.parse('2016-01-01T08:00:00.000Z') + i * DAY), weightLb: 150 + (i % 9), bodyFatPercentage: null, musclePercentage: null }),
        metadata: { at: iso(Date.parse('2026-01-01T09:00:00.000Z') + i * 1_000) },
      }));
      const doc = screensAfter([signedUp, ...backdated], userId)!;
      // The window's own days (95 before the last recorded), the latest dates, the first ones, and at most the items of one step.
      expect(doc.measurements.length).to.be.below(95 + 10 + 5 + 50);
      expect(bytesOf(doc)).to.be.below(40_000);
    });

    it('given visits on 100 days in a row, then the days of the months before the last carry the streak on, and the streaks read 100', () => {
      const doc = screensAfter([signedUp, ...Array.from({ length: 100 }, (_, d) => visit(d))], userId)!;
      expect(doc.shown_up_before).to.include({ first_at: '2026-01-01T09:00:00.000Z', run: doc.shown_up_before!.longest });
      expect(doc.shown_up.flatMap((y) => y.months.filter((m) => m !== '')), 'months kept as quarter hours').to.have.length.at.most(2);
      const overview = progressOverview(factsOf(doc, undefined)!, new Date(at(99, 20)));
      expect(overview).to.include({ currentStreak: 100, longestStreak: 100, since: '2026-01-01' });
    });

    it('given a workout, an empty session and 12 workouts two to three months later, then it keeps the 10 latest, the first, not the empty one, and each as its exercises without sets', () => {
      const later = Array.from({ length: 12 }, (_, i) => session(`late-${i}`, 90 + i, ['Squat', 'Bench Press', 'Squat']));
      const doc = screensAfter([signedUp, ...session('first', 1, ['Row']), ...session('empty', 2, []), ...later.flat(), visit(300)], userId)!;
      expect(doc.sessions.map((s) => s.session_id)).to.deep.equal(['first', ...later.slice(2).map((_, i) => `late-${i + 2}`)]);
      expect(doc.sessions[1]!.exercises).to.deep.equal([{ workout_name: 'Squat' }, { workout_name: 'Bench Press' }]);
      expect(doc.open_sessions).to.deep.equal([]);
    });
  });

  it('given an erased account, then it has no doc', () => {
    const { events } = history('u-gone', 'UTC', 61, false);
    expect(screensAfter([...events, newEvent('AccountDeleted', { userId: 'u-gone', deletedAt: '2026-01-01T00:00:00.000Z' })], 'u-gone')).to.equal(undefined);
  });
});
