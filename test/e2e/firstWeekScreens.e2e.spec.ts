import { expect } from 'chai';
import { screenshot, startE2E, type E2E } from '../support/browser.js';
import { gramsStylePlan } from '../meals/http.js';
import { subscriberFor, textOf } from './dataScreens.js';

/** A beginner's first week on the plans and progress pages, and what a failed action or page load says. */
describe("a beginner's first week: plans, progress and failures (e2e)", function () {
  this.timeout(180_000);
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it("the plans page: cardio and holds read as such, a plan's own goal heads it, two plans of one name are told apart, Escape leaves focus on the picker", async () => {
    const user = await subscriberFor(e2e.server);
    const walkPlan = {
      planType: 'workout',
      name: 'Lean Start, 3 days a week',
      description: 'Walks and holds.',
      goal: 'Lose weight',
      level: 'Beginner',
      duration_weeks: 4,
      workouts: [
        {
          day: 1,
          summary: 'Cardio and core (easy)',
          exercises: [
            { name: 'Brisk walk (20 min, easy pace)', sets: 1, reps: 1, duration: 0 },
            { name: 'Plank (30 s hold)', sets: 2, reps: 1, duration: 45 },
            { name: 'Squat', sets: 3, reps: 8, duration: 90 },
          ],
        },
      ],
    };
    await user.send('POST', '/api/savePlan', walkPlan);
    await user.send('POST', '/api/savePlan', walkPlan);
    const page = await e2e.newPage({ width: 390, height: 900 });
    await user.open(page, '/work');
    await page.getByRole('heading', { name: 'Lean Start, 3 days a week Primary' }).waitFor();
    expect(await textOf(page, '.plan-header .plan-stats')).to.contain('Lose weight');
    expect(await page.getByText('Strength and Muscle Building').count()).to.equal(0);
    const walk = page.locator('li.exercise', { hasText: 'Brisk walk' });
    expect((await walk.innerText()).replace(/\s+/g, ' ')).to.equal('Brisk walk (20 min, easy pace) One continuous bout');
    const plank = page.locator('li.exercise', { hasText: 'Plank' });
    expect((await plank.innerText()).replace(/\s+/g, ' ')).to.equal('Plank (30 s hold) Sets 2 Rest 45 s');
    await screenshot(page, 'first-week-cardio-and-goal-390');

    // The picker: the second plan of the name is numbered; Escape closes it with focus on its button.
    const toggle = page.locator('.plan-picker__toggle');
    await toggle.click();
    const second = page.getByRole('button', { name: 'Lean Start, 3 days a week (2)', exact: true });
    await second.waitFor();
    await screenshot(page, 'first-week-picker-distinct-names-390');
    await second.focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('.plan-picker__menu').count()).to.equal(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('plan-picker__toggle'))).to.equal(true);
  });

  for (const width of [390, 1280]) {
    it(`at ${width} px: Progress "As of" starts at the account's first day; a date before it is not an error`, async () => {
      const user = await subscriberFor(e2e.server);
      const page = await e2e.newPage({ width, height: 900 });
      await user.open(page, '/prog');
      const asOf = page.getByLabel('As of');
      await asOf.waitFor();
      const first = await asOf.getAttribute('min');
      expect(first, 'the control starts somewhere').to.match(/^\d{4}-\d{2}-\d{2}$/);
      expect(first).to.equal(await asOf.getAttribute('max'));
      await asOf.fill('2020-01-01');
      expect(await asOf.inputValue()).to.equal(first);
      // The account began today: the nearest day there is, is today itself.
      expect(await page.getByRole('button', { name: 'Back to today' }).count()).to.equal(0);
      expect(await asOf.evaluate((el) => getComputedStyle(el).minHeight), 'the app\'s field, not a bare one').to.equal('44px');
      expect(await page.getByText('Failed to load progress').count()).to.equal(0);
      await screenshot(page, `first-week-progress-as-of-${width}`);
    });
  }

  it('a dashboard action that fails says so and is sent again by Try again; nothing is lost', async () => {
    const user = await subscriberFor(e2e.server);
    await user.send('POST', '/api/savePlan', gramsStylePlan());
    const page = await e2e.newPage({ width: 390, height: 900 });
    let failed = false;
    // The server drops the first Log meal (a gateway answering for a stopped service).
    await page.route('**/api/dashboard/log-meal', async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
    });
    await user.open(page, '/');
    const meals = page.getByRole('region', { name: 'Meals' });
    await meals.getByText('0 of').waitFor();
    await meals.getByRole('button', { name: 'Log meal' }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'Logging the meal failed.' });
    await problem.getByText('Service unavailable').waitFor();
    await screenshot(page, 'first-week-log-meal-failed-390');
    await problem.getByRole('button', { name: 'Try again' }).click();
    await meals.getByText('1 of').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Logging the meal failed.' }).count()).to.equal(0);
  });

  it('a page whose code cannot be fetched says so with Reload, not a blank screen', async () => {
    const user = await subscriberFor(e2e.server);
    // No service worker: with one, the reload the app makes once for a missing file is served from its cache and the
    // page simply loads (test/e2e/prerender.e2e.spec.ts); here the file stays out of reach.
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await user.open(page, '/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The server went away after the first load: the progress page's chunk cannot be fetched, even after the one
    // reload the app makes for a file that a deploy may have replaced.
    await page.route(/\/assets\/ProgressScreen-.*\.js$/, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' }).click();
    const problem = page.getByRole('alert');
    await problem.getByText('This page could not be loaded').waitFor();
    await screenshot(page, 'first-week-chunk-failed-390');
    await page.unroute(/\/assets\/ProgressScreen-.*\.js$/);
    await problem.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Progress' }).waitFor();
    await context.close();
  });
});
