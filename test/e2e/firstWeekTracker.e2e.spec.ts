import { expect } from 'chai';
import { screenshot, startE2E, type E2E } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';
import { weekStat } from './firstWeek.js';

/**
 * A beginner's first week in the tracker: each journey at phone and desktop width, with reloads and Back/Forward where
 * a person would press them, and a screenshot of each step worth looking at.
 */
describe("a beginner's first week: the tracker (e2e)", function () {
  this.timeout(180_000);
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  for (const width of [390, 1280]) {
    it(`at ${width} px: the tracker is one tap from the dashboard, a session survives reload and Back/Forward, and only a session with something logged counts`, async () => {
      const user = await subscriberFor(e2e.server);
      await user.send('POST', '/api/savePlan', samplePlan());
      const page = await e2e.newPage({ width, height: 900 });
      await user.open(page, '/');
      const workoutCard = page.getByRole('region', { name: 'Workout' });

      // Start workout on the dashboard opens the tracker with the session running.
      await workoutCard.getByRole('button', { name: 'Start workout' }).click();
      await page.waitForURL('**/track');
      await page.getByRole('timer', { name: 'Session time' }).waitFor();
      await page.getByLabel('Exercise', { exact: true }).selectOption({ label: 'Day 1: Squat' });
      await page.getByLabel('Weight (lb)').fill('95');
      await page.getByRole('button', { name: 'Save Exercise' }).click();
      const completed = page.getByRole('region', { name: 'Completed Exercises' });
      await completed.getByText('Squat: 3 x 8, 95 lb').waitFor();

      // A reload keeps the session, what was logged in it, and the entry being typed.
      await page.getByLabel('Exercise', { exact: true }).selectOption({ label: 'Day 1: Lunge' });
      await page.getByLabel('Weight (lb)').fill('40');
      await page.reload();
      await completed.getByText('Squat: 3 x 8, 95 lb').waitFor();
      expect(await page.getByLabel('Weight (lb)').inputValue(), 'the unsent entry is still there').to.equal('40');
      expect(await page.getByRole('heading', { name: 'Choose a plan' }).count()).to.equal(0);
      await screenshot(page, `first-week-tracker-after-reload-${width}`);

      // Back to the dashboard: the running session is shown with Resume and End, not Start workout.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await workoutCard.getByText('Workout in progress').waitFor();
      expect(await workoutCard.getByRole('button', { name: 'Start workout' }).count()).to.equal(0);
      await workoutCard.getByRole('link', { name: 'Resume' }).waitFor();
      await workoutCard.getByRole('button', { name: 'End' }).waitFor();
      await screenshot(page, `first-week-dashboard-session-running-${width}`);

      // Forward returns to the same session.
      await page.goForward();
      await completed.getByText('Squat: 3 x 8, 95 lb').waitFor();

      // End Session asks first, saying what the session holds, then sums it up.
      await page.getByRole('button', { name: 'End Session' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'End this workout?' });
      await confirm.getByText('1 exercise logged').waitFor();
      await screenshot(page, `first-week-end-confirm-${width}`);
      await confirm.getByRole('button', { name: 'End workout' }).click();
      const summary = page.getByRole('region', { name: 'Workout saved' });
      await summary.getByText('1 exercise').waitFor();
      await screenshot(page, `first-week-end-summary-${width}`);

      // A second session ended with nothing logged is not a workout.
      await page.getByLabel('Workout plan', { exact: true }).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Begin Workout' }).click();
      await page.getByRole('timer', { name: 'Session time' }).waitFor();
      await page.getByRole('button', { name: 'End Session' }).click();
      await page.getByRole('alertdialog', { name: 'End this workout?' }).getByText('Nothing is logged yet').waitFor();
      await page.getByRole('button', { name: 'End workout' }).click();
      await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();

      await page.goto('/');
      await page.getByRole('region', { name: 'This Week' }).waitFor();
      expect(await weekStat(page, 'Workouts')).to.equal('1 / 3');
      await screenshot(page, `first-week-dashboard-after-workouts-${width}`);
      await page.goto('/prog');
      await page.getByText('Workouts this week').waitFor();
      expect(await page.getByText('1 / 3').count(), '/prog agrees with the dashboard').to.be.above(0);
      await screenshot(page, `first-week-progress-after-workouts-${width}`);
    });

    it(`at ${width} px: the menu's Exercises opens Exercises, the tracker is a tap from it, and support is a tap from every page`, async () => {
      const user = await subscriberFor(e2e.server);
      await user.send('POST', '/api/savePlan', samplePlan());
      const page = await e2e.newPage({ width, height: 900 });
      await user.open(page, '/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await nav.getByRole('link', { name: 'Exercises' }).click();
      await page.getByRole('heading', { level: 1, name: 'Exercises' }).waitFor();
      await screenshot(page, `first-week-exercises-${width}`);
      await page.getByRole('link', { name: 'Open the tracker' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Workout Tracker' }).waitFor();
      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await nav.getByRole('link', { name: 'Help & support' }).click();
      await page.waitForURL('**/ticket');
      await page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor();
      await screenshot(page, `first-week-nav-support-${width}`);
    });
  }

  it('Reset daily progress asks first', async () => {
    const user = await subscriberFor(e2e.server);
    const { regimenId } = await user.send('POST', '/api/savePlan', samplePlan());
    const { sessionId } = await user.send('POST', '/api/workout-session/start', { regimenId });
    const [squat] = await user.read(`/api/workout-session/workouts/${regimenId}`);
    await user.send('POST', '/api/workout-session/log-exercise', { sessionId, workoutId: squat.workout_id, sets: 3, reps: 8, weightUsed: 50, notes: '' });
    await user.send('PUT', '/api/workout-session/end', { sessionId, totalDuration: 20, completedExercises: [] });
    const page = await e2e.newPage({ width: 1280 });
    await user.open(page, '/');
    const card = page.getByRole('region', { name: 'Workout' });
    await card.getByText("Today's workout is logged").waitFor();
    await card.getByRole('button', { name: 'Reset daily progress' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset daily progress?' });
    await confirm.waitFor();
    await screenshot(page, 'first-week-reset-confirm-1280');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await card.getByText("Today's workout is logged").waitFor();
    await card.getByRole('button', { name: 'Reset daily progress' }).click();
    await page.getByRole('alertdialog', { name: 'Reset daily progress?' }).getByRole('button', { name: 'Reset' }).click();
    await card.getByRole('button', { name: 'Start workout' }).waitFor();
  });
});
