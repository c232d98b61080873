import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';
import { TRAINING } from '../../events/bounds.js';
import { newEvent } from '../../events/catalog.js';
import { ownExercisesStream } from '../../events/streams.js';
import { TOO_MANY_OWN } from '../../services/command/src/training/exercises/decide.js';
import { exerciseIdentity } from '../../services/domain/training/exerciseIdentity.js';
import { decodeToken } from '../support/accounts.js';

const benchPlan = samplePlan({
  name: 'Bench day',
  workouts: [{ day: 1, summary: 'Push', exercises: [{ name: 'Barbell Bench Press', sets: 3, reps: '8-12', duration: 90 }] }],
});

describe('one exercise however it is typed; merge and undo on the records list (e2e)', function () {
  this.timeout(180_000);
  const e2e = e2eSuite();

  it('a set typed under another app\'s name shows in the block typed into, under that name', async () => {
    const user = await subscriberFor(e2e.server);
    await user.send('POST', '/api/savePlan', benchPlan);
    const page: Page = await e2e.newPage({ width: 375, height: 800 });
    await user.open(page, '/track');
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Bench day (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();

    await page.getByLabel('Another exercise').fill('Hip Thrust (Barbell)');
    await page.getByRole('button', { name: 'Add exercise' }).click();
    const thrust = page.getByRole('article', { name: 'Hip Thrust (Barbell)' });
    await thrust.getByLabel('Weight, lb').fill('135');
    await thrust.getByLabel('Set reps').fill('10');
    await thrust.getByRole('button', { name: 'Log set' }).click();
    await thrust.locator('tbody tr td:nth-child(3)').getByText('135 lb × 10').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('article', { name: 'Barbell Hip Thrust' }).count(), 'no second block under the catalog name').to.equal(0);
    expect(await thrust.locator('tbody tr').count()).to.equal(1);
    await expectNoSeriousA11yViolations(page);
  });

  it('a new exercise of one\'s own past the most one person may have is refused, and the tracker says why', async () => {
    const user = await subscriberFor(e2e.server);
    await user.send('POST', '/api/savePlan', benchPlan);
    // Given as many exercises of their own as one person may have
    const userId = decodeToken(user.token).sub as string;
    const named = Array.from({ length: TRAINING.customExercises }, (_, i) => newEvent('CustomExerciseNamed', { userId, exercise: exerciseIdentity(`Made Up ${i}`).key, namedAt: new Date().toISOString() }));
    await e2e.server.system.events.append(ownExercisesStream(userId), named, 'any');
    const page: Page = await e2e.newPage({ width: 375, height: 800 });
    await user.open(page, '/track');
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Bench day (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();

    await page.getByLabel('Another exercise').fill('Brand New Move');
    await page.getByRole('button', { name: 'Add exercise' }).click();
    const move = page.getByRole('article', { name: 'Brand New Move' });
    await move.getByLabel('Set reps').fill('10');
    await move.getByRole('button', { name: 'Log set' }).click();
    const refusal = page.getByText(TOO_MANY_OWN).first();
    await refusal.waitFor();
    await refusal.scrollIntoViewIfNeeded();
    await screenshot(page, 'sets-375-too-many-own', { fullPage: false });
    expect(await move.locator('tbody tr td:nth-child(3)').filter({ hasText: '× 10' }).count(), 'no set logged').to.equal(0);
  });

  it('a custom exercise is merged into another from the records list and the merge undone', async () => {
    const user = await subscriberFor(e2e.server);
    const { regimenId } = await user.send('POST', '/api/savePlan', benchPlan);
    const { sessionId } = await user.send('POST', '/api/workout-session/start', { regimenId });
    await user.send('POST', '/api/workout-session/log-set', { sessionId, exercise: 'Barbell Bench Press', weightLb: 185, reps: 5 });
    await user.send('POST', '/api/workout-session/log-set', { sessionId, exercise: 'Paused Bench', weightLb: 165, reps: 3 });
    await user.send('PUT', '/api/workout-session/end', { sessionId, totalDuration: 20, completedExercises: [] });

    const page: Page = await e2e.newPage({ width: 1280, height: 800 });
    await user.open(page, '/prog');
    await page.getByRole('tab', { name: 'Strength' }).click();
    const rows = page.locator('.records-table tbody tr');
    await page.getByLabel('Merge Paused Bench into').waitFor();
    await screenshot(page, 'records-merge-1280-before');
    await page.getByLabel('Merge Paused Bench into').selectOption({ label: 'Barbell Bench Press' });
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByText('Includes Paused Bench').waitFor();
    expect(await rows.count()).to.equal(1);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'records-merge-1280-merged');

    await page.getByRole('button', { name: 'Undo merge of Paused Bench' }).click();
    await page.getByLabel('Merge Paused Bench into').waitFor();
    expect(await rows.count()).to.equal(2);
  });
});
