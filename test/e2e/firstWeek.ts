import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { gramsStylePlan } from '../meals/http.js';
import { screenshot, signInPage, startE2E, type E2E } from '../support/browser.js';
import { userClient, type UserClient } from '../support/client.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor, textOf } from './dataScreens.js';

/**
 * A beginner's first week, lived day by day (issue 37's journey): one browser page stays signed in all week, as an
 * installed app does, and the server's clock (`server.clock`) moves from day to day. What only a browser shows is
 * looked at in it: the app counting each day it is opened, the streak and the week's boxes, the workout and the meal
 * the dashboard offers each day. Workouts are logged through the API (the tracker's own journeys drive its screen),
 * and every day's dashboard is saved as a screenshot to be looked at.
 *
 * She keeps metric units and her browser writes dates the British way (en-GB): her weight is shown in kg, loads are
 * typed in kg, and dates read 29/11/2026. Each catalog exercise tells how to do it, on the plan and in the tracker.
 *
 * Monday to Sunday of last week, 10:00 in New York (the test users' zone): used Monday to Thursday (a streak of 4),
 * not at all on Friday, back on Saturday and Sunday. Full body A on Monday, B on Wednesday, C offered from Thursday
 * until it is done on Saturday.
 */
export function firstWeekJourney(width: number) {
  const tag = `issue37-week-${width}`;
  let e2e: E2E;
  let page: Page;
  let user: UserClient;
  let regimenId: string;
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
  monday.setUTCHours(15, 0, 0, 0);
  const dayOf = (n: number, hours = 0) => new Date(monday.getTime() + (n - 1) * 86_400_000 + hours * 3_600_000).toISOString();

  const weekStat = (label: string) => textOf(page, `section[aria-labelledby=week-title] dl > div:has(dt:text-is("${label}")) dd`);
  const workoutCard = () => page.getByRole('region', { name: 'Workout' });
  /** The dashboard on day `n`: opened (or reloaded) as a person opens the installed app, never signing in again. */
  const openDashboard = async (n: number) => {
    e2e.server.clock.set(dayOf(n));
    await page.goto('/');
    await page.getByRole('region', { name: 'This Week' }).waitFor();
  };
  /** Waits until the streak reads `days` (the day's visit is counted once the shell's call is answered). */
  const streakIs = async (days: number) => {
    await page.locator('section[aria-labelledby=week-title] dl > div:has(dt:text-is("Streak")) dd').filter({ hasText: new RegExp(`^${days} days?$`) }).waitFor();
    expect(await weekStat('Streak')).to.equal(`${days} day${days === 1 ? '' : 's'}`);
  };
  const boxesOn = async () =>
    page.locator('section[aria-labelledby=week-title] ol li').evaluateAll((items) => items.map((li) => (li.getAttribute('aria-label') ?? '').endsWith('showed up')));
  const today = async () => textOf(page, 'section[aria-labelledby=workout-card-title] p:has-text("Today:") strong');
  /** A workout on the plan's day, logged as the tracker logs it: a session, its sets, the end. */
  const train = async (...sets: Array<Record<string, unknown>>) => {
    const { sessionId } = await user.send('POST', '/api/dashboard/start-workout', { regimenId });
    for (const set of sets) await user.send('POST', '/api/workout-session/log-set', { sessionId, ...set });
    e2e.server.clock.advance(30 * 60_000);
    await user.send('POST', `/api/workouts/${sessionId}/stop`);
  };
  const loaded = (exercise: string) => ({ exercise, weightKg: 7.5, reps: 12 });

  describe(`issue 37: a beginner's first week at ${width} px, signed in all week (e2e)`, function () {
    // Each day is a few page loads; on two cores shared with the whole suite one may wait its turn.
    this.timeout(120_000);
    before(async function () {
      e2e = await startE2E(this);
      e2e.server.clock.set(dayOf(1, -1));
      // Seeded through the API: sign-up is not under test here (test/e2e/signup.e2e.spec.ts drives it).
      // 85 kg aiming for 74.8 kg, 178 cm, kept as the spec's pounds and inches.
      const subscriber = await subscriberFor(e2e.server, { keepClock: true, units: 'kg', height: 70, weight: 187.4, targetWeight: 165 });
      user = userClient(e2e.server, subscriber.token, subscriber.position);
      ({ regimenId } = await user.send('POST', '/api/savePlan', beginnerPlan()));
      await user.send('POST', '/api/savePlan', gramsStylePlan());
      page = await e2e.newPage({ width, height: 900, locale: 'en-GB' });
      // Two cores shared with the whole suite: a page load may wait its turn.
      page.setDefaultTimeout(30_000);
      await user.read('/api/dashboard/summary');
      await signInPage(page, user.token, '/');
    });
    after(async () => e2e?.stop());

    it('Monday, metric and en-GB: her weight in kg, dates as 29/11/2026; how to do each exercise on the plan and in the tracker', async () => {
      await openDashboard(1);
      const snapshot = page.getByRole('region', { name: 'Snapshot' });
      await snapshot.getByText('85 kg').first().waitFor();
      expect(await snapshot.innerText(), 'no pounds for a metric user').not.to.match(/\blb\b/);
      const measured = await textOf(page, 'section[aria-labelledby=recent-progress-title] tbody tr td:first-child');
      expect(measured, 'a day as en-GB writes it').to.match(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await textOf(page, 'section[aria-labelledby=recent-progress-title] tbody tr td:nth-child(2)')).to.equal('85 kg');
      await screenshot(page, `${tag}-day1-metric-dashboard`);

      // The plan page: a catalog exercise folds its cues and main mistakes under "How to do it".
      await page.goto('/work');
      const goblet = page.locator('li.exercise', { hasText: 'Goblet Squat' }).first();
      await goblet.getByText('How to do it').click();
      await goblet.getByText('Hold the dumbbell at your chest like a cup').waitFor();
      await goblet.getByText('Knees caving inwards').waitFor();
      await screenshot(page, `${tag}-day1-plan-cues`);

      // The tracker, in a session: the same cues above each exercise's sets, and loads asked in kg.
      const { sessionId } = await user.send('POST', '/api/dashboard/start-workout', { regimenId });
      await page.goto('/track');
      const pushUp = page.getByRole('article', { name: 'Push-up', exact: true });
      await pushUp.getByText('How to do it').click();
      await pushUp.getByText('Hands under your shoulders, body in one straight line').waitFor();
      await page.getByRole('article', { name: 'Goblet Squat', exact: true }).getByLabel('Weight, kg').waitFor();
      await screenshot(page, `${tag}-day1-tracker-cues`);
      // Nothing logged: it does not count as a workout.
      await user.send('POST', `/api/workouts/${sessionId}/stop`);
    });

    it('Monday: Full body A is today\'s; done, the plan moves on to B; a streak of 1; the first day\'s breakfast', async () => {
      await openDashboard(1);
      await streakIs(1);
      expect(await today()).to.equal('Full body A');
      expect(await textOf(page, 'section[aria-labelledby=meals-card-title] p:has-text("Next meal:") strong')).to.equal('Oatmeal with berries');
      await train(loaded('Goblet Squat'));
      await page.reload();
      await workoutCard().getByText("Today's workout is logged").waitFor();
      expect(await textOf(page, 'section[aria-labelledby=workout-card-title] p:has-text("Next up:") strong')).to.equal('Full body B');
      await screenshot(page, `${tag}-day1-monday`);
    });

    it('Tuesday, not signing in again: B, not A again; the meals are the second day\'s; opened twice, counted once', async () => {
      await openDashboard(2);
      await streakIs(2);
      expect(await today()).to.equal('Full body B');
      expect(await textOf(page, 'section[aria-labelledby=meals-card-title] p:has-text("Next meal:") strong')).to.equal('Salmon and rice');
      e2e.server.clock.set(dayOf(2, 9));
      await page.reload();
      await page.getByRole('region', { name: 'This Week' }).waitFor();
      await streakIs(2);
      await screenshot(page, `${tag}-day2-tuesday`);
    });

    it('Wednesday: B done, the plan moves on to C; Wednesday\'s box is filled', async () => {
      await openDashboard(3);
      expect(await today()).to.equal('Full body B');
      await train(loaded('Dumbbell Row'));
      await page.reload();
      await workoutCard().getByText("Today's workout is logged").waitFor();
      await streakIs(3);
      expect(await boxesOn()).to.deep.equal([true, true, true, false, false, false, false]);
      await screenshot(page, `${tag}-day3-wednesday`);
    });

    it('Thursday: a streak of 4 after four days of use; C is today\'s; a session with a warm-up and nothing else is no workout', async () => {
      await openDashboard(4);
      await streakIs(4);
      expect(await today()).to.equal('Full body C');
      // Started, a warm-up set, stopped: it neither moves the plan on nor counts this week.
      await train({ exercise: 'Goblet Squat', weightKg: 4, reps: 10, warmup: true });
      await page.reload();
      await page.getByRole('region', { name: 'This Week' }).waitFor();
      expect(await today()).to.equal('Full body C');
      expect(await workoutCard().getByText("Today's workout is logged").count()).to.equal(0);
      expect(await weekStat('Workouts')).to.equal('2 / 3');
      await screenshot(page, `${tag}-day4-thursday`);
    });

    it('Thursday, in chat: "the step-up hurts my knee" offers the swap at once; it is made in the plan, keeping its day and what was done', async () => {
      await page.goto('/chat');
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill('the step-up hurts my knee, can you swap it?');
      await input.press('Enter');
      const reply = page.locator('.message--ai').filter({ hasText: 'Swap Step-up for' });
      await reply.getByText('Pain is not something to train through').waitFor({ timeout: 30_000 });
      const apply = reply.getByRole('button', { name: 'Swap in my plan' });
      await screenshot(page, `${tag}-day4-chat-swap`);
      await apply.click();
      await reply.getByRole('button', { name: 'Swapped in your plan' }).waitFor();
      const lists = (await user.read('/api/workout-regimens')) as Array<{ regimen_id: string; name: string; current_day: number; workouts: Array<{ exercises: Array<{ name: string }> }> }>;
      expect(lists.map((r) => r.name), 'no second plan, no "v2"').to.deep.equal(['Beginner at home (3 days)']);
      expect(lists[0]).to.include({ regimen_id: regimenId, current_day: 3 });
      expect(lists[0]!.workouts[2]!.exercises.map((e) => e.name)).not.to.include('Step-up');
      await page.goto('/work');
      await page.getByRole('button', { name: 'Start Workout' }).waitFor();
      await screenshot(page, `${tag}-day4-swapped`);
      await page.goto('/');
      await page.getByRole('region', { name: 'This Week' }).waitFor();
      expect(await weekStat('Workouts'), 'the workouts done still count').to.equal('2 / 3');
      expect(await today(), 'the same day of the same plan').to.equal('Full body C');
    });

    it('Saturday, after a day away: the streak starts again at 1; C is still today\'s, not skipped; done with a push-up set without a weight and a plank held for seconds, the week is complete', async () => {
      await openDashboard(6);
      await streakIs(1);
      expect(await today()).to.equal('Full body C');
      await train(loaded('Goblet Squat'), { exercise: 'Push-up', reps: 10 }, { exercise: 'Plank', seconds: 30 });
      await page.reload();
      await workoutCard().getByText("You completed every workout of this plan's week").waitFor();
      await workoutCard().getByRole('button', { name: 'Restart regimen' }).waitFor();
      expect(await weekStat('Workouts')).to.equal('3 / 3');
      await screenshot(page, `${tag}-day6-saturday`);
    });

    it('Sunday: the week\'s boxes show every day she showed up, Friday empty; /prog agrees', async () => {
      await openDashboard(7);
      await streakIs(2);
      expect(await boxesOn()).to.deep.equal([true, true, true, true, false, true, true]);
      await screenshot(page, `${tag}-day7-sunday`);
      await page.goto('/prog');
      const streak = page.getByRole('region', { name: 'Streak', exact: true });
      await streak.getByText('4 days').waitFor();
      expect(await textOf(page, 'section[aria-labelledby=login-streak-title] dl > div:has(dt:text-is("Current streak")) dd')).to.equal('2 days');
      expect(await textOf(page, 'section[aria-labelledby=login-streak-title] dl > div:has(dt:text-is("Longest streak")) dd')).to.equal('4 days');
      // Three workouts done, one line a day trained: Thursday's sessions with nothing but a warm-up count nowhere.
      expect(await textOf(page, 'section[aria-labelledby=weekly-stats-title] dl > div:has(dt:text-is("Workouts this week")) dd')).to.equal('3 / 3');
      const workouts = await page.locator('section[aria-labelledby=recent-activity-title] li:has(.tag--workout) .activity__detail').allInnerTexts();
      expect(workouts).to.deep.equal([
        'Beginner at home (3 days): Full body C (30 min, 3 exercises)',
        'Beginner at home (3 days): Full body B (30 min, 1 exercise)',
        'Beginner at home (3 days): Full body A (30 min, 1 exercise)',
      ]);
      // "As of" writes its day as her browser's language does (29/11/2026), whatever order the native field draws.
      const [y, m, d] = (await page.getByLabel('As of').inputValue()).split('-');
      expect(await textOf(page, '.progress__as-of .date-input__shown')).to.equal(`${d}/${m}/${y}`);
      await screenshot(page, `${tag}-day7-progress`);
    });
  });
}

/** A home plan for a beginner with dumbbells and a bad knee: three full-body days. */
export const beginnerPlan = () =>
  samplePlan({
    name: 'Beginner at home (3 days)',
    description: 'Three full-body days with dumbbells.',
    goal: 'Lose weight',
    workouts: [
      { day: 1, summary: 'Full body A', exercises: [{ name: 'Goblet Squat', sets: 2, reps: 12, duration: 60 }, { name: 'Push-up', sets: 2, reps: 10, duration: 60 }] },
      { day: 2, summary: 'Full body B', exercises: [{ name: 'Dumbbell Row', sets: 2, reps: 12, duration: 60 }, { name: 'Plank', sets: 2, reps: 1, duration: 30 }] },
      { day: 3, summary: 'Full body C', exercises: [{ name: 'Step-up', sets: 2, reps: 10, duration: 60 }, { name: 'Goblet Squat', sets: 2, reps: 12, duration: 60 }] },
    ],
  });
