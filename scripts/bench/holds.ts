/**
 * The longest hold of the event loop by one request whose work grows with a person's history or a file's size: an
 * import of a Strong file, the two exports of the history it made, and a plan save near the input's limits, each at
 * two sizes. What the loop is held for must stay bounded as the size grows (the ratio of the larger size's hold to
 * the smaller's stays near 1), whatever the request's total cost. `tsx scripts/bench/holds.ts [rows ...]` runs this
 * alone.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { appendRoleGranted } from '../grantRole.js';
import { decodeToken } from '../support/signup.js';
import { strongExport } from '../support/strongExport.js';
import { note, round, runBenchScript } from './common.js';
import { longestHold } from './loopHold.js';
import { signUpVerifiedUser, startBenchSystem, type BenchSystem } from './system.js';

export interface HoldFigures {
  /** Per size (the imported file's rows, which are the history's sets), the longest hold in ms of CPU. */
  sizes: { rows: number; importMs: number; exportZipMs: number; exportStrongMs: number }[];
  planSaveMs: number;
}

/** A plan near the input's limits: 31 days of 30 exercises (about 95 KB of JSON). */
const bigPlan = (n: number) => ({
  planType: 'workout',
  name: `Big plan ${n}`,
  description: 'x'.repeat(2000),
  goal: 'Strength',
  level: 'Beginner',
  duration_weeks: 4,
  workouts: Array.from({ length: 31 }, (_, d) => ({ day: d + 1, summary: `Day ${d + 1}`, exercises: Array.from({ length: 30 }, (_, e) => ({ name: `Exercise ${e} of day ${d + 1}`, sets: 3, reps: '8-12', duration: 60 })) })),
});

async function subscriber(app: BenchSystem, tag: string) {
  const user = await signUpVerifiedUser(app, `${tag}${Date.now()}@example.com`);
  const position = await appendRoleGranted(app.system.events, (decodeToken(user.token) as { sub: string }).sub, 3, 'bench');
  await app.system.projector.waitFor(position, 60_000);
  return user.token;
}

async function send(url: string, token: string, init: { method?: string; type?: string; body?: string } = {}) {
  const res = await fetch(url, { method: init.method ?? 'GET', headers: { authorization: `Bearer ${token}`, ...(init.type ? { 'content-type': init.type } : {}) }, body: init.body });
  const bytes = await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${Buffer.from(bytes).toString('utf8').slice(0, 200)}`);
  return Buffer.from(bytes);
}

export async function measureHolds(app: BenchSystem, sizes = [10_000, 40_000]): Promise<HoldFigures> {
  const figures: HoldFigures = { sizes: [], planSaveMs: 0 };
  // Warm the code up first, so the first size measured does not pay for compiling it.
  const warm = await subscriber(app, 'warm');
  await send(`${app.url}/api/imports`, warm, { method: 'POST', type: 'text/csv', body: strongExport(2_000).text });
  await send(`${app.url}/api/export`, warm);
  for (const rows of sizes) {
    const token = await subscriber(app, `holds${rows}`);
    const file = strongExport(rows).text;
    // The read side's folding of the batches is the projector's work, not the request's.
    await app.system.projector.stop();
    const imported = await longestHold(() => send(`${app.url}/api/imports`, token, { method: 'POST', type: 'text/csv', body: file }));
    await app.system.projector.start();
    const { position } = JSON.parse(imported.result.toString('utf8')) as { position: number };
    await app.system.projector.waitFor(position, 600_000);
    const zip = await longestHold(() => send(`${app.url}/api/export`, token));
    const strong = await longestHold(() => send(`${app.url}/api/export/workouts?format=strong`, token));
    figures.sizes.push({ rows, importMs: round(imported.ms, 1), exportZipMs: round(zip.ms, 1), exportStrongMs: round(strong.ms, 1) });
    note(`holds: ${rows} rows: import ${round(imported.ms, 1)} ms, zip ${round(zip.ms, 1)} ms, strong ${round(strong.ms, 1)} ms`);
  }
  const planner = await subscriber(app, 'planner');
  const holds: number[] = [];
  for (let n = 0; n < 12; n += 1) {
    await app.system.projector.stop();
    const save = await longestHold(() => send(`${app.url}/api/savePlan`, planner, { method: 'POST', type: 'application/json', body: JSON.stringify(bigPlan(n)) }));
    await app.system.projector.start();
    if (n >= 2) holds.push(save.ms);
  }
  figures.planSaveMs = round(holds.sort((a, b) => a - b)[Math.floor(holds.length / 2)]!, 1);
  return figures;
}

/** The rows `npm run bench` prints for these figures. */
export function holdRows(f: HoldFigures): [string, string, string][] {
  const first = f.sizes[0]!;
  const last = f.sizes[f.sizes.length - 1]!;
  const growth = (a: number, b: number) => `×${round(b / Math.max(a, 0.1), 2)}`;
  return [
    ...f.sizes.map((s, i): [string, string, string] => [
      i === 0 ? 'loop holds' : '',
      `longest hold, ms of CPU, at ${s.rows.toLocaleString('en-US')} sets: import / export zip / export strong`,
      `${s.importMs} / ${s.exportZipMs} / ${s.exportStrongMs}`,
    ]),
    ['', `growth ${first.rows.toLocaleString('en-US')} → ${last.rows.toLocaleString('en-US')} sets (×${last.rows / first.rows} the work)`, `${growth(first.importMs, last.importMs)} / ${growth(first.exportZipMs, last.exportZipMs)} / ${growth(first.exportStrongMs, last.exportStrongMs)}`],
    ['', 'a plan save near the input limits (median of 10)', `${f.planSaveMs} ms`],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runBenchScript(async () => {
    const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
    const app = await startBenchSystem();
    try {
      const figures = await measureHolds(app, sizes.length > 0 ? sizes : undefined);
      for (const row of holdRows(figures)) process.stdout.write(`${row.join('  ')}\n`);
      process.stdout.write(`${JSON.stringify({ ...figures, loadAverage: os.loadavg().map((l) => round(l, 2)) })}\n`);
    } finally {
      await app.stop();
    }
  });
}
