import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { verificationLinkIn } from '../../scripts/support/outbox.js';
import { ensureWebBuilt } from '../../scripts/support/webBuild.js';
import { startTestServer, type TestServer } from './server.js';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * The browser files drive Chromium's headless shell (Debian's chromium-headless-shell, Playwright's own headless
 * default): the same Blink and V8 as the browser without its windowing layers, at less than half the browser's CPU
 * per journey (docs/adr/0413-journeys-run-in-chromiums-headless-shell.md). A suite that needs what only the full
 * browser has (showing notifications) asks for `full`. Where the shell is not installed, the full browser serves both.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export type BrowserKind = 'shell' | 'full';
const executableFor = (kind: BrowserKind): string => (kind === 'shell' && fs.existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);
export const artifactsDir = path.join(root, 'test/artifacts');

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Without Chromium the suite skips with the reason, except under CI=true, where a missing browser fails it
 * (docs/architecture.md (tests)).
 */
function skipWithoutChromium(context: Mocha.Context, executable: string): void {
  if (fs.existsSync(executable)) return;
  const reason = `no Chromium at ${executable}; install Debian's chromium (and chromium-headless-shell) or set CHROMIUM_PATH`;
  if (process.env.CI === 'true') throw new Error(`${reason}. Under CI=true the browser suites need it.`);
  console.log(`      skipped: ${reason}`);
  context.skip();
}

const shared = new Map<BrowserKind, Promise<Browser>>();

/**
 * The one headless Chromium of each kind (through playwright-core) of this process, launched by the first suite that
 * asks and kept for the next files the same mocha worker runs (docs/adr/0147-one-browser-per-test-process.md): a
 * launch costs more CPU than most tests. Suites share no state through it, since every suite's contexts are closed by
 * its `stop`. Playwright ends it when the process exits.
 */
async function sharedBrowser(context: Mocha.Context, kind: BrowserKind): Promise<Browser> {
  const executablePath = executableFor(kind);
  skipWithoutChromium(context, executablePath);
  const browser = await shared.get(kind)?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  const launched = chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  shared.set(kind, launched);
  return launched;
}

export interface PageOptions {
  width?: number;
  height?: number;
  timezoneId?: string;
  /** The browser's language (navigator.language, and how it writes dates): en-US unless a test says otherwise. */
  locale?: string;
  /**
   * Whether the app's service worker may install: a page that does not test the worker blocks it, so it does not
   * fetch and keep the whole build behind every test, and `page.route` sees every request the page makes. Playwright
   * logs a console warning for the blocked registration, so a test that fails on console warnings allows it.
   */
  serviceWorkers?: 'allow' | 'block';
}

export interface E2E {
  browser: Browser;
  server: TestServer;
  /**
   * A fresh browser context (own localStorage) on the server, at the given viewport width, in `timezoneId` (the
   * machine's when absent), with the service worker blocked unless `serviceWorkers: 'allow'`.
   */
  newPage(options?: PageOptions): Promise<Page>;
  /** Closes every context of the suite (its own `browser.newContext` ones too) and stops the server; the browser stays for the next file. */
  stop(): Promise<void>;
}

/** For a suite's `before`: builds the web app if needed, takes this process's Chromium and starts the real server. */
export async function startE2E(context: Mocha.Context, env: Record<string, string> = {}, kind: BrowserKind = 'shell'): Promise<E2E> {
  context.timeout(240_000);
  const browser = await sharedBrowser(context, kind);
  ensureWebBuilt();
  const server = await startTestServer(env);
  return {
    browser,
    server,
    async newPage({ width = 1280, height = 800, timezoneId, locale = 'en-US', serviceWorkers = 'block' }: PageOptions = {}) {
      const ctx = await browser.newContext({ baseURL: server.url, viewport: { width, height }, timezoneId, locale, serviceWorkers });
      const page = await ctx.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
    async stop() {
      // A file's suites run one after another in its process, so every context open now is this suite's.
      await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
      await server.stop();
    },
  };
}

/**
 * A suite's browser and server, for a `describe` body: started before its first test (`startE2E`) and stopped after
 * its last. The handle is read inside hooks and tests, once the suite has started.
 */
export function e2eSuite(env: Record<string, string> = {}): E2E {
  let started: E2E | undefined;
  before(async function () {
    started = await startE2E(this, env);
  });
  after(async () => started?.stop());
  const running = (): E2E => {
    if (!started) throw new Error('the e2e suite is read before its start');
    return started;
  };
  return {
    get browser() {
      return running().browser;
    },
    get server() {
      return running().server;
    },
    newPage: (options) => running().newPage(options),
    stop: () => running().stop(),
  };
}

/**
 * Signs a browser page in with a token the way the app keeps it (localStorage `token`), then opens `to`. The token
 * is set on a small file of the origin rather than on a screen of the app, so the app loads once, already signed in.
 */
export async function signInPage(page: Page, token: string, to = '/'): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(to);
}

/**
 * Signs the page's browser in as a login from that browser does: `POST /api/login` with the browser's own user agent
 * (so its sign-in is listed as that device), the token kept the way the app keeps it. The app is not loaded; the
 * returned token is the browser's. For journeys about what a signed-in person does, not about the login page.
 */
export async function logInBrowser(page: Page, server: TestServer, identifier: string, password: string): Promise<string> {
  await page.goto('/favicon.svg');
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const login = await server.call('POST', '/api/login', { json: { identifier, password }, headers: { 'user-agent': userAgent } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.token as string;
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return token;
}

/**
 * Under CI=true no screenshot is taken unless TEST_SCREENSHOTS=1: they are for a person to look at, and a CI clone is
 * thrown away with them, while a full-page PNG costs the renderer about half a CPU-second.
 */
const screenshotsWanted = process.env.CI !== 'true' || process.env.TEST_SCREENSHOTS === '1';

/** Saves the page as test/artifacts/<name>.png (full page unless told) and returns the path (where it would be, when not wanted). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  const file = path.join(artifactsDir, `${name}.png`);
  if (!screenshotsWanted) return file;
  fs.mkdirSync(artifactsDir, { recursive: true });
  // A full-page capture waits on the renderer, which shares two cores with the whole suite.
  await page.screenshot({ path: file, fullPage, timeout: 30_000 });
  return file;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and fails on any serious or critical violation, naming each with where it is. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol rather than a <script> tag, so the app's strict CSP stays on.
  if (!loaded) await page.evaluate(fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    // Colours are judged as they settle, not mid-transition (the desktop nav's labels fade in under a resting pointer);
    // an endless animation (a spinner) is not waited for.
    const settling = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(settling.map((a) => a.finished.catch(() => undefined)));
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const lines = serious.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
    throw new Error(`axe-core found ${serious.length} serious/critical violation(s) on ${page.url()}:\n  ${lines.join('\n  ')}`);
  }
}

/** The path (with query) of the verification link mailed to `email`, to open in the browser against the test server. */
export async function verificationPathFor(server: TestServer, email: string): Promise<string> {
  const link = new URL(await verificationLinkIn(server.dataDir, email));
  return link.pathname + link.search;
}
