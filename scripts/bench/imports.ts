/**
 * A 100,000-row Strong export imported over HTTP (POST /api/imports), its rows/s, and what it costs everyone else:
 * GET /api/dashboard/summary of another subscriber at 10 connections, its p99 without the import and during it; and
 * the rows/s of a lifter's 1, 2 and 6 years (the 6 about 45,000 sets), each into an account of its own with nothing
 * else running, to show how the import grows with the file. `tsx scripts/bench/imports.ts` runs this alone
 * (`--growth`: the years alone).
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { appendRoleGranted } from '../grantRole.js';
import { decodeToken } from '../support/signup.js';
import { inChild, note, now, percentile, round, runBenchScript } from './common.js';
import type { LoadInput, LoadRun } from './http.js';
import { signUpVerifiedUser, startBenchSystem, subscriberWithHistory, type BenchSystem } from './system.js';
import { strongExport } from '../support/strongExport.js';

export interface ImportFigures {
  rows: number;
  bytes: number;
  workouts: number;
  importSeconds: number;
  rowsPerSecond: number;
  /** From the answer to the import until the read models hold it (the projector's share). */
  projectSeconds: number;
  /**
   * A second import of as many rows (other dates) into the same account with nothing else running: this process's
   * CPU seconds (user + system) from the request until the read models hold it, and the wall seconds. Timings of the
   * loaded run move with whatever else the machine does; CPU is what the import costs the others.
   */
  alone: { cpuSeconds: number; seconds: number };
  dashboard: { connections: number; without: { requests: number; p99Ms: number; p50Ms: number }; during: { requests: number; p99Ms: number; p50Ms: number } };
  /** Years of history, each imported alone into an account of its own. */
  growth: GrowthFigures[];
}

export interface GrowthFigures {
  years: number;
  rows: number;
  bytes: number;
  workouts: number;
  /** From the request until the answer. */
  seconds: number;
  rowsPerSecond: number;
  /**
   * This process's CPU seconds (user + system) from the request until the read models hold it: the wall seconds move
   * with whatever else the machine does, the CPU far less.
   */
  cpuSeconds: number;
  /** From the answer until the read models hold it. */
  projectSeconds: number;
}

/**
 * A lifter's year as Strong exports it: a workout every other day of some 41 sets, about 7,500 sets a year, so six
 * years are about 45,000 rows.
 */
const SETS_PER_WORKOUT = 41;
const SETS_PER_YEAR = 7_500;
const GROWTH_YEARS = [1, 2, 6];
/** Rows imported first, and not counted, so the years measured do not carry the first import's warm-up. */
const WARM_UP_ROWS = 2_000;

/** A new subscriber, as an admin's comp makes one, once the read models know the role. */
async function newImporter(app: BenchSystem, name: string): Promise<string> {
  const importer = await signUpVerifiedUser(app, `${name}${Date.now()}@example.com`);
  const position = await appendRoleGranted(app.system.events, (decodeToken(importer.token) as { sub: string }).sub, 3, 'bench');
  await app.system.projector.waitFor(position, 60_000);
  return importer.token;
}

