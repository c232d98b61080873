/**
 * `npx tsx scripts/bench/readSide.ts`: the bench's HTTP (10 and 50 connections) and command→read lag sections
 * alone, with the same settings and the same system as `npm run bench`, for measuring a read-side change without
 * the whole run. Prints the read side's figures as one JSON line.
 */
import os from 'node:os';
import { note, round, runBenchScript, within } from './common.js';
import { measureHttp, type Endpoint } from './http.js';
import { measureLag } from './lag.js';
import { signUpVerifiedUser, startBenchSystem, subscriberWithHistory, type BenchSystem } from './system.js';

const HTTP = { durationS: 5, warmupS: 1, rounds: 3 };
const LAG = { commands: 200, streamEvents: 5_000 };

async function main() {
  const loadAtStart = round(os.loadavg()[0]!, 2);
  let app: BenchSystem | undefined;
  try {
    app = await within('system start', 20_000, startBenchSystem());
    const user = await within('sign-up', 20_000, signUpVerifiedUser(app));
    const subscriber = await within('subscriber history', 60_000, subscriberWithHistory(app));
    const endpoints: Endpoint[] = [
      { name: 'profile', path: '/api/profile', token: user.token },
      { name: 'dashboard', path: '/api/dashboard/summary', token: subscriber.token },
      { name: 'progress', path: '/api/progress/overview', token: subscriber.token },
    ];
    const out: Record<string, unknown> = {};
    for (const connections of [10, 50]) {
      const h = await within('http', 120_000, measureHttp({ servers: 'in-process', baseUrl: app.url, endpoints, connections, ...HTTP }));
      out[`http${connections}`] = {
        bare: h.bare.requestsPerSecond,
        bareCpuUs: h.bare.cpuPerRequestUs,
        bareP99: h.bare.latencyP99Ms,
        ...Object.fromEntries(
          h.endpoints.map((e) => [e.name, { rps: e.requestsPerSecond, ratio: e.ratio, p50: e.latencyP50Ms, p99: e.latencyP99Ms, cpuUs: e.cpuPerRequestUs, cpuRatio: e.cpuRatio }]),
        ),
      };
      note(JSON.stringify(out[`http${connections}`]));
    }
    if (!process.argv.includes('--no-lag')) {
      const lag = await within('lag', 240_000, measureLag(app, user.token, LAG.commands, LAG.streamEvents));
      out.lag = { httpP50: lag.http.p50Ms, httpP99: lag.http.p99Ms, checkpointP99: lag.checkpoint.p99Ms, put: lag.put, commandLoad: lag.commandLoad };
    }
    out.load = [loadAtStart, round(os.loadavg()[0]!, 2)];
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await app?.stop();
  }
}

runBenchScript(main);
