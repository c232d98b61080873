/**
 * `npm run bench`: measures this machine in one run and prints a table, then ONE JSON line with every figure
 * (README.md (npm run bench)). Everything runs on loopback, in temp dirs, bounded in count and time.
 * Progress notes go to stderr; stdout is the table and the JSON line.
 */
import os from 'node:os';
import { ROLES } from '../../contract/accounts/roles.js';
import { measureAppends, type AppendFigures } from './appends.js';
import { measureBundle, type BundleFigures } from './bundle.js';
import { measureCoach, type CoachFigures } from './coach.js';
import { startAppApart } from './apart.js';
import { cleanTempDirs, killChildren, note, now, removeTempDir, round, within } from './common.js';
import { measureHttp, type Endpoint, type HttpFigures } from './http.js';
import { measureJobs, type JobFigures } from './jobs.js';
import { measureLag, type LagFigures } from './lag.js';
import { measureReplay, type ReplayFigures } from './replay.js';
import { signUpVerifiedUser, startBenchSystem, subscriberWithHistory, type BenchSystem } from './system.js';
import { measureWeb, type WebFigures } from './web.js';
import { measureSets, setsRows, type SetsFigures } from './sets.js';
import { holdRows, measureHolds, type HoldFigures } from './holds.js';
import { importRows, measureImports, type ImportFigures } from './imports.js';
import { measureTrainingLife, trainingLifeRows, type TrainingLifeFigures } from './trainingLife.js';
import { measureWideImports, wideImportsRows, type WideImportsFigures } from './wideImports.js';
import { measureTicketList, ticketListRows, type TicketListFigures } from './tickets.js';
import { foodRows, measureFoods, type FoodFigures } from './foods.js';

/**
 * `BENCH_ONLY=http npm run bench` runs the HTTP part alone (set-up, the in-process and the honest runs: a few
 * minutes), to repeat it quickly; `BENCH_ONLY=replay` the replay section alone (its log written, scanned, rebuilt and
 * scanned again, and the analytics replay). `BENCH_ROUND_SCALE` (default 1) scales the HTTP rounds' length.
 */
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && ONLY !== 'http' && ONLY !== 'replay') throw new Error(`BENCH_ONLY=${ONLY}: only "http" and "replay" are known`);
const ROUND_SCALE = Number(process.env.BENCH_ROUND_SCALE ?? 1);
if (!(ROUND_SCALE > 0)) throw new Error('BENCH_ROUND_SCALE must be a number above 0');

/** Every authenticated GET (profile, dashboard, progress, workouts, meal plans, exercise logs, records). */
const AUTHENTICATED_GETS = ['/api/profile', '/api/dashboard/summary', '/api/progress/overview', '/api/workouts', '/api/meal-plans', '/api/exercise-logs', '/api/records'];

/** Each of them for one caller (`who`: subscriber or staff). */
const endpointsOf = (who: string, token: string): Endpoint[] => AUTHENTICATED_GETS.map((path) => ({ name: `GET ${path} (${who})`, path, token }));

const SETTINGS = {
  appends: { singleEvents: 5_000, batchSize: 100, batchedEvents: 200_000, maxSecondsEach: 20 },
  replay: { users: 5_000, days: 365, minEvents: 1_000_000, timeoutMs: 600_000, withinMs: 1_800_000 },
  http: { connections: 10, durationS: 5, warmupS: 1, rounds: 3 },
  /**
   * The first way, kept for one release beside the honest one: the app and the bare handler in the bench's own
   * process (under tsx), every authenticated GET of the subscriber, 50 connections, 3 rounds of 2 s.
   */
  http50: { connections: 50, durationS: 6 * ROUND_SCALE, warmupS: 1, rounds: 3 },
  /**
   * The honest way (docs/adr/0145): the app as `npm start` runs it (node on dist/) and the bare handler each in a
   * process of their own, the load generator in a third; every authenticated GET for a subscriber and for staff, 50
   * connections, 6 rounds of 4 s: single rounds on this machine fall to 0.6–0.7 of the rounds around them, for the bare
   * handler and the app alike, and with 3 rounds one such round took a third off a row's figure.
   */
  httpApart: { connections: 50, durationS: 24 * ROUND_SCALE, warmupS: 1, rounds: 6 },
  /** `streamEvents`: PUTs go on until the user stream holds this many events (a command's cost vs stream length). */
  lag: { commands: 200, streamEvents: 5_000 },
  bundle: { buildTimeoutMs: 120_000 },
  jobs: { jobs: 5_000, inFlight: 50 },
  coach: { requests: 400 },
  /** The whole run is stopped (exit 1) after this, with room for the honest HTTP run over every GET and the import of 100,000 rows. */
  watchdogMs: 3_600_000,
};

