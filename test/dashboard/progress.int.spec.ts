import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { samplePlan } from '../workouts/plan.js';
import { gramsStylePlan } from '../meals/http.js';
import { subscriberClient } from './client.js';

const day = (iso: string) => `${iso}T15:00:00Z`; // 10:00 in New York

describe('GET /api/progress/overview', () => {
  let server: TestServer;
  beforeEach(async () => (server = await startTestServer()));
  afterEach(async () => server.stop());

  it('answers the overview and the widget fields for a new subscriber', async () => {
    server.clock.set(day('2026-11-18'));
    const { token, position } = await signUpSubscriber(server, { weight: 170, targetWeight: 150 });
    const client = subscriberClient(server, token);
    client.seen(position);
    const overview = await client.overview();
    expect(overview).to.have.all.keys(
      'loginStreak', 'currentStreak', 'longestStreak', 'weeklyLogins', 'recentActivity', 'workouts', 'weight', 'body', 'nutrition',
      'current_streak', 'longest_streak', 'weekly_logins', 'activity', 'since',
    );
    expect(overview.since, "the account's first day").to.equal('2026-11-18');
    expect(overview).to.deep.include({ loginStreak: 1, currentStreak: 1, longestStreak: 1, recentActivity: [] });
    expect(overview).to.deep.include({ current_streak: 1, longest_streak: 1, activity: [] });
    expect(overview.weeklyLogins).to.deep.equal([false, false, true, false, false, false, false]);
    expect(overview.weekly_logins).to.deep.equal([false, false, true, false, false, false, false]);
    expect(overview.workouts).to.deep.equal({
      // Charts start where the account does: no weeks, no 0 kcal days, before it existed.
      history: [{ wk: '11/16', workouts: 0 }],
      completed: 0,
      weekly_goal: 3,
    });
    expect(overview.weight).to.deep.equal({ history: [{ date: '2026-11-18', weight_lb: 170 }], target: 150, current: 170 });
    expect(overview.body).to.deep.equal({ history: [] });
    // The day's targets as the food log has them; a day with nothing logged is null (a gap), not 0 kcal.
    expect(overview.nutrition.goal).to.equal(overview.nutrition.targets.calories).and.to.be.above(1000);
    expect(overview.nutrition.targets).to.have.keys('calories', 'protein', 'carbs', 'fats');
    expect(overview.nutrition.history).to.deep.equal([{ d: '2026-11-18', calories: null, protein: null, carbs: null, fats: null }]);
  });

  it('keeps 3 months of weight and body composition, 8 weeks of workouts and a month of calories', async () => {
    server.clock.set(day('2026-07-01'));
    const user = await signUpSubscriber(server, { weight: 210, targetWeight: 180, weeklyWorkoutFrequency: 2 });
    const client = subscriberClient(server, user.token);
    const save = (weight: number, bodyFatPercentage: number | null, musclePercentage: number | null = null) =>
      client.send('PUT', '/api/profile', { name: 'Pat', age: 40, gender: 'Female', height: 64, weight, targetWeight: 180, bodyFatPercentage, musclePercentage });

    server.clock.set(day('2026-08-10')); // more than 3 months before 18 November: left out
    await save(205, 33);
    server.clock.set(day('2026-08-25'));
    await save(200, 32, 35);
    server.clock.set(day('2026-10-01'));
    await save(195, null, 36);
    server.clock.set('2026-10-01T20:00:00Z'); // a second save the same day: the day shows its last one
    await save(194, 31, 36);

    const { regimenId } = await client.send('POST', '/api/savePlan', samplePlan());
    const finishWorkoutOn = async (date: string, minutes: number) => {
      server.clock.set(day(date));
      const { sessionId } = await client.send('POST', '/api/dashboard/start-workout', { regimenId });
      server.clock.advance(minutes * 60_000);
      await client.logExercise(sessionId, regimenId);
      await client.send('POST', `/api/workouts/${sessionId}/stop`);
    };
    await finishWorkoutOn('2026-09-01', 30); // 11 weeks before: outside the 8 weeks
    await finishWorkoutOn('2026-10-28', 30);
    await finishWorkoutOn('2026-11-02', 40);
    await finishWorkoutOn('2026-11-04', 25);
    await finishWorkoutOn('2026-11-17', 50);

    await client.send('POST', '/api/savePlan', gramsStylePlan());
    const logNextMeal = async (iso: string) => {
      server.clock.set(iso);
      const next = (await client.summary()).nutrition.nextMeal;
      await client.send('POST', '/api/dashboard/log-meal', { mealPlanMealId: next.id });
    };
    await logNextMeal('2026-10-10T15:00:00Z'); // outside the month
    // The plan was saved on the 17th (the clock's day after the last workout): day 1 on the 17th, by the date.
    await logNextMeal('2026-11-17T13:00:00Z');
    await logNextMeal('2026-11-18T03:00:00Z'); // 22:00 on the 17th in New York

    server.clock.set(day('2026-11-18'));
    const overview = await client.overview();
    expect(overview.weight).to.deep.equal({
      history: [
        { date: '2026-08-25', weight_lb: 200 },
        { date: '2026-10-01', weight_lb: 194 },
      ],
      target: 180,
      current: 194,
    });
    expect(overview.body.history).to.deep.equal([
      { date: '2026-08-25', body_fat_percentage: 32, muscle_percentage: 35 },
      { date: '2026-10-01', body_fat_percentage: 31, muscle_percentage: 36 },
    ]);
    expect(overview.workouts.history).to.deep.equal([
      { wk: '09/28', workouts: 0 },
      { wk: '10/05', workouts: 0 },
      { wk: '10/12', workouts: 0 },
      { wk: '10/19', workouts: 0 },
      { wk: '10/26', workouts: 1 },
      { wk: '11/02', workouts: 2 },
      { wk: '11/09', workouts: 0 },
      { wk: '11/16', workouts: 1 },
    ]);
    expect(overview.workouts).to.include({ completed: 1, weekly_goal: 2 });
    const calories = Object.fromEntries(overview.nutrition.history.map((h: { d: string; calories: number | null }) => [h.d, h.calories]));
    expect(calories['2026-10-10']).to.equal(undefined);
    expect(calories['2026-11-17']).to.equal(350 + 500);
    expect(calories['2026-11-18']).to.equal(null);
    expect(overview.nutrition.goal).to.equal(2100);
    expect(overview.recentActivity.slice(0, 3)).to.deep.equal([
      { type: 'meal', detail: 'Lunch: Turkey wrap (500 kcal)', time: '2026-11-18T03:00:00.000Z' },
      // Each workout moved the plan on (docs/adr/0076): the fifth is on its last day, the cycle done and not restarted.
      { type: 'workout', detail: 'Strength Starter: Core (50 min, 1 exercise)', time: '2026-11-17T15:50:00.000Z' },
      { type: 'meal', detail: 'Breakfast: Oatmeal with berries (350 kcal)', time: '2026-11-17T13:00:00.000Z' },
    ]);
    expect(overview.activity, 'the widget form names the same items activity').to.deep.equal(overview.recentActivity);
  });

  it('counts the current and the longest login streak in the user’s days', async () => {
    server.clock.set(day('2026-11-01'));
    const user = await signUpSubscriber(server);
    const client = subscriberClient(server, user.token);
    for (const date of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-10', '2026-11-16', '2026-11-17']) {
      server.clock.set(day(date));
      const login = await server.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password } });
      client.seen(login.body.position);
    }
    server.clock.set(day('2026-11-18')); // no login yet today: the streak still stands
    const overview = await client.overview();
    expect(overview).to.include({ loginStreak: 2, currentStreak: 2, longestStreak: 5, current_streak: 2, longest_streak: 5 });
    expect(overview.weeklyLogins).to.deep.equal([true, true, false, false, false, false, false]);
    expect(overview.weekly_logins).to.deep.equal([true, true, false, false, false, false, false]);
  });

  it('refuses a signed-in non-subscriber (403) and no token (401)', async () => {
    const plain = await signUpVerifiedUser(server);
    expect((await server.call('GET', '/api/progress/overview', { token: plain.token })).status).to.equal(403);
    expect((await server.call('GET', '/api/progress/overview')).status).to.equal(401);
  });
});
