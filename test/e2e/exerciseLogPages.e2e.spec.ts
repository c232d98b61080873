import { expect } from 'chai';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { artifactsDir, e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { userClient } from '../support/client.js';
import { subscriberFor } from './dataScreens.js';

/** More than two pages of the server's default page size. */
const WORKOUTS = 45;
const nameOf = (n: number) => `Workout ${String(n).padStart(3, '0')}`;

/** A Strong export of `count` workouts, one a day from 2024-01-01, "Workout 001" the oldest: each names itself in the log. */
const strongExport = (count: number) =>
  'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\n' +
  Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    return `${day} 07:00:00;${nameOf(i + 1)};Squat (Barbell);1;${100 + i};kg;5;;;;0;;;45m\n`;
  }).join('');

/** Newest first, as the log lists them. */
const allNewestFirst = Array.from({ length: WORKOUTS }, (_, i) => `${nameOf(WORKOUTS - i)} · imported from Strong`);

/**
 * The Exercise Log of a long history, a page at a time (GET /api/exercise-logs?limit=&before=, the next page named by
 * the Link header): the newest page first, older ones as the person scrolls, each session once.
 */
describe('the Exercise Log loads older sessions as the person scrolls (e2e)', function () {
  this.timeout(180_000);
  const e2e = e2eSuite();

  /** A subscriber with WORKOUTS imported sessions, the read models holding them all. */
  async function withHistory() {
    const user = await subscriberFor(e2e.server, { timeZone: 'UTC', units: 'kg' });
    const res = await fetch(`${e2e.server.url}/api/imports?name=history.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'text/csv' },
      body: strongExport(WORKOUTS),
    });
    expect(res.status, await res.clone().text()).to.equal(201);
    const { position } = (await res.json()) as { position: number };
    await userClient(e2e.server, user.token, position).read('/api/exercise-logs');
    return user;
  }

  /** The addresses (query strings) the page asked the Exercise Log for. */
  const logReads = (page: Page) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/exercise-logs') asked.push(url.search);
    });
    return asked;
  };

  const openLog = async (page: Page) => {
    await page.getByRole('button', { name: 'Exercise Log' }).click();
    const log = page.getByRole('dialog', { name: 'Exercise Log' });
    await log.getByText(allNewestFirst[0]!).waitFor();
    return log;
  };
  const shownNames = async (log: Locator) => (await log.locator('.log-session > p').allInnerTexts()).filter((t) => t.includes('imported from'));
  const sessionCount = (page: Page) => page.evaluate(() => document.querySelectorAll('.log-session').length);
  /** Until the log has more sessions than `than`, or says it has shown them all. */
  const grown = (page: Page, than: number) =>
    page.waitForFunction((n) => document.querySelectorAll('.log-session').length > n || document.querySelector('.log-end') !== null, than);

  /** Scrolls to the last session shown, again as each older page comes, until the log says that is everything. */
  async function scrollToOldest(page: Page, log: Locator) {
    const end = log.locator('.log-end');
    for (let i = 0; i < WORKOUTS && !(await end.isVisible()); i++) {
      const n = await sessionCount(page);
      await log.locator('.log-session').last().scrollIntoViewIfNeeded();
      await grown(page, n);
    }
    await end.waitFor();
  }

  for (const width of [375, 1280]) {
    it(`at ${width} px: the newest page first, older pages on scrolling, an older page that fails offline loads on Retry, each session once`, async () => {
      const user = await withHistory();
      const page = await e2e.newPage({ width, height: 800 });
      const asked = logReads(page);
      await user.open(page, '/track');
      const log = await openLog(page);
      // Settled with older pages still to come: not the whole history at once.
      await log.getByRole('button', { name: 'Load older sessions' }).waitFor();
      expect(await sessionCount(page)).to.be.below(WORKOUTS);
      await expectNoSeriousA11yViolations(page);
      await log.screenshot({ path: path.join(artifactsDir, `exercise-log-pages-${width}-first.png`) });

      // The next page cannot come offline: what has loaded stays, and says why.
      await page.context().setOffline(true);
      const loaded = await sessionCount(page);
      await log.locator('.log-session').last().scrollIntoViewIfNeeded();
      await log.getByRole('alert').getByText('Couldn’t load older sessions.', { exact: false }).waitFor();
      expect(await sessionCount(page), 'the pages already loaded stay shown').to.equal(loaded);
      await log.screenshot({ path: path.join(artifactsDir, `exercise-log-pages-${width}-offline.png`) });

      await page.context().setOffline(false);
      await log.getByRole('button', { name: 'Retry' }).click();
      await grown(page, loaded);
      await scrollToOldest(page, log);

      expect(await shownNames(log), 'every session once, newest first').to.deep.equal(allNewestFirst);
      expect(await log.locator('.log-end').innerText()).to.equal(`That’s everything: ${WORKOUTS} sessions.`);
      const older = asked.filter((search) => new URLSearchParams(search).has('before'));
      expect(older.length, `older pages were read by their cursor: ${asked.join(' ')}`).to.be.at.least(2);
      await screenshot(page, `exercise-log-pages-${width}-end`);
      await log.screenshot({ path: path.join(artifactsDir, `exercise-log-pages-${width}-end-dialog.png`) });
    });
  }

  it('loads each older page with the keyboard on its button, where nothing reports the scroll, focus staying on it', async () => {
    const user = await withHistory();
    const page = await e2e.newPage({ width: 1280, height: 800 });
    // A browser without IntersectionObserver: the button alone loads older pages.
    await page.addInitScript(() => Reflect.deleteProperty(window, 'IntersectionObserver'));
    await user.open(page, '/track');
    const log = await openLog(page);
    const more = log.getByRole('button', { name: /Load older sessions|Loading older sessions/ });
    for (let i = 0; i < WORKOUTS && (await more.count()) > 0; i++) {
      const n = await sessionCount(page);
      await more.focus();
      await page.keyboard.press('Enter');
      await grown(page, n);
      if ((await more.count()) > 0) expect(await page.evaluate(() => document.activeElement?.textContent), 'focus stays on the button').to.equal('Load older sessions');
    }
    expect(await shownNames(log)).to.deep.equal(allNewestFirst);
    await log.getByText(`That’s everything: ${WORKOUTS} sessions.`).waitFor();
    expect(await page.evaluate(() => document.activeElement?.className), 'the focus moves to the words that replace the button').to.include('log-end');
  });

  it('at 375 px after a reload with the network cut: the pages read before come from this device, to the oldest', async () => {
    const user = await withHistory();
    const page = await e2e.newPage({ width: 375, height: 800, serviceWorkers: 'allow' });
    await user.open(page, '/track');
    // The worker serves the app offline once it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
    await scrollToOldest(page, await openLog(page));

    await page.context().setOffline(true);
    await page.reload();
    const log = await openLog(page);
    await scrollToOldest(page, log);
    expect(await shownNames(log)).to.deep.equal(allNewestFirst);
    await log.locator('.log-end').scrollIntoViewIfNeeded();
    await screenshot(page, 'exercise-log-pages-375-offline-reload');
  });
});
