import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { decodeToken } from '../support/accounts.js';
import { screenshot, signInPage, startE2E, type E2E } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { samplePlan } from '../workouts/plan.js';
import { logSetIn, subscriberFor } from './dataScreens.js';

type Subscriber = Awaited<ReturnType<typeof subscriberFor>>;

interface LoggedSession {
  session_id: string;
  end_time: string | null;
  exercises: Array<{ workout_name: string; sets: number; reps_per_set: number; weight_used_lb: number }>;
}

/** What this browser keeps in IndexedDB (the offline queue's database), store by store, as the users it belongs to. */
const keptFor = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, string[]>>((resolve, reject) => {
        const open = indexedDB.open('kinetic-offline');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          if (names.length === 0) return resolve({});
          const tx = db.transaction(names, 'readonly');
          const out: Record<string, string[]> = {};
          for (const name of names) {
            const all = tx.objectStore(name).getAll();
            all.onsuccess = () => (out[name] = (all.result as { user: string }[]).map((r) => r.user));
          }
          tx.oncomplete = () => resolve(out);
        };
      }),
  );

/** The page is served by the worker, and every plan's exercises are kept for an offline start. */
async function readyForOffline(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('kinetic-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reads')) return resolve(false);
          const keys = db.transaction('reads').objectStore('reads').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.some((k) => typeof k === 'string' && k.includes('/workout-session/workouts/')));
        };
      }),
  );
}

const completed = (page: Page) => page.getByRole('region', { name: 'Completed Exercises' });
const banner = (page: Page) => page.locator('.sync > [role=status]');

async function endWorkout(page: Page) {
  await page.getByRole('button', { name: 'End Session' }).click();
  await page.getByRole('alertdialog', { name: 'End this workout?' }).getByRole('button', { name: 'End workout' }).click();
}

/** The server's Exercise Log of the user. */
const exerciseLog = async (user: Subscriber) => (await user.read('/api/exercise-logs')) as LoggedSession[];

/** Waits until the server's Exercise Log holds an ended session (the queue sent everything). */
async function endedSessions(user: Subscriber, page: Page) {
  await banner(page).getByText('All changes saved').waitFor({ timeout: 30_000 });
  return exerciseLog(user);
}

/** Starts the stopped server again on its port and data (`restart` stops it first; it is already stopped). */
async function startAgain(stopped: TestServer): Promise<TestServer> {
  return startTestServer({}, stopped.dataDir, stopped.clock, Number(new URL(stopped.url).port));
}

const entries = (session: LoggedSession) => session.exercises.map((e) => `${e.workout_name} ${e.sets}x${e.reps_per_set} ${e.weight_used_lb}`).sort();

