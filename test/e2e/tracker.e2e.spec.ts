import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, screenshot, startE2E, type E2E } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';

describe('journey 6: the workout tracker, from Begin Workout to the Exercise Log (e2e)', function () {
  this.timeout(120_000);
  let e2e: E2E;
  let page: Page;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it('begins a session, logs two exercises, ends it, and finds them in the Exercise Log', async () => {
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
    const save = page.getByRole('button', { name: 'Save Exercise' });
    expect(await save.isDisabled(), 'Save waits for an exercise').to.equal(true);

    // Choosing an exercise pre-fills its sets and reps and resets the weight to 0.
    await page.getByLabel('Weight (lb)').fill('50');
    await page.getByLabel('Exercise', { exact: true }).selectOption({ label: 'Day 1: Squat' });
    expect(await page.getByLabel('Sets').inputValue()).to.equal('3');
    expect(await page.getByLabel('Reps per set').inputValue()).to.equal('8');
    expect(await page.getByLabel('Weight (lb)').inputValue()).to.equal('0');
    await page.getByLabel('Weight (lb)').fill('135');
    await save.click();
    const completed = page.getByRole('region', { name: 'Completed Exercises' });
    await completed.getByText('Squat: 3 x 8, 135 lb').waitFor();
    expect(await page.getByLabel('Exercise', { exact: true }).inputValue(), 'saving clears the form').to.equal('');

    await page.getByLabel('Exercise', { exact: true }).selectOption({ label: 'Day 1: Lunge' });
    await page.getByLabel('Reps per set').fill('12');
    await page.getByLabel('Weight (lb)').fill('40');
    await page.getByLabel('Notes').fill('slow and steady');
    await save.click();
    await completed.getByText('Lunge: 3 x 12, 40 lb').waitFor();

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
    await log.getByText('Squat: 3 x 8, 135 lb').waitFor();
    expect(await log.getByText('Lunge: 3 x 12, 40 lb').count()).to.equal(1);
    expect(await log.getByText('slow and steady').count()).to.equal(1);
    expect(await log.getByText('Duration').count()).to.equal(1);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'journey-6-tracker');
    await log.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('dialog').count()).to.equal(0);
  });
});
