import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { logSetIn, subscriberFor } from './dataScreens.js';

describe('journey 6: the workout tracker, from Begin Workout to the Exercise Log (e2e)', function () {
  this.timeout(120_000);
  const e2e = e2eSuite();
  let page: Page;

  it('begins a session, logs two exercises set by set, ends it, and finds them in the Exercise Log', async () => {
    const user = await subscriberFor(e2e.server);
    await user.send('POST', '/api/savePlan', samplePlan());
    page = await e2e.newPage();
    await user.open(page, '/track');

    // Idle: choose a plan (name and level), then Begin Workout.
    const begin = page.getByRole('button', { name: 'Begin Workout' });
    expect(await begin.isDisabled()).to.equal(true);
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Strength Starter (Beginner)' });
    await begin.click();

    // The session: the timer runs, the regimen's exercises are loaded.
    const timer = page.getByRole('timer', { name: 'Session time' });
    await timer.waitFor();
    await page.waitForFunction(() => document.querySelector('[role=timer]')?.textContent !== '00:00:00', undefined, { timeout: 5000 });
    // One way to log: set by set, no per-exercise form; nothing logged says so, and stops saying it once a set is.
    expect(await page.getByRole('button', { name: 'Save Exercise' }).count(), 'no Log Exercise form').to.equal(0);
    const completed = page.getByRole('region', { name: 'Completed Exercises' });
    await completed.getByText('Nothing logged yet in this session.').waitFor();
    await logSetIn(page, 'Squat', { weight: '135', reps: '8' });
    await completed.getByText('Squat: 135 lb × 8').waitFor();
    await page.getByRole('article', { name: 'Squat' }).getByRole('button', { name: /^Repeat last set/ }).click();
    await completed.getByText('Squat: 135 lb × 8; 135 lb × 8').waitFor();
    await logSetIn(page, 'Lunge', { weight: '40', reps: '12' });
    await completed.getByText('Lunge: 40 lb × 12').waitFor();
    expect(await completed.getByText('Nothing logged yet').count()).to.equal(0);

    // Pause is the server's (so a reload keeps it): the clock stops; Resume starts it again.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Paused', { exact: true }).waitFor();
    const paused = await timer.innerText();
    await page.waitForTimeout(1200);
    expect(await timer.innerText(), 'a paused timer does not tick').to.equal(paused);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('In Progress', { exact: true }).waitFor();
    await page.waitForFunction((before) => document.querySelector('[role=timer]')?.textContent !== before, paused, { timeout: 5000 });

    // End Session asks first, then goes back to idle: no timer, no list, no plan chosen.
    await page.getByRole('button', { name: 'End Session' }).click();
    await page.getByRole('alertdialog', { name: 'End this workout?' }).getByRole('button', { name: 'End workout' }).click();
    await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();
    expect(await page.getByLabel('Workout plan', { exact: true }).inputValue()).to.equal('');
    expect(await page.getByRole('timer').count()).to.equal(0);
    await expectNoSeriousA11yViolations(page);

    // The Exercise Log shows the session with both exercises.
    await page.getByRole('button', { name: 'Exercise Log' }).click();
    const log = page.getByRole('dialog', { name: 'Exercise Log' });
    // A run of the same sets is one entry, as the log has always shown exercises.
    await log.getByText('Squat: 2 x 8, 135 lb').waitFor();
    expect(await log.getByText('Lunge: 1 x 12, 40 lb').count()).to.equal(1);
    expect(await log.getByText('Duration').count()).to.equal(1);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'journey-6-tracker');
    await log.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('dialog').count()).to.equal(0);
  });
});
