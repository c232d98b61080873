import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ensureWebBuilt } from '../support/webBuild.js';
import { note, round } from './common.js';
import { appendRoleGranted } from '../grantRole.js';
import { decodeToken } from '../support/signup.js';
import { signUpVerifiedUser, startBenchSystem, type BenchSystem } from './system.js';

export interface WebFigures {
  /** Every script a visitor's browser fetches to show `/` (the landing page), gzipped (node:zlib, default level). */
  firstLoadJsGzipBytes: number;
  firstLoadJsFiles: { name: string; gzipBytes: number }[];
  /** Largest Contentful Paint of `/` for a visitor in headless Chromium on localhost, median of `runs` cold loads. */
  landingLcpMs: number;
  runs: number;
  /** LCP (median) of the landing page and of /track (a signed-in subscriber): cold, throttled, and served by the worker. */
  lcp: Record<'landing' | 'track', { coldMs: number; throttledMs: number; repeatMs: number }>;
  /**
   * The floor, in the same run: the built landing page's HTML with its scripts taken out (only HTML and CSS), cold
   * and throttled, served in place of `/`. What the landing page's LCP would be if no script could hold it back.
   */
  bare: { coldMs: number; throttledMs: number };
  /** The prerendered landing page's HTML, gzipped: what a visitor downloads before the hero can paint (with the CSS). */
  landingHtmlGzipBytes: number;
  /** What Chromium says stands in the way of installing the app (none: installable). */
  installabilityErrors: string[];
  skipped?: string;
}

/** Chromium's 4× CPU slowdown and Lighthouse's slow-4G network profile. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 0.9 * 1024 * 1024) / 8, uploadThroughput: (0.75 * 0.9 * 1024 * 1024) / 8 };
const THROTTLED_RUNS = 3;

const median = (values: number[]) => round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!, 0);

/** The Largest Contentful Paint the page reported (after the load settled). */
const lcpOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

/** A fresh context (empty cache, no worker), signed in with `token` when given. */
async function freshContext(browser: Browser, url: string, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (token) await context.addInitScript(([t, origin]) => location.origin === origin && localStorage.setItem('token', t), [token, url] as const);
  return context;
}

async function coldLcp(browser: Browser, url: string, path: string, token: string | undefined, throttled: boolean, html?: string): Promise<number> {
  const context = await freshContext(browser, url, token);
  try {
    const page = await context.newPage();
    if (html) await page.route(`${url}${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    return await lcpOf(page);
  } finally {
    await context.close();
  }
}

/** A second visit, once the worker from the first controls the page: the worker serves the app. */
async function repeatLcp(browser: Browser, url: string, path: string, token: string | undefined): Promise<number> {
  const context = await freshContext(browser, url, token);
  try {
    const page = await context.newPage();
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
    return await lcpOf(page);
  } finally {
    await context.close();
  }
}

/** What Chromium says stands in the way of installing the app, in a profile on disk (an incognito one never installs). */
async function installabilityErrorsOf(url: string): Promise<string[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** A subscriber with a workout plan: what /track loads. */
async function trackerUser(app: BenchSystem): Promise<string> {
  const user = await signUpVerifiedUser(app, `tracker${Date.now()}@example.com`);
  await appendRoleGranted(app.system.events, (decodeToken(user.token) as { sub: string }).sub, 3, 'bench');
  const plan = await app.call('POST', '/api/savePlan', {
    token: user.token,
    json: { planType: 'workout', name: 'Bench regimen', description: 'One day', goal: 'Strength', level: 'Beginner', duration_weeks: 4, workouts: [{ day: 1, summary: 'Legs', exercises: [{ name: 'Squat', sets: 3, reps: 8, duration: 60 }] }] },
  });
  if (plan.status >= 300) throw new Error(`savePlan: ${plan.status} ${plan.text}`);
  return user.token;
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = path.resolve(import.meta.dirname, '../../web/dist');

/** The built landing page without its scripts (and their preloads): the bare HTML and CSS. */
const bareLanding = () =>
  fs
    .readFileSync(path.join(webDist, 'landing.html'), 'utf8')
    .replace(/<script\b[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');

/** Opens the landing page in headless Chromium against the real system: what a first visit downloads and paints. */
export async function measureWeb(runs = 5): Promise<WebFigures> {
  if (!fs.existsSync(chromiumPath)) {
    note(`web: no Chromium at ${chromiumPath}, landing LCP not measured`);
    const none = { coldMs: 0, throttledMs: 0, repeatMs: 0 };
    return { firstLoadJsGzipBytes: 0, firstLoadJsFiles: [], landingLcpMs: 0, runs: 0, lcp: { landing: none, track: none }, bare: { coldMs: 0, throttledMs: 0 }, landingHtmlGzipBytes: 0, installabilityErrors: [], skipped: `no Chromium at ${chromiumPath}` };
  }
  ensureWebBuilt();
  const app = await startBenchSystem();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const lcps: number[] = [];
    let files: WebFigures['firstLoadJsFiles'] = [];
    for (let run = 0; run < runs; run++) {
      // A fresh context each time: an empty cache, as on a first visit.
      const context = await freshContext(browser, app.url);
      const page = await context.newPage();
      const scripts: Promise<{ name: string; gzipBytes: number }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.push(response.body().then((body) => ({ name: new URL(response.url()).pathname, gzipBytes: zlib.gzipSync(body).length })));
      });
      await page.goto(`${app.url}/`, { waitUntil: 'networkidle' });
      lcps.push(await lcpOf(page));
      files = (await Promise.all(scripts)).sort((a, b) => b.gzipBytes - a.gzipBytes);
      await context.close();
    }
    const token = await trackerUser(app);
    const lcp = {} as WebFigures['lcp'];
    const installabilityErrors = await installabilityErrorsOf(app.url);
    for (const [name, route, as] of [['landing', '/', undefined], ['track', '/track', token]] as const) {
      const cold = name === 'landing' ? lcps : [];
      for (let run = cold.length; run < runs; run++) cold.push(await coldLcp(browser, app.url, route, as, false));
      const throttled: number[] = [];
      for (let run = 0; run < THROTTLED_RUNS; run++) throttled.push(await coldLcp(browser, app.url, route, as, true));
      const repeat: number[] = [];
      for (let run = 0; run < runs; run++) repeat.push(await repeatLcp(browser, app.url, route, as));
      lcp[name] = { coldMs: median(cold), throttledMs: median(throttled), repeatMs: median(repeat) };
    }
    const html = bareLanding();
    const bareCold: number[] = [];
    for (let run = 0; run < runs; run++) bareCold.push(await coldLcp(browser, app.url, '/', undefined, false, html));
    const bareThrottled: number[] = [];
    for (let run = 0; run < THROTTLED_RUNS; run++) bareThrottled.push(await coldLcp(browser, app.url, '/', undefined, true, html));
    return {
      firstLoadJsGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      firstLoadJsFiles: files,
      landingLcpMs: median(lcps),
      runs,
      lcp,
      bare: { coldMs: median(bareCold), throttledMs: median(bareThrottled) },
      landingHtmlGzipBytes: zlib.gzipSync(fs.readFileSync(path.join(webDist, 'landing.html'))).length,
      installabilityErrors,
    };
  } finally {
    await browser.close();
    await app.stop();
  }
}

// Alone: `npx tsx scripts/bench/web.ts` prints the figures with the load average before and after.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = os.loadavg();
  const figures = await measureWeb();
  console.log(JSON.stringify({ ...figures, loadAverage: { before, after: os.loadavg() } }, null, 2));
}