describe('Offline tracking: a whole workout with no network, synced once (e2e)', function () {
  this.timeout(180_000);
  let e2e: E2E;
  /** The server now: one test stops it and starts it again on the same port. */
  let server: TestServer;
  let restarted: TestServer | undefined;
  const contexts: BrowserContext[] = [];
  before(async function () {
    e2e = await startE2E(this);
    server = e2e.server;
  });
  // Each test's pages go: their queues would keep trying a server in the next test.
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  after(async () => {
    await restarted?.stop();
    // e2e's own server is the one stopped before the restart.
    await e2e?.stop().catch(() => undefined);
  });

  /** A first person with a plan of their own opens the tracker, goes offline and starts it: one change waits. */
  async function firstUserStartsOffline(): Promise<{ first: Subscriber; page: Page; context: BrowserContext }> {
    const first = await subscriberFor(server);
    await first.send('POST', '/api/savePlan', { ...samplePlan(), name: 'First User Secret Plan' });
    const { page, context } = await trackerPage(first);
    await context.setOffline(true);
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'First User Secret Plan (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();
    await banner(page).getByText('Offline: 1 change waiting').waitFor();
    return { first, page, context };
  }

  async function trackerPage(user: Subscriber, width = 1280): Promise<{ page: Page; context: BrowserContext }> {
    const context = await e2e.browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await user.open(page, '/track');
    await page.getByLabel('Workout plan', { exact: true }).waitFor();
    await readyForOffline(page);
    return { page, context };
  }

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

  // One run shows both: the sets kept offline reach the server exactly once, and a lost answer's resend carries its key.
  it('set by set with the network cut, one answer lost: 3 sets (one more logged and removed), a reload, the end; synced once with exactly those sets', async () => {
    const user = await subscriberFor(server);
    await user.send('POST', '/api/savePlan', benchPlan);
    const { page, context } = await trackerPage(user, 375);
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
    await screenshot(page, 'offline-sets-375');
    await endWorkout(page);
    await page.getByText('Saved on this device').waitFor();
    expect(await exerciseLog(user), 'nothing reached the server yet').to.deep.equal([]);

    // When the queue sends, the first set's answer is lost on the way back, after the server applied it.
    const sent: string[] = [];
    await page.route('**/api/workout-session/log-set', async (route) => {
      sent.push(route.request().headers()['idempotency-key'] ?? '');
      if (sent.length > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    const sessions = await endedSessions(user, page);
    expect(sessions).to.have.length(1);
    expect(entries(sessions[0]!)).to.deep.equal(['Barbell Bench Press 1x10 55', 'Barbell Bench Press 1x12 50', 'Barbell Bench Press 1x8 60']);
    expect(sent.length, 'the first set was sent again').to.equal(5);
    expect(sent[1], 'the resend carries the first key').to.equal(sent[0]);
  });

  it('a session ended on another device while this one was offline: the refusal is shown, the rest goes on', async () => {
    const user = await subscriberFor(server);
    await user.send('POST', '/api/savePlan', samplePlan());
    const { page, context } = await trackerPage(user);
    await page.getByLabel('Workout plan', { exact: true }).selectOption({ label: 'Strength Starter (Beginner)' });
    await page.getByRole('button', { name: 'Begin Workout' }).click();
    await page.getByRole('timer', { name: 'Session time' }).waitFor();
    await logSetIn(page, 'Squat', { weight: '135', reps: '8' });
    await completed(page).getByText('Squat: 135 lb × 8').waitFor();
    await page.waitForFunction(() => !document.body.textContent?.includes('Not yet synced'));

    await context.setOffline(true);
    await logSetIn(page, 'Lunge', { weight: '40', reps: '10' });
    await page.getByRole('button', { name: 'Pause' }).click();
    await banner(page).getByText('Offline: 2 changes waiting').waitFor();

    // Another device ends the session meanwhile (the plans page's End Session).
    const other = await e2e.browser.newContext({ baseURL: server.url });
    contexts.push(other);
    const otherPage = await other.newPage();
    await signInPage(otherPage, user.token, '/work');
    await otherPage.getByRole('button', { name: 'End Session' }).click();
    await otherPage.getByRole('alertdialog', { name: 'End this workout?' }).getByRole('button', { name: 'End workout' }).click();
    await otherPage.getByRole('button', { name: 'Start Workout' }).first().waitFor();

    await context.setOffline(false);
    const refusals = page.getByRole('alert').filter({ hasText: 'was not saved' });
    await refusals.first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.querySelectorAll('.sync__refusal').length === 2);
    expect(await refusals.nth(0).innerText()).to.contain('A logged set was not saved: This workout session has already ended');
    expect(await refusals.nth(1).innerText()).to.contain('Pausing the workout was not saved: This workout session has already ended');
    await screenshot(page, 'offline-refused-1280');
    // Nothing else waits; the session is over here too.
    await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();
    expect(await banner(page).innerText()).to.not.contain('waiting');
    const sessions = await exerciseLog(user);
    expect(sessions).to.have.length(1);
    expect(entries(sessions[0]!)).to.deep.equal(['Squat 1x8 135']);

    await refusals.nth(0).getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.sync__refusal').length === 1);
  });

  it('signing out offline forgets the queue and the reads: the next user sees none of them', async () => {
    const { first, page, context } = await firstUserStartsOffline();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.waitForFunction(() => !localStorage.getItem('token'));
    await page.waitForFunction(() => !document.querySelector('.sync__status.alert'));
    expect(Object.values(await keptFor(page)).flat(), 'nothing of the first user is kept').to.deep.equal([]);

    const second = await subscriberFor(server);
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
    expect(await first.read('/api/exercise-logs'), 'the forgotten start never reached the server').to.deep.equal([]);
  });
  it("a load signed in as someone else deletes what was kept for the last person, and keeps the new person's own", async () => {
    const { first, page, context } = await firstUserStartsOffline();

    // The token changes with no sign-out on this page (another tab signed in as someone else): the next load clears.
    // The page is left before the network is back, so it sends nothing of the first person's.
    const second = await subscriberFor(server);
    await page.evaluate((t) => localStorage.setItem('token', t), second.token);
    await page.goto('about:blank');
    await context.setOffline(false);
    await page.goto('/track');
    await page.getByText('You have no workout plans to track yet.').waitFor();
    const [firstId, secondId] = [decodeToken(first.token).sub, decodeToken(second.token).sub];
    await page.waitForFunction(
      (id) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('kinetic-offline');
          open.onsuccess = () => {
            const reads = open.result.transaction('reads').objectStore('reads').getAll();
            reads.onsuccess = () => resolve((reads.result as { user: string }[]).some((r) => r.user === id));
          };
        }),
      secondId,
    );
    // Loaded again, the second person's reads stay (what the page shows offline) and the first person's are gone.
    await page.reload();
    await page.getByText('You have no workout plans to track yet.').waitFor();
    const kept = await keptFor(page);
    expect(Object.values(kept).flat(), 'nothing of the first user is kept').not.to.include(firstId);
    expect(kept.reads, "the second user's reads are kept").to.include(secondId);
    expect(await first.read('/api/exercise-logs'), 'the forgotten start never reached the server').to.deep.equal([]);
  });
  // Last: the server it leaves running is a second one on the same port.
  it('with the server stopped and one answer lost: the resent commands are applied once', async () => {
    const user = await subscriberFor(server);
    await user.send('POST', '/api/savePlan', samplePlan());
    const { page } = await trackerPage(user);

    // The start's answer is lost: the server applied it, the browser saw the connection drop.
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

    // The server stops: everything from here waits on this device.
    await server.stop();
    await logSetIn(page, 'Squat', { weight: '135', reps: '8' });
    await logSetIn(page, 'Lunge', { weight: '40', reps: '10' });
    await logSetIn(page, 'Lunge', { weight: '45', reps: '8' });
    await completed(page).getByText('Lunge: 40 lb × 10; 45 lb × 8').waitFor();
    await page.reload();
    await completed(page).getByText('Lunge: 40 lb × 10; 45 lb × 8').waitFor();
    await banner(page).getByText(/^Offline: 3 changes waiting/).waitFor();
    await screenshot(page, 'offline-server-down-1280');
    await endWorkout(page);
    await banner(page).getByText(/^Offline: 4 changes waiting/).waitFor();

    restarted = await startAgain(server);
    server = restarted;
    const sessions = await endedSessions(user, page);
    await page.getByText('Synced: it is in your Exercise Log').waitFor();
    await screenshot(page, 'offline-synced-1280');
    expect(sessions, 'one session, though its start was sent twice').to.have.length(1);
    expect(entries(sessions[0]!)).to.deep.equal(['Lunge 1x10 40', 'Lunge 1x8 45', 'Squat 1x8 135']);
  });
});
