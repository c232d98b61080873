import type { BrowserContext, Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { subscriberFor } from './dataScreens.js';

export type Subscriber = Awaited<ReturnType<typeof subscriberFor>>;

export interface LoggedSession {
  session_id: string;
  end_time: string | null;
  exercises: Array<{ workout_name: string; sets: number; reps_per_set: number; weight_used_lb: number }>;
}

/** What this browser keeps in IndexedDB (the offline queue's database), store by store, as the users it belongs to. */
export const keptFor = (page: Page) =>
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
export async function readyForOffline(page: Page) {
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

export async function logExercise(page: Page, label: string, reps: string, weight: string) {
  await page.getByLabel('Exercise', { exact: true }).selectOption({ label });
  await page.getByLabel('Reps per set').fill(reps);
  await page.getByLabel('Weight (lb)').fill(weight);
  await page.getByRole('button', { name: 'Save Exercise' }).click();
}

export const completed = (page: Page) => page.getByRole('region', { name: 'Completed Exercises' });
export const banner = (page: Page) => page.locator('.sync > [role=status]');

export async function endWorkout(page: Page) {
  await page.getByRole('button', { name: 'End Session' }).click();
  await page.getByRole('alertdialog', { name: 'End this workout?' }).getByRole('button', { name: 'End workout' }).click();
}

/** The server's Exercise Log of the user. */
export const exerciseLog = async (user: Subscriber) => (await user.read('/api/exercise-logs')) as LoggedSession[];

/** Waits until the server's Exercise Log holds an ended session (the queue sent everything). */
export async function endedSessions(user: Subscriber, page: Page) {
  await banner(page).getByText('All changes saved').waitFor({ timeout: 30_000 });
  return exerciseLog(user);
}

/** Starts the stopped server again on its port and data (`restart` stops it first; it is already stopped). */
export async function startAgain(stopped: TestServer): Promise<TestServer> {
  return startTestServer({}, stopped.dataDir, stopped.clock, Number(new URL(stopped.url).port));
}

export const entries = (session: LoggedSession) => session.exercises.map((e) => `${e.workout_name} ${e.sets}x${e.reps_per_set} ${e.weight_used_lb}`).sort();

/** One browser and one server for a file of offline journeys; a test may stop the server and start another. */
export interface OfflineRig {
  e2e: E2E;
  /** The server now: one test stops it and starts it again on the same port. */
  server: TestServer;
  restarted: TestServer | undefined;
  contexts: BrowserContext[];
  /** A fresh browser context signed in as `user` on /track, once the page is served by the worker and ready offline. */
  trackerPage(user: Subscriber, width?: number): Promise<{ page: Page; context: BrowserContext }>;
}

/** A describe block whose tests share an OfflineRig: `tests` is called with it while the block is declared. */
export function describeOffline(title: string, tests: (rig: OfflineRig) => void): void {
  describe(title, function () {
    this.timeout(180_000);
    const rig = {
      contexts: [],
      restarted: undefined,
      async trackerPage(user: Subscriber, width = 1280) {
        const context = await rig.e2e.browser.newContext({ baseURL: rig.server.url, viewport: { width, height: 900 } });
        rig.contexts.push(context);
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        await user.open(page, '/track');
        await page.getByLabel('Workout plan', { exact: true }).waitFor();
        await readyForOffline(page);
        return { page, context };
      },
    } as unknown as OfflineRig;
    before(async function () {
      rig.e2e = await startE2E(this);
      rig.server = rig.e2e.server;
    });
    // Each test's pages go: their queues would keep trying a server in the next test.
    afterEach(async () => {
      await Promise.all(rig.contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    });
    after(async () => {
      await rig.restarted?.stop();
      // e2e's own server is the one stopped before a restart.
      await rig.e2e?.stop().catch(() => undefined);
    });
    tests(rig);
  });
}
