/**
 * `BASE_ROOT=/path/to/other/checkout npx tsx scripts/bench/cpuAB.ts`: the server's CPU time per request of the
 * authenticated GETs, another checkout (A, built there with `node scripts/build.mjs`, node_modules beside it) against
 * this one (B, built here first), each over its own copy of one bench data dir and both running at once; each GET is
 * measured on A then B in even rounds and B then A in odd ones, so a shared machine's load falls on both alike.
 * `AB_GETS=progress/overview,workouts` picks GETs (paths under /api), `AB_N` requests per measure (default 4,000),
 * `AB_ROUNDS` rounds (default 2). Prints one JSON line: the means per GET and side, and B over A.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROLES } from '../../contract/accounts/roles.js';
import { ChildRunner, note, round, runBenchScript, tempDir, trackChild } from './common.js';
import type { LoadInput, LoadRun } from './http.js';
import { startBenchSystem, subscriberWithHistory } from './system.js';
import { freePort } from '../support/freePort.js';

const GETS = (process.env.AB_GETS ?? 'profile,dashboard/summary,progress/overview,workouts,meal-plans,exercise-logs,records').split(',').map((p) => `/api/${p}`);
const N = Number(process.env.AB_N ?? 4000);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 2);

const cpu = (pid: number, userOnly = false) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(x[11]) + (userOnly ? 0 : Number(x[12]))) * 10_000;
};

async function start(root: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/services/main.js')], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  trackChild(child);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(url + '/api/health')).ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  return { url, pid: child.pid!, stop: () => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }) };
}

async function main() {
  const here = path.resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: here, stdio: ['ignore', 'ignore', 'inherit'] });
  const app = await startBenchSystem();
  let tokens: Record<string, string>;
  try {
    tokens = { subscriber: (await subscriberWithHistory(app)).token, staff: (await subscriberWithHistory(app, ROLES.admin)).token };
  } finally {
    await app.stop({ keepData: true });
  }
  const dirA = tempDir('abA');
  const dirB = tempDir('abB');
  fs.cpSync(app.dataDir, dirA, { recursive: true });
  fs.cpSync(app.dataDir, dirB, { recursive: true });
  const base = process.env.BASE_ROOT;
  if (!base) throw new Error('BASE_ROOT must name the checkout to compare with');
  const servers = { A: await start(base, dirA), B: await start(here, dirB) };
  const loader = new ChildRunner();
  const figures: Record<string, { A: number[]; B: number[]; Au: number[]; Bu: number[] }> = {};
  const measure = async (side: 'A' | 'B', p: string, token: string, count: number) => {
    const s = servers[side];
    const load: LoadInput = { url: s.url + p, headers: { authorization: `Bearer ${token}` }, connections: 50, durationS: 0, warmupS: 0 };
    const c0 = cpu(s.pid), u0 = cpu(s.pid, true);
    const run = await loader.run<LoadInput, LoadRun>('load', { ...load, amount: count }, 600_000);
    if (run.non2xx > 0) throw new Error(`${side} ${p}: ${run.non2xx} not 2xx`);
    return { all: (cpu(s.pid) - c0) / run.responses, user: (cpu(s.pid, true) - u0) / run.responses };
  };
  try {
    for (const side of ['A', 'B'] as const) for (const token of Object.values(tokens)) for (const p of GETS) await measure(side, p, token, 1000);
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const [who, token] of Object.entries(tokens)) {
        for (const p of GETS) {
          const key = `${p} (${who})`;
          const f = (figures[key] ??= { A: [], B: [], Au: [], Bu: [] });
          for (const side of r % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
            const m = await measure(side, p, token, N);
            f[side].push(m.all);
            f[`${side}u`].push(m.user);
          }
          note(`${key}: A ${round(f.A.at(-1)!)} B ${round(f.B.at(-1)!)} µs/request (user A ${round(f.Au.at(-1)!)} B ${round(f.Bu.at(-1)!)})`);
        }
      }
    }
  } finally {
    loader.close();
    await servers.A.stop();
    await servers.B.stop();
  }
  const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / xs.length);
  const rows = Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, { A: mean(f.A), B: mean(f.B), BoverA: round(mean(f.B) / mean(f.A), 3), userA: mean(f.Au), userB: mean(f.Bu) }]));
  process.stdout.write(`${JSON.stringify({ n: N, rounds: ROUNDS, rows, load: os.loadavg() })}\n`);
}

runBenchScript(main);
