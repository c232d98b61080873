import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { gramsStylePlan } from '../meals/http.js';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';

const DAY = 24 * 3600_000;

describe('journey 7: /prog with three months of data shows every tab’s charts (e2e)', function () {
  this.timeout(120_000);
  const e2e = e2eSuite();
  let page: Page;

  it('draws the streak, the summary and the charts of Overview, Body Metrics, Workouts and Nutrition', async () => {
    const { server } = e2e;
    const now = Date.now();
    const at = (daysAgo: number, hour = 15) => {
      const d = new Date(now - daysAgo * DAY);
      d.setUTCHours(hour, 0, 0, 0);
      return d.toISOString();
    };
    server.clock.set(at(80));
    const user = await subscriberFor(server, { keepClock: true, weight: 210, targetWeight: 180, weeklyWorkoutFrequency: 3, timeZone: 'UTC' });
    const measure = async (daysAgo: number, weight: number, bodyFatPercentage: number, musclePercentage: number) => {
      server.clock.set(at(daysAgo));
      await user.send('PUT', '/api/profile', { name: 'Pat', age: 40, gender: 'Female', height: 64, weight, targetWeight: 180, bodyFatPercentage, musclePercentage, timeZone: 'UTC' });
    };
    await measure(60, 205, 33, 34);
    await measure(40, 200, 32, 35);
    await measure(20, 196, 31, 36);
    await measure(5, 194, 30, 37);

    const { regimenId } = await user.send('POST', '/api/savePlan', samplePlan());
    const [squat] = await user.read(`/api/workout-session/workouts/${regimenId}`);
    for (const [daysAgo, minutes] of [[45, 30], [30, 40], [16, 35], [9, 45], [2, 50]] as const) {
      server.clock.set(at(daysAgo, 12));
      const { sessionId } = await user.send('POST', '/api/dashboard/start-workout', { regimenId });
      // A workout counts when something was logged in it.
      await user.send('POST', '/api/workout-session/log-exercise', { sessionId, workoutId: squat.workout_id, sets: 3, reps: 8, weightUsed: 95, notes: '' });
      server.clock.advance(minutes * 60_000);
      await user.send('POST', `/api/workouts/${sessionId}/stop`);
    }
    await user.send('POST', '/api/savePlan', gramsStylePlan());
    for (const daysAgo of [10, 3, 1, 0]) {
      server.clock.set(at(daysAgo, 13));
      const next = (await user.read('/api/dashboard/summary')).nutrition.nextMeal;
      if (next) await user.send('POST', '/api/dashboard/log-meal', { mealPlanMealId: next.id });
    }
    for (const daysAgo of [2, 1, 0]) {
      server.clock.set(at(daysAgo, 14));
      await user.send('POST', '/api/login', { identifier: user.email, password: user.payload.password });
    }
    server.clock.set(at(0, 16));
    const overview = await user.read('/api/progress/overview');

    page = await e2e.newPage();
    await user.open(page, '/prog');

    // The streak widget and the summary.
    const streak = page.getByRole('region', { name: 'Streak', exact: true });
    await streak.waitFor();
    expect(await streak.getByText(`${overview.current_streak} days`).count()).to.be.greaterThan(0);
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.getByText('194 lb').count()).to.equal(1);
    expect(await summary.getByText('180 lb').count()).to.equal(1);

    // Overview: recent activity, the weight chart with its dashed target, the weekly workouts chart.
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    expect(await activity.getByRole('listitem').count()).to.equal(overview.activity.length);
    const weight = page.getByRole('group', { name: 'Weight (last 3 months)' });
    expect(await weight.locator('circle').count()).to.equal(overview.weight.history.length);
    expect(await weight.locator('.chart__target').count()).to.equal(1);
    expect(await page.getByText('Target 180 lb').count()).to.equal(1);
    const weekly = page.getByRole('group', { name: 'Workouts per week (last 8 weeks)' });
    expect(await weekly.locator('rect.chart__bar').count()).to.equal(8);
    // A point's tooltip is reachable by keyboard.
    await weight.locator('circle').last().focus();
    await weight.locator('.chart__tooltip').getByText('Weight: 194 lb').waitFor();

    // The activity's times are in the profile's zone (UTC), also on a device set to another one.
    const abroad = await e2e.newPage({ timezoneId: 'Asia/Tokyo' });
    await user.open(abroad, '/prog');
    const newest = abroad.getByRole('region', { name: 'Recent Activity' }).locator('time').first();
    const inUtc = new Date(overview.activity[0].time).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    // ICU writes a narrow no-break space before AM/PM; compare spaces as spaces.
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    await abroad.waitForFunction(
      ([el, want]) => (el as HTMLElement | null)?.innerText.replace(/\s/g, ' ') === want,
      [await newest.elementHandle(), spaced(inUtc)] as const,
    );
    expect(spaced(await newest.innerText())).to.equal(spaced(inUtc));
    expect(await abroad.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).to.equal('Asia/Tokyo');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'prog-overview-1280');

    // Body Metrics: body composition (fat and muscle) and weight.
    await page.getByRole('tab', { name: 'Body Metrics' }).click();
    const body = page.getByRole('group', { name: 'Body composition (last 3 months)' });
    await body.waitFor();
    expect(await body.locator('circle').count()).to.equal(overview.body.history.length * 2);
    expect(await page.getByRole('group', { name: 'Weight (last 3 months)' }).count()).to.equal(1);
    await screenshot(page, 'prog-body-1280');

    // Workouts: the weekly bars, by keyboard from the tab list (arrow keys move between tabs).
    await page.getByRole('tab', { name: 'Body Metrics' }).press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Workouts' }).getAttribute('aria-selected')).to.equal('true');
    const bars = page.getByRole('group', { name: 'Workouts per week (last 8 weeks)' }).locator('rect.chart__bar');
    // A chart draws once its container's width is measured, a step after its panel appears (a week of none is a bar of
    // no height, so attached rather than visible).
    await bars.first().waitFor({ state: 'attached' });
    const total = overview.workouts.history.reduce((n: number, w: { workouts: number }) => n + w.workouts, 0);
    const labels = await bars.evaluateAll((rects) => rects.map((r) => r.getAttribute('aria-label')));
    expect(labels.reduce((n, l) => n + Number(/: (\d+) workouts/.exec(l ?? '')?.[1] ?? 0), 0)).to.equal(total);
    await screenshot(page, 'prog-workouts-1280');

    // Nutrition: a month of daily calories as an area, with the plan's goal line; a day with nothing logged is a gap.
    await page.getByRole('tab', { name: 'Nutrition' }).click();
    const calories = page.getByRole('group', { name: 'Daily calories (last month)' });
    await calories.waitFor();
    const logged = overview.nutrition.history.filter((n: { calories: number | null }) => n.calories !== null);
    expect(logged.length).to.be.below(overview.nutrition.history.length);
    expect(await calories.locator('circle').count()).to.equal(logged.length);
    expect(await calories.locator('.chart__area').count()).to.equal(1);
    expect(await calories.locator('.chart__target').count()).to.equal(1);
    expect(await page.getByText('Goal 2100 kcal').count()).to.equal(1);
    expect(await calories.evaluate((svg) => svg.getAttribute('height'))).to.equal('300');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'journey-7-progress');
  });

  it('shows a new subscriber the three cards to get started instead of empty charts', async () => {
    const user = await subscriberFor(e2e.server);
    page = await e2e.newPage({ width: 375, height: 740 });
    await user.open(page, '/prog');
    await page.getByRole('heading', { name: 'Nothing to show yet' }).waitFor();
    const hrefs = await page.locator('.card--link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).to.deep.equal(['/work', '/prof', '/home']);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'prog-empty-375');
  });
});
