import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { userClient } from '../support/client.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';

/** A year of Strong: a squat day every week of 2025, 100 kg rising by 0.5 kg a week to the year's best, 125.5 × 5. */
const WEEKS = 52;
const yearOfStrong = () =>
  'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\n' +
  Array.from({ length: WEEKS }, (_, week) => {
    const day = new Date(Date.UTC(2025, 0, 6 + 7 * week)).toISOString().slice(0, 10);
    const kg = 100 + week * 0.5;
    return [1, 2, 3].map((set) => `${day} 18:00:00;Leg day;Squat (Barbell);${set};${kg};kg;5;;;;0;;;50m\n`).join('');
  }).join('');

const squatPlan = samplePlan({
  name: 'Squat day',
  workouts: [{ day: 1, summary: 'Legs', exercises: [{ name: 'Barbell Back Squat', sets: 3, reps: '5', duration: 120 }] }],
});

/**
 * A lifter who brings a year from Strong: the tracker starts from the imported numbers, a set over the imported best
 * is a new record, and the Exercise Log reaches back to the first imported session.
 */
describe('a year brought in from Strong, then trained on (e2e)', function () {
  this.timeout(180_000);
  const e2e = e2eSuite();

  it('at 375 px: last time’s numbers come from the import, beating its best is a new record, the log scrolls to the oldest', async () => {
    const user = await subscriberFor(e2e.server, { timeZone: 'UTC', units: 'kg' });
    const imported = await fetch(`${e2e.server.url}/api/imports?name=strong.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'text/csv' },
      body: yearOfStrong(),
    });
    expect(imported.status, await imported.clone().text()).to.equal(201);
    const { position } = (await imported.json()) as { position: number };
    await userClient(e2e.server, user.token, position).read('/api/records');
    await user.send('POST', '/api/savePlan', squatPlan);

    const page: Page = await e2e.newPage({ width: 375, height: 800 });
    await user.open(page, '/track');
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Squat day (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();
    const squat = page.getByRole('article', { name: 'Barbell Back Squat' });
    // Last time is the import's last squat day, in the file's kilograms.
    await squat.locator('tbody tr').first().locator('td').nth(1).getByText('125.5 kg × 5', { exact: true }).waitFor();
    expect(await squat.getByText('No working sets of', { exact: false }).count()).to.equal(0);
    // The target in kilograms, and the weight field starts at it in kilograms too.
    await squat.getByText('Target: 137.5 kg × 5.', { exact: false }).waitFor();
    expect(await squat.getByLabel('Weight, kg').inputValue()).to.equal('137.5');
    await screenshot(page, 'training-life-375-previous-from-import');

    await squat.getByLabel('Weight, kg').fill('127.5');
    await squat.getByLabel('Set reps').fill('5');
    await squat.getByRole('button', { name: 'Log set' }).click();
    await squat.locator('tbody tr td:nth-child(3)').getByText('127.5 kg × 5').first().waitFor();
    await page.getByRole('button', { name: 'End Session' }).click();
    await page.getByRole('button', { name: 'End workout' }).click();
    await page.getByText(/New record: Barbell Back Squat/).first().waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'training-life-375-new-record');

    await page.getByRole('button', { name: 'Exercise Log' }).click();
    const log = page.getByRole('dialog', { name: 'Exercise Log' });
    const end = log.locator('.log-end');
    for (let i = 0; i <= WEEKS && !(await end.isVisible()); i += 1) {
      const shown = await log.locator('.log-session').count();
      await log.locator('.log-session').last().scrollIntoViewIfNeeded();
      await page.waitForFunction((n) => document.querySelectorAll('.log-session').length > n || document.querySelector('.log-end') !== null, shown);
    }
    await end.waitFor();
    expect(await log.locator('.log-session').count(), 'the session just ended and every imported one').to.equal(WEEKS + 1);
    await log.locator('.log-session').last().getByText('Leg day', { exact: false }).waitFor();
    await screenshot(page, 'training-life-375-oldest');
  });
});
