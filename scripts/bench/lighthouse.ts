import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { PUBLIC_PAGES } from '../../contract/web/publicPages.js';
import { ensureWebBuilt } from '../support/webBuild.js';
import { note, tempDir, removeTempDir } from './common.js';
import { startBenchSystem, subscriberWithHistory } from './system.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' } as const;

export interface LighthouseRow {
  page: string;
  signedIn: boolean;
  /** Each category's score (0-100), the median of the runs. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** FCP, LCP and TBT in ms, CLS unitless, and TBT from the main thread's CPU time (cpuBlockingTime): medians of the runs. */
  metrics: Record<keyof typeof METRICS | 'tbtCpu', number>;
  /** Every run's performance score, to show the spread. */
  performanceRuns: number[];
}

export interface LighthouseFigures {
  runs: number;
  rows: LighthouseRow[];
  skipped?: string;
}

/**
 * Lighthouse itself, pinned (13 needs Node 22), fetched by npx on the bench's first use rather than installed by
 * `npm ci` for every test run: the bench is its only user, and it brings a hundred packages.
 */
const LIGHTHOUSE = 'lighthouse@12.2.3';

/** The parts of Lighthouse's JSON report read here. */
interface Report {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

/** The code of a run Lighthouse gave up on (it says so on stderr: "Runtime error encountered: … (CODE)"), else undefined. */
const runtimeErrorOf = (error: unknown): string | undefined => /Runtime error encountered:.*\((\w+)\)/.exec((error as { stderr?: string }).stderr ?? '')?.[1];

/**
 * Where each run's whole report and its trace are written when LIGHTHOUSE_REPORTS names a directory, to read its
 * audits (long-tasks, bootup-time) and its tasks after.
 */
const reportsDir = process.env.LIGHTHOUSE_REPORTS;

/**
 * One Lighthouse run, its report and trace written under its `--output-path`. A trace Chrome failed to record
 * (NO_NAVSTART, NO_FCP on a starved machine) is Lighthouse's own failure, not the page's: that run is taken again,
 * up to twice.
 */
async function runOnce(args: string[], url: string, attempt = 1): Promise<void> {
  try {
    await promisify(execFile)('npx', args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const code = runtimeErrorOf(error);
    if (!code || attempt === 3) throw error;
    note(`lighthouse ${url}: ${code}, run again`);
    await runOnce(args, url, attempt + 1);
  }
}

/** The trace events read here: the main thread's tasks, with their wall (dur) and thread (tdur) times in µs. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Total Blocking Time from the CPU time of the page's main-thread tasks (their `tdur`) rather than their wall time:
 * each task scaled by the preset's 4× CPU, its part over 50 ms summed, from the navigation on. Lighthouse scales the
 * wall time, which on a machine shared with other work counts the time the thread waited for a core; this figure
 * leaves that out, so runs on a busy machine can be compared. It counts to the trace's end rather than to
 * Lighthouse's interactive mark, so it bounds the same work from above.
 */
export function cpuBlockingTime(events: TraceEvent[]): number {
  const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(key));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.tdur !== undefined && mainThreads.has(key(e)));
  // The page's renderer is the one with the most tasks (a new tab's and Chrome's own pages have a few).
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(key(task), (counts.get(key(task)) ?? 0) + 1);
  const page = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const start = Math.min(...events.filter((e) => e.name === 'navigationStart' && key(e) === page).map((e) => e.ts));
  return tasks.filter((t) => key(t) === page && t.ts >= start).reduce((sum, t) => sum + Math.max(0, (4 * t.tdur!) / 1000 - 50), 0);
}

