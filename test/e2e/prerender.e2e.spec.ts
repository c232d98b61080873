import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { e2eSuite, screenshot } from '../support/browser.js';
import { until } from '../support/until.js';
import { deployedCopy } from './deployedCopy.js';
import { subscriberFor } from './dataScreens.js';

/** Everything the page reported as an error or a warning: a hydration mismatch is reported there, even in a production build. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Keeps the hero heading the HTML parser made, before any script ran: the same node after the app started means it was hydrated, not replaced. */
const keepParsedHero = (page: Page) =>
  page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const hero = document.querySelector('h1');
      if (!hero) return;
      (window as unknown as { parsedHero: Element }).parsedHero = hero;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });

describe('the prerendered landing page and app shell (e2e)', function () {
  const e2e = e2eSuite();

  it('answers / to a visitor with the landing page in the HTML, to a signed-in browser with the shell, under the strict CSP', async () => {
    const visitor = await fetch(`${e2e.server.url}/`);
    const html = await visitor.text();
    expect(visitor.headers.get('vary')).to.match(/cookie/i);
    expect(visitor.headers.get('content-security-policy')).to.match(/script-src 'self';/).and.match(/style-src 'self';/);
    expect(html).to.include('data-page="landing"').and.include('A trainer that').and.include('gets it.').and.include('Join the waitlist');
    // Nothing inline that the CSP would block: no script without a file, no style attribute or element.
    expect(html).not.to.match(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.to.match(/\sstyle=|<style/);

    const signedIn = await (await fetch(`${e2e.server.url}/`, { headers: { cookie: 'theme=x; signed_in=1' } })).text();
    expect(signedIn).to.include('data-page="shell"').and.include('Loading…').and.not.include('A trainer that');
    // A public page is prerendered for a visitor (test/web/publicPages.int.spec.ts); every other address is the shell.
    expect(await (await fetch(`${e2e.server.url}/login`)).text()).to.include('data-page="login"');
    expect(await (await fetch(`${e2e.server.url}/login`, { headers: { cookie: 'signed_in=1' } })).text()).to.include('data-page="shell"');
    expect(await (await fetch(`${e2e.server.url}/work`)).text()).to.include('data-page="shell"');
  });

  it('paints the hero with no script at all (375 px and desktop)', async () => {
    for (const width of [375, 1280]) {
      const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width, height: 800 }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('A trainer that gets it.');
      expect(await page.getByRole('button', { name: 'Try Kinetic' }).isVisible()).to.equal(true);
      await screenshot(page, `prerender-no-script-${width}`);
      await context.close();
    }
  });

  it('hydrates the landing page without a mismatch: same nodes, the tagline rotates, the waitlist form answers', async () => {
    for (const width of [375, 1280]) {
      const page = await e2e.newPage({ width, height: 800, serviceWorkers: 'allow' });
      const problems = consoleProblems(page);
      await keepParsedHero(page);
      await page.goto('/');
      await page.waitForFunction(() => document.querySelector('[data-testid="tagline"]')?.textContent === 'listens.', null, { timeout: 5000 });
      expect(await page.evaluate(() => (window as unknown as { parsedHero?: Element }).parsedHero === document.querySelector('h1'))).to.equal(true);
      expect(await page.evaluate(() => document.getElementById('root')!.dataset.page)).to.equal(undefined);
      await page.getByLabel('E-mail address').fill('not-an-email');
      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      await page.getByText('Please enter a valid e-mail address.').waitFor();
      await screenshot(page, `prerender-hydrated-${width}`);
      expect(problems).to.deep.equal([]);
    }
  });

  it('sets the signed_in hint (no secret in it) for a signed-in browser, which then gets the shell and its own nav; signing out drops it', async () => {
    const user = await subscriberFor(e2e.server);
    const page = await e2e.newPage({ serviceWorkers: 'allow' });
    const problems = consoleProblems(page);
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('token', t), user.token);
    // A stale hint costs a repaint only: the token wins.
    const first = await page.goto('/');
    expect(await first!.text()).to.include('data-page="landing"');
    await page.getByRole('link', { name: 'Progress', exact: true }).waitFor();
    const cookies = await page.context().cookies();
    const hint = cookies.find((c) => c.name === 'signed_in');
    expect(hint?.value).to.equal('1');
    expect(hint!.expires * 1000).to.be.above(Date.now());
    expect(cookies.map((c) => c.value).join(' ')).not.to.include(user.token.split('.')[1]!);

    const second = await page.goto('/');
    expect(await second!.text()).to.include('data-page="shell"');
    await page.getByRole('link', { name: 'Progress', exact: true }).waitFor();
    expect(await page.evaluate(() => document.getElementById('root')!.dataset.page)).to.equal(undefined);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.waitForFunction(() => !document.cookie.includes('signed_in'));
    expect(problems).to.deep.equal([]);
  });

  it('serves the same choice from the worker, offline', async () => {
    const page = await e2e.newPage({ serviceWorkers: 'allow' });
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
    await page.context().setOffline(true);
    const visitor = await page.goto('/');
    expect(visitor!.fromServiceWorker()).to.equal(true);
    expect(await visitor!.text()).to.include('data-page="landing"');
    await page.getByTestId('tagline').waitFor();
    await page.evaluate(() => (document.cookie = 'signed_in=1; Path=/'));
    const shell = await page.goto('/');
    expect(await shell!.text()).to.include('data-page="shell"');
    await page.context().setOffline(false);
  });
  it('the worker keeps the build before its own across a deploy: an old tab still opens a page whose file the server no longer has', async () => {
    const user = await subscriberFor(e2e.server);
    // The built app served from a copy of web/dist (the API passed on to the test server), so the test can deploy by
    // changing files on disk, as a real deploy does, without touching the build the other suites use.
    const site = await deployedCopy(e2e.server.url);
    const context = await e2e.browser.newContext({ baseURL: site.url, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.evaluate((t) => localStorage.setItem('token', t), user.token);
      await page.goto('/');
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
      await page.getByRole('link', { name: 'Progress', exact: true }).waitFor();
      const cacheNames = () => page.evaluate(() => caches.keys());
      const [first] = await cacheNames();

      // A deploy: a worker of another version, whose build no longer has the progress page's file this tab's build uses.
      const deploy = async (version: string) => {
        let gone = 0;
        site.deploy(version, (file) => {
          const progress = /^\/assets\/ProgressScreen-[^/]+\.js$/.test(file);
          if (progress) gone += 1;
          return !progress;
        });
        expect(gone, "the progress page's file is one of the build's").to.be.above(0);
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.update()));
        await until(`the worker of ${version} took over`, async () => (await cacheNames()).includes(`kinetic-${version}`) && (await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.active?.state === 'activated' && !r!.installing && !r!.waiting))), 20_000);
      };
      await deploy('second');
      expect(await cacheNames()).to.deep.equal([first, 'kinetic-second']);

      // The old tab opens the page whose file is gone from the server: the worker answers it from the build before.
      let loads = 0;
      page.on('load', () => loads++);
      await page.getByRole('link', { name: 'Progress', exact: true }).click();
      await page.getByRole('heading', { level: 1 }).filter({ hasText: /progress/i }).first().waitFor({ timeout: 20_000 });
      expect(loads, 'the tab did not need to reload').to.equal(0);

      // One deploy more: only the build just before the newest stays.
      await deploy('third');
      expect(await cacheNames()).to.deep.equal(['kinetic-second', 'kinetic-third']);
    } finally {
      await context.close();
      await site.stop();
    }
  });

  it("an old tab whose lazy page's file is gone after a deploy reloads once to the new build, and never in a loop", async () => {
    const user = await subscriberFor(e2e.server);
    // No worker: the test stands for a server whose files changed, which the page itself must notice.
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('token', t), user.token);
    await page.goto('/');
    await page.getByRole('link', { name: 'Progress', exact: true }).waitFor();
    let loads = 0;
    page.on('load', () => loads++);
    // The deploy: the progress page's file of the build this tab runs is gone.
    await page.route(/\/assets\/ProgressScreen-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.getByRole('link', { name: 'Progress', exact: true }).click();
    await page.waitForURL('**/prog');
    await until('the tab reloaded', () => loads === 1, 20_000);
    // The file is still gone after the reload: the page says so instead of reloading again.
    await page.getByText('This page could not be loaded.').waitFor({ timeout: 20_000 });
    expect(loads).to.equal(1);
    // Once the new build answers, the next try loads it.
    await page.unroute(/\/assets\/ProgressScreen-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /progress/i }).first().waitFor({ timeout: 20_000 });
    await context.close();
  });
});
