import { expect } from 'chai';
import { decodeToken } from '../support/accounts.js';
import { screenshot, signInPage } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';
import { banner, completed, describeOffline, endedSessions, endWorkout, entries, exerciseLog, keptFor, logExercise, startAgain } from './offline.js';

describeOffline('Offline tracking: lost answers, refusals, sign-out and a stopped server (e2e)', (rig) => {
  it('a log whose answer is lost is resent with its key and applied once', async () => {
    const user = await subscriberFor(rig.server);
    await user.send('POST', '/api/savePlan', samplePlan());
    const { page } = await rig.trackerPage(user);
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Strength Starter (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();
    await page.getByRole('timer', { name: 'Session time' }).waitFor();

    const sent: string[] = [];
    // The resend is held until the test has seen the entry waiting: the next read that gets an answer starts the
    // queue again at once, so unheld it can be gone before a check sees it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/workout-session/log-exercise', async (route) => {
      sent.push(route.request().headers()['idempotency-key'] ?? '');
      if (sent.length > 1) {
        await held;
        return route.continue();
      }
      await route.fetch();
      await route.abort('connectionreset');
    });
    await logExercise(page, 'Day 1: Squat', '8', '135');
    await completed(page).getByText('Not yet synced').waitFor();
    release();
    // The queue sends it again, with the same key.
    await completed(page).getByText('Not yet synced').waitFor({ state: 'detached', timeout: 30_000 });
    expect(sent).to.have.length(2);
    expect(sent[1], 'the resend carries the key made when the person acted').to.equal(sent[0]);
    await endWorkout(page);
    await page.getByText('It is in your Exercise Log').waitFor();
    const sessions = await exerciseLog(user);
    expect(sessions).to.have.length(1);
    expect(entries(sessions[0]!)).to.deep.equal(['Squat 3x8 135']);
  });

  it('a session ended on another device while this one was offline: the refusal is shown, the rest goes on', async () => {
    const user = await subscriberFor(rig.server);
    await user.send('POST', '/api/savePlan', samplePlan());
    const { page, context } = await rig.trackerPage(user);
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Strength Starter (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();
    await page.getByRole('timer', { name: 'Session time' }).waitFor();
    await logExercise(page, 'Day 1: Squat', '8', '135');
    await completed(page).getByText('Squat: 3 x 8, 135 lb').waitFor();
    await page.waitForFunction(() => !document.body.textContent?.includes('Not yet synced'));

    await context.setOffline(true);
    await logExercise(page, 'Day 1: Lunge', '10', '40');
    await page.getByRole('button', { name: 'Pause' }).click();
    await banner(page).getByText('Offline: 2 changes waiting').waitFor();

    // Another device ends the session meanwhile (the plans page's End Session).
    const other = await rig.e2e.browser.newContext({ baseURL: rig.server.url });
    rig.contexts.push(other);
    const otherPage = await other.newPage();
    await signInPage(otherPage, user.token, '/work');
    await otherPage.getByRole('button', { name: 'End Session' }).click();
    await otherPage.getByRole('alertdialog', { name: 'End this workout?' }).getByRole('button', { name: 'End workout' }).click();
    await otherPage.getByRole('button', { name: 'Start Workout' }).first().waitFor();

    await context.setOffline(false);
    const refusals = page.getByRole('alert').filter({ hasText: 'was not saved' });
    await refusals.first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.querySelectorAll('.sync__refusal').length === 2);
    expect(await refusals.nth(0).innerText()).to.contain('A logged exercise (Lunge: 3 x 10, 40 lb) was not saved: This workout session has already ended');
    expect(await refusals.nth(1).innerText()).to.contain('Pausing the workout was not saved: This workout session has already ended');
    await screenshot(page, 'offline-refused-1280');
    // Nothing else waits; the session is over here too.
    await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();
    expect(await banner(page).innerText()).to.not.contain('waiting');
    const sessions = await exerciseLog(user);
    expect(sessions).to.have.length(1);
    expect(entries(sessions[0]!)).to.deep.equal(['Squat 3x8 135']);

    await refusals.nth(0).getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.sync__refusal').length === 1);
  });

  it('signing out offline forgets the queue and the reads: the next user sees none of them', async () => {
    const first = await subscriberFor(rig.server);
    await first.send('POST', '/api/savePlan', { ...samplePlan(), name: 'First User Secret Plan' });
    const { page, context } = await rig.trackerPage(first);
    await context.setOffline(true);
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'First User Secret Plan (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();
    await banner(page).getByText('Offline: 1 change waiting').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.waitForFunction(() => !localStorage.getItem('token'));
    await page.waitForFunction(() => !document.querySelector('.sync__status.alert'));
    expect(Object.values(await keptFor(page)).flat(), 'nothing of the first user is kept').to.deep.equal([]);

    const second = await subscriberFor(rig.server);
    await context.setOffline(false);
    await page.evaluate((t) => localStorage.setItem('token', t), second.token);
    await page.goto('/track');
    await page.getByText('You have no workout plans to track yet.').waitFor();
    // Offline again: what is shown is the second user's own last reads.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('You have no workout plans to track yet.').waitFor();
    expect(await page.getByText('First User Secret Plan').count()).to.equal(0);
    const kept = await keptFor(page);
    const firstId = decodeToken(first.token).sub;
    expect(Object.values(kept).flat().every((u) => u !== firstId)).to.equal(true);
    expect(await first.read('/api/exercise-logs'), 'the forgotten start never reached the rig.server').to.deep.equal([]);
  });
  // Last: the rig.server it leaves running is a second one on the same port.
  it('with the rig.server stopped and one answer lost: the resent commands are applied once', async () => {
    const user = await subscriberFor(rig.server);
    await user.send('POST', '/api/savePlan', samplePlan());
    const { page } = await rig.trackerPage(user);

    // The start's answer is lost: the rig.server applied it, the browser saw the connection drop.
    let starts = 0;
    await page.route('**/api/workout-session/start', async (route) => {
      starts += 1;
      if (starts > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Strength Starter (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();
    await page.getByRole('timer', { name: 'Session time' }).waitFor();
    // The queue sends the start again with its key (the next read that gets an answer starts it): the same session.
    await page.waitForFunction(() => !document.body.textContent?.includes('Not yet synced'), undefined, { timeout: 30_000 });
    expect(starts, 'the start was sent twice').to.equal(2);
    await page.unroute('**/api/workout-session/start');

    // The rig.server stops: everything from here waits on this device.
    await rig.server.stop();
    await logExercise(page, 'Day 1: Squat', '8', '135');
    await logExercise(page, 'Day 1: Lunge', '10', '40');
    await logExercise(page, 'Day 2: Push-up', '12', '0');
    await completed(page).getByText('Push-up: 4 x 12, 0 lb').waitFor();
    await page.reload();
    await completed(page).getByText('Push-up: 4 x 12, 0 lb').waitFor();
    await banner(page).getByText(/^Offline: 3 changes waiting/).waitFor();
    await screenshot(page, 'offline-rig.server-down-1280');
    await endWorkout(page);
    await banner(page).getByText(/^Offline: 4 changes waiting/).waitFor();

    rig.restarted = await startAgain(rig.server);
    rig.server = rig.restarted;
    const sessions = await endedSessions(user, page);
    await page.getByText('Synced: it is in your Exercise Log').waitFor();
    await screenshot(page, 'offline-synced-1280');
    expect(sessions, 'one session, though its start was sent twice').to.have.length(1);
    expect(entries(sessions[0]!)).to.deep.equal(['Lunge 3x10 40', 'Push-up 4x12 0', 'Squat 3x8 135']);
  });
});