interface Figures {
  appends: AppendFigures;
  replay: ReplayFigures;
  http: HttpFigures;
  http50: HttpFigures;
  httpApart: HttpFigures;
  lag: LagFigures;
  bundle: BundleFigures;
  jobs: JobFigures;
  coach: CoachFigures;
  web: WebFigures;
  sets: SetsFigures;
  imports: ImportFigures;
  holds: HoldFigures;
  trainingLife: TrainingLifeFigures;
  wideImports: WideImportsFigures;
  ticketList: TicketListFigures;
  foods: FoodFigures;
}

const fmt = (value: number, unit = '') => `${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;

const loadOf = (x: { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number; errors: number; bodyBytes: number }) =>
  `${fmt(x.requestsPerSecond, 'req/s')}, p50 ${x.latencyP50Ms} ms, p99 ${x.latencyP99Ms} ms, ${fmt(x.bodyBytes, 'B')}${x.non2xx || x.errors ? `, ${x.non2xx} non-2xx, ${x.errors} errors` : ''}`;

/**
 * The HTTP rows: each run's bare handlers and endpoints with their ratios. The honest run (apart) also shows, per
 * endpoint, its p99 beside the bare handler's and the in-process ratio of the same GET (the old way, for this release).
 */
function httpRows(...runs: (HttpFigures | undefined)[]): [string, string, string][] {
  const rows: [string, string, string][] = [];
  const row = (section: string, metric: string, value: string) => rows.push([section, metric, value]);
  const inProcess = runs.find((h) => h?.servers === 'in-process' && h.connections === 50);
  for (const h of runs) {
    if (!h) continue;
    const la = `load average ${h.loadAverage.start[0]} → ${h.loadAverage.end[0]}`;
    row(`http ${h.servers} (${h.connections} conn, ${h.rounds}×${round(h.durationS / h.rounds, 2)} s)`, la, '');
    for (const b of h.bares) row('', b.name, `${loadOf(b)}; ${b.cpuPerRequestUs} µs CPU/request`);
    for (const e of h.endpoints) {
      row('', e.name, loadOf(e));
      const old = h.servers === 'apart' ? inProcess?.endpoints.find((x) => x.name === e.name) : undefined;
      row(
        '',
        `  ÷ ${h.bare.name}`,
        `${e.ratio} (rounds: ${e.ratioRounds.join(', ')}); p99 ${e.latencyP99Ms} vs ${e.bareP99Ms} ms (×${e.p99Ratio}); CPU/request ${e.cpuRatio} (${e.cpuPerRequestUs} vs ${h.bare.cpuPerRequestUs} µs)${old ? `; in-process ${old.ratio}` : ''}`,
      );
    }
  }
  return rows;
}

function aligned(rows: [string, string, string][]): string {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((x) => x[i]!.length)));
  const line = (x: [string, string, string]) => x.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(['', 'measure', 'figure']), rule, ...rows.map(line)].join('\n');
}

/** The replay section's rows: the rebuild, its memory and docs, the log's seed, the raw scans and the analytics. */
function replayRows(r: ReplayFigures): [string, string, string][] {
  const rows: [string, string, string][] = [];
  const row = (section: string, metric: string, value: string) => rows.push([section, metric, value]);
  row('replay (rebuild)', `${fmt(r.events)} events, ${fmt(r.users)} users`, `${fmt(r.eventsPerSecond, 'events/s')} (${r.seconds} s: fold ${r.foldSeconds} s, commit ${r.commitSeconds} s)`);
  row('', 'RSS before → peak (maxRSS)', `${r.rssBeforeMb} → ${r.peakRssMb} MB (${r.maxRssMb} MB)`);
  row('', 'heap used before → peak', `${r.heapUsedBeforeMb} → ${r.peakHeapUsedMb} MB`);
  row('', 'docs rebuilt', Object.entries(r.docs).map(([k, v]) => `${k} ${fmt(v)}`).join(', '));
  row('', `seed: ${fmt(r.seed.appends)} command-size appends (1000 per transaction)`, `${fmt(r.seed.eventsPerSecond, 'events/s')}, ${fmt(r.seed.appendsPerSecond, 'appends/s')} (generated in ${r.seed.generateSeconds} s)`);
  row('', 'raw scan (SELECT *, JSON.parse of both columns), before / after', r.scans.map((s) => fmt(s.rowsPerSecond, 'rows/s')).join(' / '));
  row('', "the rebuild's reading alone (pages read, parsed, seals opened) ÷ raw scan", `${r.readRatio} (${fmt(r.read.eventsPerSecond, 'events/s')}, ${r.read.seconds} s; ${fmt(r.read.eventsPerCpuSecond, 'events/CPU-s')})`);
  row('', 'rebuild ÷ raw scan (wall / CPU time)', `${r.ratio} / ${r.cpuRatio} (rebuild ${fmt(r.eventsPerCpuSecond, 'events/CPU-s')}, scan ${r.scans.map((s) => fmt(s.rowsPerCpuSecond)).join(' / ')} rows/CPU-s)`);
  row('analytics (npm run analytics)', `replay of ${fmt(r.analytics.events)} events`, `${fmt(r.analytics.eventsPerSecond, 'events/s')} (${r.analytics.replaySeconds} s), report ${r.analytics.reportSeconds} s, maxRSS ${r.analytics.maxRssMb} MB`);
  return rows;
}

function table(f: Figures): string {
  const rows: [string, string, string][] = [];
  const row = (section: string, metric: string, value: string) => rows.push([section, metric, value]);
  const a = f.appends;
  row('append (sqlite file)', `single: ${fmt(a.single.events)} appends of 1 event`, `${fmt(a.single.eventsPerSecond, 'events/s')} (p99 ${a.single.p99Ms} ms/append)`);
  row('', `batched: ${fmt(a.batched.appends)} appends of ${a.batched.batchSize}`, fmt(a.batched.eventsPerSecond, 'events/s'));
  row('', 'file size', fmt(a.bytesPerEvent, 'bytes/event'));
  row('raw better-sqlite3', `single: ${fmt(a.single.events)} inserts, 1 per transaction`, `${fmt(a.raw.singleEventsPerSecond, 'events/s')} (append ÷ raw ${a.raw.singleRatio})`);
  row('', `batched: ${a.batched.batchSize} inserts per transaction`, `${fmt(a.raw.batchedEventsPerSecond, 'events/s')} (append ÷ raw ${a.raw.batchedRatio})`);
  rows.push(...replayRows(f.replay));
  for (const r of httpRows(f.http, f.http50, f.httpApart)) row(...r);
  const l = f.lag;
  row(`command→read (${l.commands} cmds)`, 'PUT answer → GET X-Min-Position answer', `p50 ${l.http.p50Ms} ms, p99 ${l.http.p99Ms} ms, max ${l.http.maxMs} ms, ${l.http.stale} stale, ${l.http.wrongAnswers} wrong`);
  row('', 'PUT answer → projector checkpoint', `p50 ${l.checkpoint.p50Ms} ms, p99 ${l.checkpoint.p99Ms} ms (${l.checkpoint.caughtUpAtAnswer}/${l.commands} already passed)`);
  row('', 'for scale: GET round trip / PUT', `p50 ${l.getRoundTrip.p50Ms} / ${l.put.p50Ms} ms, p99 ${l.getRoundTrip.p99Ms} / ${l.put.p99Ms} ms`);
  row('', `PUT p50, first → last tenth of ${fmt(l.put.puts)}`, `${l.put.firstTenthP50Ms} → ${l.put.lastTenthP50Ms} ms, ×${l.put.growth} (user stream at ${fmt(l.put.userStreamEventsAtEnd)} events)`);
  row('', 'command load (user stream), first → last tenth', `${l.commandLoad.firstTenthP50Ms} → ${l.commandLoad.lastTenthP50Ms} ms, ×${l.commandLoad.growth}`);
  const b = f.bundle;
  row('web first load', `entry JS ${fmt(b.entryJsGzipBytes, 'B')}; largest chunk ${b.largestJsChunk.name}`, `${fmt(f.web.firstLoadJsGzipBytes, 'B')} gzipped JS to show / (largest chunk ${fmt(b.largestJsChunk.gzipBytes, 'B')})`);
  row('web landing LCP', f.web.skipped ?? `headless Chromium, median of ${f.web.runs} cold loads`, `${fmt(f.web.landingLcpMs, 'ms')}`);
  for (const [name, x] of Object.entries(f.web.lcp)) {
    row(`web ${name} LCP`, 'cold / 4× CPU + slow 4G (median of 3) / repeat visit from the worker', `${fmt(x.coldMs, 'ms')} / ${fmt(x.throttledMs, 'ms')} / ${fmt(x.repeatMs, 'ms')}`);
  }
  row('web landing floor', 'landing.html without its scripts: cold / 4× CPU + slow 4G (same run)', `${fmt(f.web.bare.coldMs, 'ms')} / ${fmt(f.web.bare.throttledMs, 'ms')} (HTML ${fmt(f.web.landingHtmlGzipBytes, 'B')} gzipped)`);
  row('web installable', 'Chromium Page.getInstallabilityErrors', f.web.installabilityErrors.length === 0 ? 'yes' : `no: ${f.web.installabilityErrors.join(', ')}`);
  row('web bundle', `${b.files.length} JS/CSS files${b.stale ? ' (dist older than web/src!)' : ''}`, `${fmt(b.totalGzipBytes, 'B')} gzipped (${fmt(b.totalBytes, 'B')} raw; JS ${fmt(b.jsGzipBytes, 'B')}, CSS ${fmt(b.cssGzipBytes, 'B')})`);
  const j = f.jobs;
  const jobRun = (x: { jobsPerSecond: number; addsPerSecond: number }) => `${fmt(x.jobsPerSecond, 'jobs/s')} (adds ${fmt(x.addsPerSecond, '/s')})`;
  if ('bullmq' in j) row(`jobs (${fmt(j.bullmq.jobs)} no-op)`, `BullMQ at ${j.redisUrl}, add → done`, jobRun(j.bullmq));
  else row(`jobs (${fmt(j.inProcess.jobs)} no-op)`, 'BullMQ', j.skipped);
  row('', 'in-process runner, add → done', jobRun(j.inProcess));
  const c = f.coach;
  row('built-in coach', `${fmt(c.requests)} varied requests (${c.withPlans} with plans)`, `p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms, max ${c.maxMs} ms (${c.catalog.exercises} exercises, ${c.catalog.foods} foods)`);
  for (const r of setsRows(f.sets)) row(...r);
  for (const r of importRows(f.imports)) row(...r);
  for (const r of holdRows(f.holds)) row(...r);
  for (const r of trainingLifeRows(f.trainingLife)) row(...r);
  for (const r of wideImportsRows(f.wideImports)) row(...r);
  for (const r of ticketListRows(f.ticketList)) row(...r);
  for (const r of foodRows(f.foods)) row(...r);
  return aligned(rows);
}

interface ServerFigures {
  http: HttpFigures;
  http50: HttpFigures;
  httpApart: HttpFigures;
  lag: LagFigures;
  sets: SetsFigures;
  imports: ImportFigures;
  holds: HoldFigures;
  foods: FoodFigures;
}

/**
 * The embedded system in this process: set-up through the API, the in-process HTTP runs (and, when `full`, the
 * 10-connection run, lag, sets and imports); then the same DATA_DIR served by the app as `npm start` runs it, in a process of
 * its own, for the honest run.
 */
async function measureServer(full: true): Promise<ServerFigures>;
async function measureServer(full: false): Promise<Pick<ServerFigures, 'http50' | 'httpApart'>>;
async function measureServer(full: boolean): Promise<Partial<ServerFigures>> {
  note('system: starting the embedded server and signing users up through the API');
  const figures: Partial<ServerFigures> = {};
  let app: BenchSystem | undefined;
  let apartEndpoints: Endpoint[];
  let bareBody: unknown;
  try {
    app = await within('system start', 20_000, startBenchSystem());
    const user = await within('sign-up', 20_000, signUpVerifiedUser(app));
    const subscriber = await within('subscriber history', 60_000, subscriberWithHistory(app));
    const staff = await within('staff history', 60_000, subscriberWithHistory(app, ROLES.admin));
    // The baseline answers a body of the dashboard's size in every 50-connection run, so a ratio weighs the app
    // against handing out an answer as big.
    bareBody = await (await fetch(`${app.url}/api/dashboard/summary`, { headers: { authorization: `Bearer ${subscriber.token}` } })).json();
    apartEndpoints = [...endpointsOf('subscriber', subscriber.token), ...endpointsOf('staff', staff.token)];
    if (full) {
      const endpoints = [
        { name: 'GET /api/profile', path: '/api/profile', token: user.token },
        { name: 'GET /api/dashboard/summary', path: '/api/dashboard/summary', token: subscriber.token },
        { name: 'GET /api/progress/overview', path: '/api/progress/overview', token: subscriber.token },
      ];
      figures.http = await within('http', 120_000, measureHttp({ baseUrl: app.url, endpoints, ...SETTINGS.http, servers: 'in-process' }));
    }
    const inProcess = endpointsOf('subscriber', subscriber.token);
    figures.http50 = await within('http50', 300_000, measureHttp({ baseUrl: app.url, endpoints: inProcess, bareBody, ...SETTINGS.http50, servers: 'in-process' }));
    if (full) {
      note(`lag: ${SETTINGS.lag.commands} sequential commands, twice`);
      figures.lag = await within('lag', 240_000, measureLag(app, user.token, SETTINGS.lag.commands, SETTINGS.lag.streamEvents));
      note('sets: a subscriber with two years of sets; log-set p50 and the records GET at 50 connections');
      figures.sets = await within('sets', 900_000, measureSets(app));
      note('imports: 1, 2 and 6 years of history alone; a 100,000-row Strong export, and the dashboard p99 at 10 connections beside it');
      figures.imports = await within('imports', 900_000, measureImports(app));
      note('holds: the longest hold of the event loop by an import, the exports and a plan save, at two sizes');
      figures.holds = await within('holds', 900_000, measureHolds(app));
      figures.foods = await within('foods', 300_000, measureFoods(app));
    }
  } finally {
    await app?.stop({ keepData: true });
  }
  note('http apart: the app as npm start runs it (node dist/services/main.js), over the same DATA_DIR, in a process of its own');
  const apart = await within('app start', 60_000, startAppApart(app.dataDir));
  try {
    figures.httpApart = await within(
      'httpApart',
      900_000,
      measureHttp({ baseUrl: apart.url, endpoints: apartEndpoints, bareBody, ...SETTINGS.httpApart, servers: 'apart', appCpuUs: apart.cpuUs }),
    );
  } finally {
    await apart.stop();
    removeTempDir(app.dataDir);
  }
  return figures;
}

/** `BENCH_ONLY=http`: the HTTP table and one JSON line with its figures. */
async function mainHttp() {
  const started = now();
  const { http50, httpApart } = await measureServer(false);
  process.stdout.write(`${aligned(httpRows(http50, httpApart))}\n`);
  process.stdout.write(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, node ${process.version}\n\n`);
  process.stdout.write(`${JSON.stringify({ bench: 'trainer-app', only: 'http', at: new Date().toISOString(), seconds: round((now() - started) / 1000), http50, httpApart })}\n`);
}