/** Imports a file of `rows` sets into a new account and times it: until the answer, and until the read models hold it. */
async function importAlone(app: BenchSystem, rows: number, name: string): Promise<Omit<GrowthFigures, 'years'>> {
  const token = await newImporter(app, name);
  const file = strongExport(rows, 2025, 17, SETS_PER_WORKOUT);
  const cpu0 = process.cpuUsage();
  const t0 = now();
  const res = await fetch(`${app.url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: file.text });
  const seconds = (now() - t0) / 1000;
  const body = (await res.json()) as { workouts?: number; sets?: number; position?: number; message?: string };
  if (res.status !== 201 || body.sets !== rows) throw new Error(`the import of ${rows} rows answered ${res.status}: ${body.message ?? `${body.sets} sets`}`);
  const p0 = now();
  if (!(await app.system.projector.waitFor(body.position!, 600_000))) throw new Error(`the projector did not catch up with the import of ${rows} rows`);
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = round((cpu.user + cpu.system) / 1e6, 2);
  return { rows, bytes: Buffer.byteLength(file.text), workouts: body.workouts!, seconds: round(seconds, 2), rowsPerSecond: Math.round(rows / seconds), cpuSeconds, projectSeconds: round((now() - p0) / 1000, 2) };
}

/** The rows/s of 1, 2 and 6 years of a lifter's history, each imported alone. */
export async function measureImportGrowth(app: BenchSystem, years = GROWTH_YEARS): Promise<GrowthFigures[]> {
  await importAlone(app, WARM_UP_ROWS, 'warmup');
  const growth: GrowthFigures[] = [];
  for (const y of years) {
    note(`imports: ${y} year${y === 1 ? '' : 's'} of history (${(y * SETS_PER_YEAR).toLocaleString('en-US')} rows), alone`);
    growth.push({ years: y, ...(await importAlone(app, y * SETS_PER_YEAR, `years${y}-`)) });
  }
  return growth;
}

const loadOf = (url: string, token: string, connections: number, durationS: number) =>
  inChild<LoadInput, LoadRun>('load', { url, headers: { authorization: `Bearer ${token}` }, connections, durationS, warmupS: 0 }, durationS * 1000 + 60_000);

const summary = (runs: LoadRun[]) => {
  const ms = runs.flatMap((r) => r.latenciesMs);
  return { requests: ms.length, p50Ms: round(percentile(ms, 50), 2), p99Ms: round(percentile(ms, 99), 2) };
};

export async function measureImports(app: BenchSystem, options = { rows: 100_000, connections: 10, baselineS: 6, slotS: 2 }): Promise<ImportFigures> {
  // First, on a quiet system: the years of history alone.
  const growth = await measureImportGrowth(app);
  const reader = await subscriberWithHistory(app);
  const dashboard = `${app.url}/api/dashboard/summary`;
  const importer = await signUpVerifiedUser(app, `importer${Date.now()}@example.com`);
  const position = await appendRoleGranted(app.system.events, (decodeToken(importer.token) as { sub: string }).sub, 3, 'bench');
  await app.system.projector.waitFor(position, 60_000);
  const file = strongExport(options.rows);
  note(`imports: a ${options.rows}-row Strong export (${file.workouts} workouts, ${Buffer.byteLength(file.text)} bytes)`);

  note(`imports: dashboard GET, ${options.connections} connections, ${options.baselineS} s without an import`);
  await loadOf(dashboard, reader.token, options.connections, 1);
  // In runs of `slotS` as during the import, each from a load process of its own: a run's first requests are slower
  // (its connections, its JIT), and both sides must carry that alike; one long run beside short ones did not.
  const baseline: LoadRun[] = [];
  for (let t = 0; t < options.baselineS; t += options.slotS) baseline.push(await loadOf(dashboard, reader.token, options.connections, options.slotS));
  const without = summary(baseline);

  note('imports: the import, with the dashboard load running beside it');
  const t0 = now();
  let answered = 0;
  const importing = fetch(`${app.url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${importer.token}`, 'content-type': 'text/csv' }, body: file.text }).then(async (res) => {
    answered = now();
    const body = (await res.json()) as { workouts?: number; position?: number; message?: string };
    if (res.status !== 201) throw new Error(`the import answered ${res.status}: ${body.message}`);
    return body;
  });
  let done = false;
  void importing.finally(() => (done = true)).catch(() => undefined);
  const during: LoadRun[] = [];
  while (!done) during.push(await loadOf(dashboard, reader.token, options.connections, options.slotS));
  const answer = await importing;
  const importSeconds = round((answered - t0) / 1000, 2);
  const p0 = now();
  if (!(await app.system.projector.waitFor(answer.position!, 600_000))) throw new Error('the projector did not catch up with the import');
  const projectSeconds = round((now() - p0) / 1000, 2);

  // The same account again, alone: 4,000 workouts a day earlier each (odd days), so none overlaps the first import.
  const second = strongExport(options.rows, 2025).text.replace(/^(\d{4}-\d{2}-\d{2}) 17:/gm, (_line, day: string) => `${new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)} 17:`);
  note('imports: a second import into the same account, nothing else running');
  const cpu0 = process.cpuUsage();
  const a0 = now();
  const res = await fetch(`${app.url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${importer.token}`, 'content-type': 'text/csv' }, body: second });
  const body = (await res.json()) as { workouts?: number; skipped?: number; position?: number; message?: string };
  if (res.status !== 201 || body.skipped !== 0) throw new Error(`the second import answered ${res.status}: ${body.message ?? `${body.skipped} skipped`}`);
  if (!(await app.system.projector.waitFor(body.position!, 600_000))) throw new Error('the projector did not catch up with the second import');
  const cpu = process.cpuUsage(cpu0);
  const alone = { cpuSeconds: round((cpu.user + cpu.system) / 1e6, 2), seconds: round((now() - a0) / 1000, 2) };
  return {
    rows: options.rows,
    bytes: Buffer.byteLength(file.text),
    workouts: answer.workouts!,
    importSeconds,
    rowsPerSecond: Math.round(options.rows / importSeconds),
    projectSeconds,
    alone,
    dashboard: { connections: options.connections, without, during: summary(during) },
    growth,
  };
}

/** The rows `npm run bench` prints for these figures. */
export function importRows(f: ImportFigures): [string, string, string][] {
  const d = f.dashboard;
  return [
    ['imports', `POST /api/imports, ${f.rows.toLocaleString('en-US')} rows (${(f.bytes / 1024 / 1024).toFixed(1)} MB, ${f.workouts} workouts)`, `${f.rowsPerSecond.toLocaleString('en-US')} rows/s (${f.importSeconds} s; read models caught up ${f.projectSeconds} s later)`],
    ['', 'a second import into the same account, alone: CPU / wall until the read models hold it', `${f.alone.cpuSeconds} s / ${f.alone.seconds} s`],
    ['', `GET /api/dashboard/summary p99, ${d.connections} conn: without / during the import`, `${d.without.p99Ms} ms / ${d.during.p99Ms} ms (p50 ${d.without.p50Ms} / ${d.during.p50Ms} ms; ${d.without.requests} / ${d.during.requests} requests)`],
    ...growthRows(f.growth),
  ];
}

/** The rows of the years of history: rows/s of each, its CPU, and how the CPU grows with the file against the first's. */
export function growthRows(growth: GrowthFigures[]): [string, string, string][] {
  const first = growth[0]!;
  return growth.map((g) => [
    '',
    `POST /api/imports, ${g.years} year${g.years === 1 ? '' : 's'} of Strong (${g.rows.toLocaleString('en-US')} rows, ${(g.bytes / 1024 / 1024).toFixed(1)} MB), alone`,
    `${g.rowsPerSecond.toLocaleString('en-US')} rows/s (${g.seconds} s; CPU ${g.cpuSeconds} s, ${round(g.cpuSeconds / first.cpuSeconds, 1)}× the first's for ${round(g.rows / first.rows, 1)}× the rows; read models ${g.projectSeconds} s later)`,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runBenchScript(async () => {
    const app = await startBenchSystem();
    try {
      if (process.argv.includes('--growth')) {
        const growth = await measureImportGrowth(app);
        for (const row of growthRows(growth)) process.stdout.write(`${row.join('  ')}\n`);
        process.stdout.write(`${JSON.stringify({ growth, loadAverage: os.loadavg().map((l) => round(l, 2)) })}\n`);
        return;
      }
      const figures = await measureImports(app);
      for (const row of importRows(figures)) process.stdout.write(`${row.join('  ')}\n`);
      process.stdout.write(`${JSON.stringify({ ...figures, loadAverage: os.loadavg().map((l) => round(l, 2)) })}\n`);
    } finally {
      await app.stop();
    }
  });
}
