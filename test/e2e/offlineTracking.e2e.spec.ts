import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';
import { banner, completed, describeOffline, endedSessions, endWorkout, entries, exerciseLog, logExercise } from './offline.js';

describeOffline('Offline tracking: a whole workout with no network, synced once (e2e)', (rig) => {
  it('with the network cut: starts, logs 3 exercises, survives a reload, ends, and syncs exactly that session once', async () => {
    const user = await subscriberFor(rig.server);
    await user.send('POST', '/api/savePlan', samplePlan());
    const { page, context } = await rig.trackerPage(user, 375);

    await context.setOffline(true);
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Strength Starter (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();
    await page.getByRole('timer', { name: 'Session time' }).waitFor();
    await banner(page).getByText('Offline: 1 change waiting').waitFor();
    await logExercise(page, 'Day 1: Squat', '8', '135');
    await logExercise(page, 'Day 1: Lunge', '10', '40');
    await logExercise(page, 'Day 1: Squat', '6', '155');
    await completed(page).getByText('Squat: 3 x 6, 155 lb').waitFor();
    expect(await completed(page).getByText('Not yet synced').count(), 'each entry says it is not synced').to.equal(3);
    await banner(page).getByText('Offline: 4 changes waiting').waitFor();

    // A reload with no network: the worker serves the app, the queue and the last reads come from IndexedDB.
    await page.reload();
    await completed(page).getByText('Squat: 3 x 6, 155 lb').waitFor();
    expect(await completed(page).locator('li').count()).to.equal(3);
    await banner(page).getByText(/Offline: 4 changes waiting · showing what was fetched/).waitFor();
    await page.waitForFunction(() => document.querySelector('[role=timer]')?.textContent !== '00:00:00');
    await screenshot(page, 'offline-tracker-375');

    await endWorkout(page);
    await page.getByText('Saved on this device').waitFor();
    await banner(page).getByText('Offline: 5 changes waiting').waitFor();
    expect(await exerciseLog(user), 'nothing reached the rig.server yet').to.deep.equal([]);

    await context.setOffline(false);
    const sessions = await endedSessions(user, page);
    // The workout's card says where it is now, as the banner does.
    await page.getByText('Synced: it is in your Exercise Log').waitFor();
    await screenshot(page, 'offline-synced-375');
    expect(sessions).to.have.length(1);
    expect(sessions[0]!.end_time).to.be.a('string');
    expect(entries(sessions[0]!)).to.deep.equal(['Lunge 3x10 40', 'Squat 3x6 155', 'Squat 3x8 135']);
  });

  const benchPlan = samplePlan({
    name: 'Bench day',
    workouts: [{ day: 1, summary: 'Push', exercises: [{ name: 'Barbell Bench Press', sets: 3, reps: '8-12', duration: 90 }] }],
  });
  const logSet = async (page: Page, weight: string, reps: string) => {
    const bench = page.getByRole('article', { name: 'Barbell Bench Press' });
    await bench.getByLabel('Weight, lb').fill(weight);
    await bench.getByLabel('Set reps').fill(reps);
    await bench.getByRole('button', { name: 'Log set' }).click();
  };
  const doneSets = (page: Page) => page.getByRole('article', { name: 'Barbell Bench Press' }).locator('tbody tr td:nth-child(3)');

  for (const lost of [false, true]) {
    it(`set by set with the network cut${lost ? ', one answer lost' : ''}: 3 sets (one more logged and removed), a reload, the end; synced once with exactly those sets`, async () => {
      const user = await subscriberFor(rig.server);
      await user.send('POST', '/api/savePlan', benchPlan);
      const { page, context } = await rig.trackerPage(user, 375);
      await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Bench day (Beginner)' });
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Begin Workout' }).click();
      await page.getByRole('timer', { name: 'Session time' }).waitFor();
      await logSet(page, '50', '12');
      await logSet(page, '55', '10');
      await logSet(page, '60', '8');
      await logSet(page, '65', '5');
      await page.getByRole('button', { name: 'Remove set 4 of Barbell Bench Press' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.sets__table tbody tr').length === 3);
      expect(await doneSets(page).allInnerTexts()).to.deep.equal(['50 lb × 12 Not yet synced', '55 lb × 10 Not yet synced', '60 lb × 8 Not yet synced']);

      await page.reload();
      await doneSets(page).filter({ hasText: '60 lb × 8' }).waitFor();
      expect(await doneSets(page).count()).to.equal(3);
      await screenshot(page, `offline-sets-375${lost ? '-lost' : ''}`);
      await endWorkout(page);
      await page.getByText('Saved on this device').waitFor();
      expect(await exerciseLog(user), 'nothing reached the rig.server yet').to.deep.equal([]);

      const sent: string[] = [];
      if (lost) {
        // When the queue sends, the first set's answer is lost on the way back, after the rig.server applied it.
        await page.route('**/api/workout-session/log-set', async (route) => {
          sent.push(route.request().headers()['idempotency-key'] ?? '');
          if (sent.length > 1) return route.continue();
          await route.fetch();
          await route.abort('connectionreset');
        });
      }
      await context.setOffline(false);
      const sessions = await endedSessions(user, page);
      expect(sessions).to.have.length(1);
      expect(entries(sessions[0]!)).to.deep.equal(['Barbell Bench Press 1x10 55', 'Barbell Bench Press 1x12 50', 'Barbell Bench Press 1x8 60']);
      if (lost) {
        expect(sent.length, 'the first set was sent again').to.equal(5);
        expect(sent[1], 'the resend carries the first key').to.equal(sent[0]);
      }
    });
  }
});