/** `BENCH_ONLY=replay`: the replay rows and one JSON line with their figures. */
async function mainReplay() {
  const started = now();
  const replay = await within('replay', SETTINGS.replay.withinMs, measureReplay(SETTINGS.replay));
  process.stdout.write(`${aligned(replayRows(replay))}\n`);
  process.stdout.write(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, node ${process.version}, load ${os.loadavg().map((l) => round(l, 2)).join(' ')}\n\n`);
  process.stdout.write(`${JSON.stringify({ bench: 'trainer-app', only: 'replay', at: new Date().toISOString(), seconds: round((now() - started) / 1000), replay: { ...replay, eventTypes: undefined } })}\n`);
}

async function main() {
  if (ONLY === 'http') return mainHttp();
  if (ONLY === 'replay') return mainReplay();
  const started = now();
  const loadAtStart = round(os.loadavg()[0]!, 2);
  note(`appends: ${SETTINGS.appends.singleEvents} single, ${SETTINGS.appends.batchedEvents} in batches of ${SETTINGS.appends.batchSize}`);
  const appends = await within('appends', 60_000, measureAppends(SETTINGS.appends));
  const replay = await within('replay', SETTINGS.replay.withinMs, measureReplay(SETTINGS.replay));
  // Written at once: the replay section takes many minutes, and its figures should survive a later section failing.
  const { eventTypes: _types, ...replayFigures } = replay;
  note(`replay figures: ${JSON.stringify(replayFigures)}`);

  const { http, http50, httpApart, lag, sets, imports, holds, foods } = await measureServer(true);
  const trainingLife = await within('training life', 600_000, measureTrainingLife());
  note('wide imports: one account’s imported exercises up to the bound, and a file far past it');
  // The training life built dist/ just now.
  const wideImports = await within('wide imports', 300_000, measureWideImports(false));
  note('ticket list: the staff list over a year of tickets (5,000), opened, narrowed, searched and paged');
  const ticketList = await within('ticket list', 300_000, measureTicketListApart());
  // First: it rebuilds web/dist when stale, so the bundle figures below describe what it loaded.
  note('web: first load and LCP of the landing page in headless Chromium');
  const web = await within('web', 420_000, measureWeb());
  const bundle = measureBundle(SETTINGS.bundle.buildTimeoutMs);
  const jobs = await within('jobs', 60_000, measureJobs(SETTINGS.jobs));
  note(`coach: ${SETTINGS.coach.requests} built-in coach answers`);
  const coach = measureCoach(SETTINGS.coach.requests);
  const figures: Figures = { appends, replay, http, http50, httpApart, lag, bundle, jobs, coach, web, sets, imports, holds, trainingLife, wideImports, ticketList, foods };

  const [profile, dashboard, progress] = http.endpoints as [HttpFigures['endpoints'][number], HttpFigures['endpoints'][number], HttpFigures['endpoints'][number]];
  const summary = {
    appendSingleEventsPerSecond: appends.single.eventsPerSecond,
    appendBatchedEventsPerSecond: appends.batched.eventsPerSecond,
    appendSingleRawRatio: appends.raw.singleRatio,
    appendBatchedRawRatio: appends.raw.batchedRatio,
    replayEventsPerSecond: replay.eventsPerSecond,
    rawScanRowsPerSecond: Math.round((replay.scans[0]!.rowsPerSecond + replay.scans[1]!.rowsPerSecond) / 2),
    replayToScanRatio: replay.ratio,
    replayToScanCpuRatio: replay.cpuRatio,
    analyticsEventsPerSecond: replay.analytics.eventsPerSecond,
    analyticsReportSeconds: replay.analytics.reportSeconds,
    replayPeakRssMb: replay.peakRssMb,
    replayPeakHeapUsedMb: replay.peakHeapUsedMb,
    bareRequestsPerSecond: http.bare.requestsPerSecond,
    bareP99Ms: http.bare.latencyP99Ms,
    profileRequestsPerSecond: profile.requestsPerSecond,
    profileP99Ms: profile.latencyP99Ms,
    profileRatio: profile.ratio,
    dashboardRequestsPerSecond: dashboard.requestsPerSecond,
    dashboardP99Ms: dashboard.latencyP99Ms,
    dashboardRatio: dashboard.ratio,
    progressRequestsPerSecond: progress.requestsPerSecond,
    progressP99Ms: progress.latencyP99Ms,
    progressRatio: progress.ratio,
    logSetP50Ms: sets.logSet.p50Ms,
    logSetBareP50Ms: sets.logSet.bareP50Ms,
    logSetToBareP50: sets.logSet.ratio,
    recordsRatioAt50: sets.records.endpoints[0]!.ratio,
    recordsP99MsAt50: sets.records.endpoints[0]!.latencyP99Ms,
    importRowsPerSecond: imports.rowsPerSecond,
    importDashboardP99MsWithout: imports.dashboard.without.p99Ms,
    importDashboardP99MsDuring: imports.dashboard.during.p99Ms,
    importAloneCpuSeconds: imports.alone.cpuSeconds,
    importRowsPerSecondByYears: Object.fromEntries(imports.growth.map((g) => [`${g.years}y`, g.rowsPerSecond])),
    holds,
    foodSearchP50RatioAt50: Math.max(...foods.search.map((x) => x.p50Ratio)),
    foodSearchP99RatioAt50: Math.max(...foods.search.map((x) => x.p99Ratio)),
    foodSearchP50MsAt50: Math.max(...foods.search.map((x) => x.p50Ms)),
    foodLogP50Ms: foods.log.p50Ms,
    trainingLife: Object.fromEntries(
      trainingLife.levels.map((l) => [l.name, { sets: l.sets, cpuMsPerSet: l.cpuMsPerSet, p50Ms: l.p50Ms, biggestDocBytes: l.biggestDoc.bytes, biggestDocCollection: l.biggestDoc.collection, exerciseLogBytes: l.exerciseLogBytes }]),
    ),
    trainingLifeRatios: trainingLife.ratios,
    ticketList: Object.fromEntries(ticketList.asks.map((a) => [a.name, a.p50Ms])),
    dashboardRatioAt50: http50.endpoints[1]!.ratio,
    dashboardCpuRatioAt50: http50.endpoints[1]!.cpuRatio,
    progressCpuRatioAt50: http50.endpoints[2]!.cpuRatio,
    dashboardP99MsAt50: http50.endpoints[1]!.latencyP99Ms,
    progressRatioAt50: http50.endpoints[2]!.ratio,
    progressP99MsAt50: http50.endpoints[2]!.latencyP99Ms,
    // The honest ratios (docs/adr/0145): app and bare handler each in a process of its own; the in-process ones above
    // are printed beside them for this release, for comparison.
    apartBareP99MsAt50: httpApart.bare.latencyP99Ms,
    apartRatiosAt50: Object.fromEntries(httpApart.endpoints.map((e) => [e.name, { ratio: e.ratio, p99Ms: e.latencyP99Ms, p99Ratio: e.p99Ratio, cpuRatio: e.cpuRatio }])),
    apartLoadAverage: httpApart.loadAverage,
    putLastTenthOverFirstTenth: lag.put.growth,
    commandLoadLastTenthOverFirstTenth: lag.commandLoad.growth,
    lagHttpP50Ms: lag.http.p50Ms,
    lagHttpP99Ms: lag.http.p99Ms,
    lagCheckpointP50Ms: lag.checkpoint.p50Ms,
    lagCheckpointP99Ms: lag.checkpoint.p99Ms,
    bundleGzipBytes: bundle.totalGzipBytes,
    bullmqJobsPerSecond: 'bullmq' in jobs ? jobs.bullmq.jobsPerSecond : null,
    inProcessJobsPerSecond: jobs.inProcess.jobsPerSecond,
    coachP50Ms: coach.p50Ms,
    coachP99Ms: coach.p99Ms,
    webFirstLoadJsGzipBytes: web.firstLoadJsGzipBytes,
    webLargestJsChunkGzipBytes: bundle.largestJsChunk.gzipBytes,
    webLandingLcpMs: web.landingLcpMs,
    webLandingLcpThrottledMs: web.lcp.landing.throttledMs,
    webLandingLcpRepeatMs: web.lcp.landing.repeatMs,
    webTrackLcpMs: web.lcp.track.coldMs,
    webTrackLcpThrottledMs: web.lcp.track.throttledMs,
    webTrackLcpRepeatMs: web.lcp.track.repeatMs,
    webInstallable: web.installabilityErrors.length === 0,
  };
  const machine = {
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryMb: Math.round(os.totalmem() / 1024 / 1024),
    /** 1-minute load average: other work on the machine shows here and skews every figure. */
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: round(os.loadavg()[0]!, 2),
  };
  process.stdout.write(`${table(figures)}\n`);
  process.stdout.write(`machine: ${machine.cpus} × ${machine.cpuModel}, node ${machine.node}, load average ${machine.loadAverageAtStart} → ${machine.loadAverageAtEnd}\n\n`);
  process.stdout.write(
    `${JSON.stringify({ bench: 'trainer-app', at: new Date().toISOString(), seconds: round((now() - started) / 1000), machine, summary, ...figures })}\n`,
  );
}

const abort = (reason: string) => {
  process.stderr.write(`[bench] stopped: ${reason}\n`);
  killChildren();
  cleanTempDirs();
  process.exit(1);
};
setTimeout(() => abort(`still running after ${SETTINGS.watchdogMs / 1000} s`), SETTINGS.watchdogMs).unref();
process.once('SIGINT', () => abort('interrupted'));
process.once('SIGTERM', () => abort('terminated'));

main()
  .then(() => {
    cleanTempDirs();
    process.exit(0);
  })
  .catch((error) => abort(error instanceof Error ? (error.stack ?? error.message) : String(error)));

/** The ticket list on a system of its own, so its 5,000 tickets weigh on no other figure. */
async function measureTicketListApart(): Promise<TicketListFigures> {
  const app = await startBenchSystem();
  try {
    return await measureTicketList(app);
  } finally {
    await app.stop();
  }
}
