/**
 * `npx tsx scripts/bench/profileGet.ts [dashboard|progress|profile] [seconds] [out.cpuprofile]`: one GET of the bench
 * hammered by autocannon (50 connections, in a child process) against the bench system; with a file name, a CPU
 * profile of the serving process during the load alone (not the set-up), for chrome://inspect or a script.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { inChild, note, runBenchScript } from './common.js';
import type { LoadInput, LoadRun } from './http.js';
import { signUpVerifiedUser, startBenchSystem, subscriberWithHistory } from './system.js';

const paths: Record<string, string> = { dashboard: '/api/dashboard/summary', progress: '/api/progress/overview', profile: '/api/profile' };

async function main() {
  const which = process.argv[2] ?? 'dashboard';
  const seconds = Number(process.argv[3] ?? 8);
  const app = await startBenchSystem();
  try {
    await signUpVerifiedUser(app);
    const subscriber = await subscriberWithHistory(app);
    const load: LoadInput = { url: app.url + paths[which], headers: { authorization: `Bearer ${subscriber.token}` }, connections: 50, durationS: seconds, warmupS: 0 };
    const body = await (await fetch(load.url, { headers: load.headers })).text();
    note(`${which}: ${Buffer.byteLength(body)} B`);
    const out = process.argv[4];
    const session = new Session();
    if (out) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const cpu0 = process.cpuUsage();
    const run = await inChild<LoadInput, LoadRun>('load', load, seconds * 1000 + 30_000);
    const cpu = process.cpuUsage(cpu0);
    if (out) {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(out, JSON.stringify(profile));
      session.disconnect();
    }
    note(`${which}: ${Math.round(run.responses / run.seconds)} req/s, ${Math.round((cpu.user + cpu.system) / run.responses)} µs CPU/request, non2xx ${run.non2xx}`);
  } finally {
    await app.stop();
  }
}

runBenchScript(main);
