import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { grantRole, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { samplePlan } from '../workouts/plan.js';
import { gramsStylePlan } from '../meals/http.js';
import { subscriberClient } from './client.js';
import { dailyTargets } from '../../services/domain/coach/targets.js';
import { profileOfAnswer } from '../../services/query/src/accounts/profile/profileFields.js';

// Wednesday 18 November 2026, 10:00 in New York (the test users' zone).
const WEDNESDAY_10AM = '2026-11-18T15:00:00Z';
const hours = (n: number) => n * 3600_000;

describe('GET /api/dashboard/summary', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
    server.clock.set(WEDNESDAY_10AM);
  });
  afterEach(async () => server.stop());

  it('answers every field of the summary for a new subscriber with no plans yet', async () => {
    const { token, position } = await signUpSubscriber(server, { weight: 180, targetWeight: 160 });
    const client = subscriberClient(server, token);
    client.seen(position);
    const summary = await client.summary();
    expect(summary).to.have.all.keys('snapshot', 'workout', 'nutrition', 'schedule', 'weekly', 'progress');
    expect(summary.snapshot).to.deep.equal({
      weightLb: 180, targetWeightLb: 160, startWeightLb: 180, bodyFat: null, targetBodyFat: null, startBodyFat: null, primaryGoal: 'Lose weight',
    });
    expect(summary.workout).to.deep.equal({ planId: null, planName: null, percentComplete: 0, todayDone: false, currentSummary: null, nextSummary: null });
    expect(summary.nutrition).to.deep.equal({
      planId: null, planName: null, mealsToday: 0, mealsEaten: 0, nextMeal: null,
      // Nothing logged today: unknown, not 0 kcal.
      dailyLogged: null,
      dailyGoals: summary.nutrition.dailyGoals,
    });
    // Without a plan the day's targets are still the person's, the same four the food log shows.
    expect(summary.nutrition.dailyGoals).to.deep.equal((await client.read('/api/food-log')).targets);
    expect(summary.schedule).to.deep.equal([]);
    expect(summary.weekly).to.deep.equal({ loginDays: [2], loginStreak: 1, workoutsDone: 0, workoutsTarget: 3, totalMinutes: 0, mealsLogged: 0 });
    expect(summary.progress).to.deep.equal([{ date: '2026-11-18', weightLb: 180, bodyFat: null }]);
  });

  it('walks the workout card: not done today → done today, the plan moved on → reset → proceed → week complete → restart', async () => {
    const { token } = await signUpSubscriber(server);
    const client = subscriberClient(server, token);
    const { regimenId } = await client.send('POST', '/api/savePlan', samplePlan());

    let card = (await client.summary()).workout;
    expect(card).to.deep.equal({ planId: regimenId, planName: 'Strength Starter', percentComplete: 0, todayDone: false, currentSummary: 'Lower body', nextSummary: 'Upper body' });

    // Start workout (dashboard) opens a session; ending it marks the day done and moves the plan on to the next.
    const { sessionId } = await client.send('POST', '/api/dashboard/start-workout', { regimenId });
    server.clock.advance(hours(0.5));
    await client.logExercise(sessionId, regimenId);
    await client.send('POST', `/api/workouts/${sessionId}/stop`);
    card = (await client.summary()).workout;
    expect(card).to.include({ todayDone: true, percentComplete: 33, currentSummary: 'Lower body', nextSummary: 'Upper body' });
    expect((await client.read('/api/workout-regimens'))[0]).to.include({ current_day: 2 });

    // Reset daily progress takes today's completion back, and the plan goes back to its day.
    await client.send('POST', '/api/dashboard/reset-workout-progress', { regimenId });
    expect((await client.summary()).workout).to.include({ todayDone: false, percentComplete: 0, currentSummary: 'Lower body' });

    // Done again; the tracker's sessions count too, and the plan moves on after each.
    const again = await client.send('POST', '/api/dashboard/start-workout', { regimenId });
    await client.logExercise(again.sessionId, regimenId);
    await client.send('POST', `/api/workouts/${again.sessionId}/stop`);
    const tracked = await client.send('POST', '/api/workout-session/start', { regimenId });
    await client.logExercise(tracked.sessionId, regimenId);
    await client.send('PUT', '/api/workout-session/end', { sessionId: tracked.sessionId, totalDuration: 20, completedExercises: [] });
    card = (await client.summary()).workout;
    expect(card).to.include({ todayDone: true, percentComplete: 67, currentSummary: 'Upper body', nextSummary: 'Core' });

    // Finishing every day of the cycle makes it complete.
    const last = await client.send('POST', '/api/dashboard/start-workout', { regimenId });
    await client.logExercise(last.sessionId, regimenId);
    await client.send('POST', `/api/workouts/${last.sessionId}/stop`);
    card = (await client.summary()).workout;
    expect(card).to.include({ percentComplete: 100, todayDone: true, currentSummary: 'Core', nextSummary: 'Lower body' });

    // Proceed to next day still moves the plan for whoever wants it: from the completed last day, a new cycle.
    await client.send('POST', '/api/dashboard/advance-workout-day', { regimenId });
    expect((await client.summary()).workout).to.include({ percentComplete: 0, todayDone: false, currentSummary: 'Lower body' });

    // Restart regimen: day 1, nothing done.
    await client.send('POST', '/api/dashboard/reset-workout-regimen', { regimenId });
    card = (await client.summary()).workout;
    expect(card).to.include({ percentComplete: 0, todayDone: false, currentSummary: 'Lower body' });
  });

  it('walks the meal card: next meal → log → undo → all done → next day, in the user’s day', async () => {
    const { token } = await signUpSubscriber(server);
    const client = subscriberClient(server, token);
    const { mealPlanId } = await client.send('POST', '/api/savePlan', gramsStylePlan());

    let nutrition = (await client.summary()).nutrition;
    expect(nutrition).to.deep.equal({
      planId: mealPlanId,
      planName: 'Balanced week',
      mealsToday: 4,
      mealsEaten: 0,
      nextMeal: { id: nutrition.nextMeal.id, mealTime: 'Breakfast', name: 'Oatmeal with berries', calories: 350, protein: 12, carbs: 60, fats: 6 },
      dailyLogged: null,
      // Protein, carbs and fat are the person's targets at the plan's 2,100 kcal (the coach's one rule each, as the
      // chat and the plan text say them), not the 97 g, 180 g and 48 g today's meals add up to.
      dailyGoals: { calories: 2100, protein: 131, carbs: 237, fats: 70 },
    });
    const profile = (await server.call('GET', '/api/profile', { token })).body;
    const targets = dailyTargets(profileOfAnswer(profile), 2100);
    expect(nutrition.dailyGoals).to.deep.equal({ calories: 2100, protein: targets.proteinGrams, carbs: targets.carbsGrams, fats: targets.fatsGrams });
    expect((await client.summary()).schedule).to.deep.equal([
      { when: 'Breakfast', name: 'Oatmeal with berries', done: false },
      { when: 'Lunch', name: 'Turkey wrap', done: false },
      { when: 'Dinner', name: 'Chicken stir fry', done: false },
      { when: 'Snack', name: 'Apple and almonds', done: false },
    ]);

    await client.send('POST', '/api/dashboard/log-meal', { mealPlanMealId: nutrition.nextMeal.id });
    nutrition = (await client.summary()).nutrition;
    expect(nutrition).to.include({ mealsEaten: 1 });
    expect(nutrition.nextMeal.name).to.equal('Turkey wrap');
    expect(nutrition.dailyLogged).to.deep.equal({ calories: 350, protein: 12, carbs: 60, fats: 6 });

    await client.send('POST', '/api/dashboard/undo-meal');
    nutrition = (await client.summary()).nutrition;
    expect(nutrition).to.include({ mealsEaten: 0, dailyLogged: null });
    expect(nutrition.nextMeal.name).to.equal('Oatmeal with berries');

    for (let i = 0; i < 4; i += 1) {
      const next = (await client.summary()).nutrition.nextMeal;
      await client.send('POST', '/api/dashboard/log-meal', { mealPlanMealId: next.id });
    }
    const allDone = await client.summary();
    expect(allDone.nutrition).to.include({ mealsToday: 4, mealsEaten: 4, nextMeal: null });
    expect(allDone.nutrition.dailyLogged).to.deep.equal({ calories: 1650, protein: 97, carbs: 180, fats: 48 });
    expect(allDone.schedule.every((item: { done: boolean }) => item.done)).to.equal(true);
    expect(allDone.weekly.mealsLogged).to.equal(4);

    // Proceed to next day: day 2 has one dinner, nothing of it eaten yet, and what was eaten today is still what
    // was eaten today (the calendar day's, as the food log counts it), against the same daily targets.
    await client.send('POST', '/api/dashboard/advance-meal-day', { mealPlanId });
    const next = await client.summary();
    nutrition = next.nutrition;
    expect(nutrition).to.include({ mealsToday: 1, mealsEaten: 0 });
    expect(nutrition.nextMeal.name).to.equal('Salmon and rice');
    expect(nutrition.dailyLogged).to.deep.equal({ calories: 1650, protein: 97, carbs: 180, fats: 48 });
    expect(nutrition.dailyLogged).to.deep.equal((await client.read('/api/food-log')).totals);
    expect(next.weekly.mealsLogged).to.equal(4);

    // Past midnight in New York (05:00 UTC), today is a new day: nothing logged yet, unknown rather than 0 kcal.
    server.clock.set('2026-11-19T05:30:00Z');
    nutrition = (await client.summary()).nutrition;
    expect(nutrition.dailyLogged).to.equal(null);
  });

  it("counts on the meals card what the food log counts for the person's today: foods, planned meals ticked, a meal swapped", async () => {
    const { token } = await signUpSubscriber(server); // New York
    const client = subscriberClient(server, token);
    const card = async () => (await client.summary()).nutrition;
    const foodDay = () => client.read('/api/food-log');
    const sumOf = (day: { meals: Array<{ entries: Array<{ calories: number }> }> }) => day.meals.flatMap((m) => m.entries).reduce((n, e) => n + e.calories, 0);

    // Without a plan: yesterday's late snack (23:30 in New York, already today in UTC) is not today's.
    server.clock.set('2026-11-18T04:30:00Z');
    await client.send('POST', '/api/food-log', { meal_time: 'Snack', kcal: 400, name: 'Late toast' });
    server.clock.set(WEDNESDAY_10AM);
    expect((await card()).dailyLogged).to.equal(null);
    await client.send('POST', '/api/food-log', { meal_time: 'Breakfast', kcal: 5, name: 'Coffee' });
    await client.send('POST', '/api/food-log', { meal_time: 'Breakfast', custom: { name: 'Granola bowl', kcal: 420, protein: 14, carbs: 60, fats: 12 } });
    let nutrition = await card();
    let day = await foodDay();
    expect(nutrition.dailyLogged).to.deep.equal({ calories: 425, protein: 14, carbs: 60, fats: 12 });
    expect(nutrition.dailyLogged).to.deep.equal(day.totals);
    expect(nutrition.dailyGoals).to.deep.equal(day.targets);

    // With a plan: breakfast ticked, the lunch swapped for 2 slices of veggie pizza, a food taken back.
    const { mealPlanId } = await client.send('POST', '/api/savePlan', gramsStylePlan());
    await client.send('POST', '/api/dashboard/log-meal', { mealPlanMealId: (await card()).nextMeal.id });
    const lunch = (await card()).nextMeal;
    expect(lunch.name).to.equal('Turkey wrap');
    await client.send('POST', '/api/food-log', { meal_time: 'Lunch', food: '21499', portion: '1/3 pizza', quantity: 2, instead_of: lunch.id });
    const { entryId } = await client.send('POST', '/api/food-log', { meal_time: 'Snack', kcal: 250, name: 'Cookie' });
    await client.send('DELETE', `/api/food-log/${entryId}`);
    nutrition = await card();
    day = await foodDay();
    expect(nutrition.nextMeal.name).to.equal('Chicken stir fry');
    expect(nutrition).to.include({ mealsToday: 4, mealsEaten: 2 });
    // Today's schedule names the swapped lunch by what was eaten, beside the plan's.
    expect((await client.summary()).schedule.find((item: { when: string }) => item.when === 'Lunch')).to.deep.equal({
      when: 'Lunch',
      name: 'Vegetable pizza, thin crust (frozen, baked) (instead of Turkey wrap)',
      done: true,
    });
    expect((await client.summary()).weekly.mealsLogged, 'the swapped lunch is a planned meal logged').to.equal(2);
    expect(nutrition.dailyLogged.calories).to.equal(425 + 350 + 520);
    expect(nutrition.dailyLogged).to.deep.equal(day.totals);
    expect(nutrition.dailyLogged.calories).to.equal(sumOf(day));
    // The targets are the plan's 2,100 kcal and the macros at it, the same on both.
    expect(nutrition.dailyGoals).to.deep.equal(day.targets);
    expect(nutrition.dailyGoals.calories).to.equal(2100);

    // The plan's day moves on; what was eaten today stays today's.
    await client.send('POST', '/api/dashboard/advance-meal-day', { mealPlanId });
    expect((await card()).dailyLogged).to.deep.equal(day.totals);

    // 23:59 in New York is still today; a minute later it is a day with nothing logged.
    server.clock.set('2026-11-19T04:59:00Z');
    expect((await card()).dailyLogged).to.deep.equal(day.totals);
    server.clock.set('2026-11-19T05:00:00Z');
    expect((await card()).dailyLogged).to.equal(null);
    expect((await foodDay()).meals).to.deep.equal([]);
  });

  it('says no meals are scheduled on a plan day without meals', async () => {
    const { token } = await signUpSubscriber(server);
    const client = subscriberClient(server, token);
    const plan = gramsStylePlan();
    plan.meals = plan.meals.filter((m) => m.day !== 2);
    const { mealPlanId } = await client.send('POST', '/api/savePlan', plan);
    await client.send('POST', '/api/dashboard/advance-meal-day', { mealPlanId });
    const nutrition = (await client.summary()).nutrition;
    expect(nutrition).to.include({ planId: mealPlanId, mealsToday: 0, mealsEaten: 0, nextMeal: null });
  });

  it('fills the week: login days Monday to Sunday, streak, workouts against target, minutes and meals', async () => {
    const user = await signUpSubscriber(server, { weeklyWorkoutFrequency: 4 });
    const client = subscriberClient(server, user.token);
    const login = async (iso: string) => {
      server.clock.set(iso);
      const answer = await server.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password } });
      client.seen(answer.body.position);
    };
    // Last Sunday (outside this week), Monday, Tuesday late evening in New York (already Wednesday in UTC), today.
    await login('2026-11-15T15:00:00Z');
    await login('2026-11-16T15:00:00Z');
    await login('2026-11-18T03:30:00Z');
    await login(WEDNESDAY_10AM);
    const { regimenId } = await client.send('POST', '/api/savePlan', samplePlan());
    const { sessionId } = await client.send('POST', '/api/dashboard/start-workout', { regimenId });
    server.clock.advance(hours(0.75));
    await client.logExercise(sessionId, regimenId);
    await client.send('POST', `/api/workouts/${sessionId}/stop`);
    const tracked = await client.send('POST', '/api/workout-session/start', { regimenId });
    server.clock.advance(hours(0.5));
    await client.logExercise(tracked.sessionId, regimenId);
    await client.send('PUT', '/api/workout-session/end', { sessionId: tracked.sessionId, totalDuration: 30, completedExercises: [] });
    const { mealPlanId } = await client.send('POST', '/api/savePlan', gramsStylePlan());
    const next = (await client.summary()).nutrition.nextMeal;
    await client.send('POST', '/api/dashboard/log-meal', { mealPlanMealId: next.id });

    const weekly = (await client.summary()).weekly;
    expect(weekly).to.deep.equal({
      loginDays: [0, 1, 2],
      loginStreak: 4,
      workoutsDone: 2,
      workoutsTarget: 4,
      totalMinutes: 75,
      mealsLogged: 1,
      // Today is plan day 1 (4 meals); Mon, Tue are days 2, 3 before it (wrapping), Thu–Sun days 2, 3, 1, 2.
      mealsPlanned: 4 + 1 + 1 + 1 + 1 + 4 + 1,
    });
    expect(mealPlanId).to.be.a('string');
  });

  it('shows the snapshot from the first and the latest measurements, and the latest 4 days of progress', async () => {
    const { token } = await signUpSubscriber(server, { weight: 200, targetWeight: 180 });
    const client = subscriberClient(server, token);
    const save = (weight: number, bodyFatPercentage: number | null) =>
      client.send('PUT', '/api/profile', { name: 'Sam', age: 30, gender: 'Male', height: 70, weight, targetWeight: 180, bodyFatPercentage, targetBodyFatPercentage: 15 });
    for (const [day, weight, fat] of [[19, 198, 30], [20, 196, null], [21, 195, 28], [22, 193, 27]] as const) {
      server.clock.set(`2026-11-${day}T15:00:00Z`);
      await save(weight, fat);
    }
    const summary = await client.summary();
    expect(summary.snapshot).to.deep.equal({ weightLb: 193, targetWeightLb: 180, startWeightLb: 200, bodyFat: 27, targetBodyFat: 15, startBodyFat: 30, primaryGoal: 'Lose weight' });
    expect(summary.progress).to.deep.equal([
      { date: '2026-11-22', weightLb: 193, bodyFat: 27 },
      { date: '2026-11-21', weightLb: 195, bodyFat: 28 },
      { date: '2026-11-20', weightLb: 196, bodyFat: null },
      { date: '2026-11-19', weightLb: 198, bodyFat: 30 },
    ]);
  });

  it('a session ended with nothing logged is not a workout: not counted, no minutes, the day not done; /prog agrees', async () => {
    const { token } = await signUpSubscriber(server);
    const client = subscriberClient(server, token);
    const { regimenId } = await client.send('POST', '/api/savePlan', samplePlan());
    const empty = await client.send('POST', '/api/dashboard/start-workout', { regimenId });
    server.clock.advance(20_000);
    await client.send('POST', `/api/workouts/${empty.sessionId}/stop`);
    const tracked = await client.send('POST', '/api/workout-session/start', { regimenId });
    await client.send('PUT', '/api/workout-session/end', { sessionId: tracked.sessionId, totalDuration: 5, completedExercises: [] });
    let summary = await client.summary();
    expect(summary.weekly).to.include({ workoutsDone: 0, totalMinutes: 0 });
    expect(summary.workout).to.include({ todayDone: false, percentComplete: 0 });
    expect((await client.overview()).workouts.completed).to.equal(0);

    // The active session shows what was logged so far; once ended with it, that session is the week's one workout.
    const real = await client.send('POST', '/api/workout-session/start', { regimenId });
    await client.logExercise(real.sessionId, regimenId);
    const active = await client.read('/api/workouts/active-session');
    expect(active.exercises).to.have.length(1);
    expect(active.exercises[0]).to.include({ workout_name: 'Squat', sets: 3, reps_per_set: 8, weight_used_lb: 50 });
    server.clock.advance(hours(0.5));
    await client.send('PUT', '/api/workout-session/end', { sessionId: real.sessionId, totalDuration: 30, completedExercises: [] });
    summary = await client.summary();
    expect(summary.weekly).to.include({ workoutsDone: 1, totalMinutes: 30 });
    expect(summary.workout).to.include({ todayDone: true });
    const overview = await client.overview();
    expect(overview.workouts.completed).to.equal(1);
    expect(overview.recentActivity.filter((a: { type: string }) => a.type === 'workout')).to.have.length(1);
  });

  it('answers anew when only the user\'s day moved (no command between), and as plain no-store JSON', async () => {
    const { token } = await signUpSubscriber(server);
    const client = subscriberClient(server, token);
    const { regimenId } = await client.send('POST', '/api/savePlan', samplePlan());
    const { sessionId } = await client.send('POST', '/api/dashboard/start-workout', { regimenId });
    await client.logExercise(sessionId, regimenId);
    await client.send('POST', `/api/workouts/${sessionId}/stop`);
    expect((await client.summary()).workout.todayDone).to.equal(true);
    // Later the same day in New York (past midnight UTC): the same answer.
    server.clock.set('2026-11-19T04:30:00Z');
    expect((await client.summary()).workout.todayDone).to.equal(true);
    // Past local midnight, with the same stored docs: yesterday's workout is not today's.
    server.clock.set('2026-11-19T05:30:00Z');
    const answer = await server.call('GET', '/api/dashboard/summary', { token });
    expect(answer.body.workout.todayDone).to.equal(false);
    expect(answer.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(answer.headers.get('content-length')).to.equal(String(Buffer.byteLength(answer.text)));
    expect(answer.headers.get('cache-control')).to.equal('no-store');
    expect(answer.headers.get('content-security-policy')).to.match(/default-src 'self'/);
  });

  it('refuses a signed-in non-subscriber (403) and no token (401); each user sees only their own', async () => {
    const plain = await signUpVerifiedUser(server);
    const refused = await server.call('GET', '/api/dashboard/summary', { token: plain.token });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.match(/subscription/);
    expect((await server.call('GET', '/api/dashboard/summary')).status).to.equal(401);

    // A role taken away counts at once, the same token and an answer read just before notwithstanding.
    const gone = await signUpSubscriber(server);
    const goneClient = subscriberClient(server, gone.token);
    await goneClient.summary();
    const revoked = await grantRole(server, gone.token, 1);
    const afterRevoke = await server.call('GET', '/api/dashboard/summary', { token: gone.token, headers: { 'X-Min-Position': String(revoked) } });
    expect(afterRevoke.status).to.equal(403);

    const a = await signUpSubscriber(server);
    const b = await signUpSubscriber(server);
    const clientA = subscriberClient(server, a.token);
    await clientA.send('POST', '/api/savePlan', samplePlan());
    await clientA.summary();
    const summaryB = await subscriberClient(server, b.token).summary();
    expect(summaryB.workout.planId).to.equal(null);
  });
});