async function runLighthouse(url: string, port: number, keepStorage: boolean, reportName: string): Promise<{ report: Report; tbtCpu: number }> {
  const dir = tempDir('lighthouse-run');
  try {
    const file = path.join(dir, 'report.json');
    const args = ['--yes', LIGHTHOUSE, url, `--port=${port}`, '--output=json', `--output-path=${file}`, '--save-assets', '--quiet', `--only-categories=${CATEGORIES.join(',')}`];
    if (keepStorage) args.push('--disable-storage-reset');
    await runOnce(args, url);
    if (reportsDir) {
      fs.mkdirSync(reportsDir, { recursive: true });
      fs.copyFileSync(file, path.join(reportsDir, `${reportName}.json`));
      fs.copyFileSync(path.join(dir, 'report-0.trace.json'), path.join(reportsDir, `${reportName}.trace.json`));
    }
    const trace = JSON.parse(fs.readFileSync(path.join(dir, 'report-0.trace.json'), 'utf8')) as { traceEvents: TraceEvent[] };
    return { report: JSON.parse(fs.readFileSync(file, 'utf8')) as Report, tbtCpu: cpuBlockingTime(trace.traceEvents) };
  } finally {
    removeTempDir(dir);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The signed-in screens measured: the dashboard, the tracker and progress of a subscriber with two weeks of use. */
const SIGNED_IN = ['/', '/track', '/prog'];

/**
 * LIGHTHOUSE_PAGES narrows a run to some pages, e.g. `/home,signed-in:/prog` (a signed-in screen carries the prefix);
 * unset, every page is measured.
 */
const chosen = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
const isChosen = (page: string, signedIn: boolean) => !chosen || chosen.includes(signedIn ? `signed-in:${page}` : page);

/**
 * Lighthouse 12 (its default: the mobile preset, simulated 4× CPU and slow 4G) over every public page as a visitor's
 * cold load, and the signed-in screens of a subscriber with history (their storage kept between runs, as a person
 * returning to the app has it). Chromium is launched by playwright with a debugging port that Lighthouse's CLI drives.
 */
export async function measureLighthouse(runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)): Promise<LighthouseFigures> {
  if (!fs.existsSync(chromiumPath)) return { runs: 0, rows: [], skipped: `no Chromium at ${chromiumPath}` };
  ensureWebBuilt();
  const app = await startBenchSystem();
  const profile = tempDir('lighthouse');
  const port = 9300 + Math.floor(Math.random() * 600);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const rows: LighthouseRow[] = [];
    const audit = async (page: string, signedIn: boolean) => {
      if (!isChosen(page, signedIn)) return;
      const name = `${signedIn ? 'signed-in' : 'public'}${page.replaceAll('/', '_')}`;
      const measured: Array<{ report: Report; tbtCpu: number }> = [];
      for (let run = 0; run < runs; run++) measured.push(await runLighthouse(app.url + page, port, signedIn, `${name}-${run + 1}`));
      const results = measured.map((m) => m.report);
      const score = (category: string) => median(results.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100)));
      const metric = (id: string) => median(results.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
      rows.push({
        page,
        signedIn,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as LighthouseRow['scores'],
        metrics: {
          ...(Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, metric(id)])) as Record<keyof typeof METRICS, number>),
          tbtCpu: median(measured.map((m) => m.tbtCpu)),
        },
        performanceRuns: results.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
      });
      note(`lighthouse ${page}${signedIn ? ' (signed in)' : ''}: ${JSON.stringify(rows.at(-1)!.scores)}`);
    };
    for (const page of Object.keys(PUBLIC_PAGES)) await audit(page, false);
    const user = await subscriberWithHistory(app);
    // The token where the web app keeps it, and the hint cookie the server reads: a returning subscriber.
    const tab = await context.newPage();
    await tab.goto(`${app.url}/privacy`);
    await tab.evaluate((token) => {
      localStorage.setItem('token', token);
      document.cookie = 'signed_in=1; path=/';
    }, user.token);
    await tab.goto(`${app.url}/`, { waitUntil: 'networkidle' });
    await tab.close();
    for (const page of SIGNED_IN) await audit(page, true);
    return { runs, rows };
  } finally {
    await context.close();
    removeTempDir(profile);
    await app.stop();
  }
}

/** One line per page: each category's score, then FCP / LCP / TBT (and its CPU-time figure) / CLS. */
export function lighthouseLines(figures: LighthouseFigures): string[] {
  if (figures.skipped) return [`lighthouse: skipped (${figures.skipped})`];
  return figures.rows.map(
    ({ page, signedIn, scores, metrics, performanceRuns }) =>
      `${(page + (signedIn ? ' (signed in)' : '')).padEnd(28)} perf ${scores.performance} [${performanceRuns.join(' ')}]  a11y ${scores.accessibility}  bp ${scores['best-practices']}  seo ${scores.seo}  ` +
      `FCP ${(metrics.fcp / 1000).toFixed(1)} s  LCP ${(metrics.lcp / 1000).toFixed(1)} s  TBT ${Math.round(metrics.tbt)} ms (CPU ${Math.round(metrics.tbtCpu)} ms)  CLS ${metrics.cls.toFixed(3)}`,
  );
}

// Alone: `npx tsx scripts/bench/lighthouse.ts` prints the table and the figures, with the load average
// (LIGHTHOUSE_RUNS, LIGHTHOUSE_PAGES and LIGHTHOUSE_REPORTS above choose the runs, the pages and where reports go).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = os.loadavg();
  const figures = await measureLighthouse();
  for (const line of lighthouseLines(figures)) console.log(line);
  console.log(JSON.stringify({ ...figures, loadAverage: { before, after: os.loadavg() } }));
  process.exit(0);
}
