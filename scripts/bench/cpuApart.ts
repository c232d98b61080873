/**
 * `npx tsx scripts/bench/cpuApart.ts [requests] [profile-dir]`: the server's CPU time per request of every
 * authenticated GET (a subscriber's and staff's), the app run as `npm start` runs it (node on dist/) and a bare
 * Express handler (plain node, answering a body of the dashboard's size), each in a process of its own. Each GET gets
 * `requests` requests (default 20,000) at 50 connections, after 1,000 not counted (and every GET gets 1,000 before
 * any is counted, so the first one measured does not pay alone for the code's warming up; it was some 40 % dearer).
 * `CPU_APART_GETS=records,workouts` measures only the GETs whose path holds one of those parts. CPU time is read from /proc, so
 * other work on a shared machine sways it far less than req/s; the user time alone (the JavaScript's, without the
 * kernel's socket work, which a loaded machine inflates most) is given beside it. With `profile-dir`, the app runs with `--cpu-prof`
 * and writes its profile there when it stops (set-up requests included; they are few). Prints one JSON line.
 */
import os from 'node:os';
import { ROLES } from '../../contract/accounts/roles.js';
import { startAppApart, startBareApart, type ServerApart } from './apart.js';
import { ChildRunner, note, removeTempDir, round, runBenchScript } from './common.js';
import type { LoadInput, LoadRun } from './http.js';
import { startBenchSystem, subscriberWithHistory } from './system.js';

const ALL_GETS = ['/api/profile', '/api/dashboard/summary', '/api/progress/overview', '/api/workouts', '/api/meal-plans', '/api/exercise-logs', '/api/records'];
// CPU_APART_GETS=profile,records picks GETs by a part of their path (all of them when unset).
const GETS = process.env.CPU_APART_GETS ? ALL_GETS.filter((p) => process.env.CPU_APART_GETS!.split(',').some((part) => p.includes(part))) : ALL_GETS;

async function main() {
  const requests = Number(process.argv[2] ?? 20_000);
  const profileDir = process.argv[3];
  const app = await startBenchSystem();
  let tokens: Record<string, string>;
  let bareBody: unknown;
  try {
    tokens = { subscriber: (await subscriberWithHistory(app)).token, staff: (await subscriberWithHistory(app, ROLES.admin)).token };
    bareBody = await (await fetch(`${app.url}/api/dashboard/summary`, { headers: { authorization: `Bearer ${tokens.subscriber}` } })).json();
  } finally {
    await app.stop({ keepData: true });
  }
  const loader = new ChildRunner();
  const perRequest = async (server: ServerApart, url: string, token: string, count = requests) => {
    const load: LoadInput = { url, headers: { authorization: `Bearer ${token}` }, connections: 50, durationS: 0, warmupS: 0 };
    await loader.run<LoadInput, LoadRun>('load', { ...load, amount: 1_000 }, 600_000);
    if (count === 0) return { all: 0, user: 0 };
    const cpu0 = server.cpuUs()!;
    const user0 = server.userCpuUs()!;
    const run = await loader.run<LoadInput, LoadRun>('load', { ...load, amount: count }, 600_000);
    if (run.non2xx > 0) throw new Error(`${url}: ${run.non2xx} answers not 2xx`);
    return { all: round((server.cpuUs()! - cpu0) / run.responses, 1), user: round((server.userCpuUs()! - user0) / run.responses, 1) };
  };
  const loadStart = os.loadavg().map((l) => round(l, 2));
  const bare = await startBareApart('/api/profile', bareBody, 'node');
  const figures: Record<string, { all: number; user: number }> = {};
  try {
    figures.bare = await perRequest(bare, `${bare.url}/api/profile`, tokens.subscriber!);
  } finally {
    await bare.stop();
  }
  const server = await startAppApart(app.dataDir, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  try {
    // Every GET once before any is counted, so the first one measured does not pay for the code's warming up alone.
    for (const token of Object.values(tokens)) for (const path of GETS) await perRequest(server, server.url + path, token, 0);
    for (const [who, token] of Object.entries(tokens)) {
      for (const path of GETS) {
        figures[`${path} (${who})`] = await perRequest(server, server.url + path, token);
        const f = figures[`${path} (${who})`]!;
        note(`${path} (${who}): ${f.all} µs CPU/request, ${f.user} µs user (bare ${figures.bare.all}, ${figures.bare.user})`);
      }
    }
  } finally {
    loader.close();
    await server.stop();
    removeTempDir(app.dataDir);
  }
  const ratios = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, { all: round(figures.bare!.all / v.all, 3), user: round(figures.bare!.user / v.user, 3) }]));
  process.stdout.write(`${JSON.stringify({ requests, cpuPerRequestUs: figures, bareOverEndpoint: ratios, load: { start: loadStart, end: os.loadavg().map((l) => round(l, 2)) } })}\n`);
}

runBenchScript(main);
