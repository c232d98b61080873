import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../support/freePort.js';
import { tempDir, trackChild } from './common.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Linux counts a process's CPU time in clock ticks of this length (USER_HZ, 100 on every Linux we run). */
const TICK_US = 10_000;

/** A server in a process of its own: where it answers, its CPU time so far, and how to stop it. */
export interface ServerApart {
  url: string;
  pid: number;
  /** User and system CPU time of the process (every thread of it), µs; undefined where /proc is not there. */
  cpuUs: () => number | undefined;
  /** Of it, the user time alone (the JavaScript's, without the kernel's socket work). */
  userCpuUs: () => number | undefined;
  stop: () => Promise<void>;
}

function cpuOf(pid: number, userOnly = false): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, so it is skipped by its closing parenthesis).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + (userOnly ? 0 : Number(fields[12]))) * TICK_US;
  } catch {
    return undefined;
  }
}

/** How a server is started: plain node on JavaScript (as `npm start` runs the compiled app), or with the tsx loader. */
export type StartedWith = 'node' | 'tsx';

/** Starts `script` (a path from the repo's root) with node, with or without the tsx loader. */
async function startApart(script: string, how: StartedWith, env: Record<string, string>, ready: string, nodeFlags: string[] = []): Promise<ServerApart> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, ...(how === 'tsx' ? ['--import', 'tsx'] : []), script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  trackChild(child);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}) before it answered`);
    try {
      if ((await fetch(url + ready, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer ${ready} within 60 s`);
    }
    await sleep(100);
  }
  return {
    url,
    pid: child.pid!,
    cpuUs: () => cpuOf(child.pid!),
    userCpuUs: () => cpuOf(child.pid!, true),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The app as `npm start` runs it: the services built to dist/ (`npm run build:server`, built here anew so dist/ is
 * this checkout's code), then `node dist/services/main.js` over `dataDir`, silent unless `BENCH_SERVER_LOG` names a
 * log level (to see why a server stopped answering); `nodeFlags` (e.g. `--cpu-prof`) go
 * before the file. `build: false` starts what an earlier start of this run built. The web build is not needed: the
 * bench reads the API only.
 */
export function startAppApart(dataDir: string, nodeFlags: string[] = [], { build = true } = {}): Promise<ServerApart> {
  if (build) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return startApart('dist/services/main.js', 'node', { DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? 'silent' }, '/api/health', nodeFlags);
}

/** The bare handler (bareServer.mjs) answering `body` at `at`, started `how`. */
export function startBareApart(at: string, body: unknown, how: StartedWith): Promise<ServerApart> {
  const file = path.join(tempDir('bare'), 'body.json');
  fs.writeFileSync(file, JSON.stringify(body));
  return startApart('scripts/bench/bareServer.mjs', how, { BARE_BODY_FILE: file, BARE_PATH: at }, at);
}
