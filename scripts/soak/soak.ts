import Database from 'better-sqlite3';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../support/freePort.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import type { RecordedEvent } from '../../events/store/port.js';
import { compiledServices } from '../support/compiledServices.js';
import { appendRoleGranted } from '../grantRole.js';
import { runPhases, type PhaseFigures, type PhaseSizes } from './phases.js';

/**
 * The soak: simulated users run a mixed workload against the real server (`services/main.ts` compiled as `npm start`
 * runs it, its own process on loopback) with Idempotency-Keys and client retries, while the server is SIGKILLed and restarted, its
 * Redis is stopped for a while, and another process holds the SQLite write lock. Then the log, the read models and
 * the mail outbox are checked. `npm run soak` runs the long form; test/soak/soak.int.spec.ts the short one.
 */
export interface SoakOptions {
  durationMs: number;
  /**
   * The load goes on past `durationMs` (up to fifteen times it) until this many commands were acknowledged, so a slow
   * or shared machine still does the work the checks need; it stops as soon as they are; 0 by default.
   */
  minAcknowledged?: number;
  users: number;
  kills: number;
  lockMs: number;
  /** Stops the soak's own redis-server for this long (0: no Redis unless `redis`, jobs run in-process). */
  redisStopMs: number;
  /** Runs the server with the soak's own Redis even when it is never stopped. */
  redis?: boolean;
  /** After the load and its faults, the hostile phases (phases.ts) at these sizes; none when absent. */
  phases?: PhaseSizes;
  /** Only the hostile phases of these names (all when absent). */
  onlyPhases?: readonly string[];
  /**
   * The server's PASSWORD_HASH_LOG_N (the production cost when absent): the short form's users sign up and log in at
   * a test server's cost, as every other test does (test/accounts/passwordHash.unit.spec.ts checks the production one).
   */
  passwordHashLogN?: number;
  log?: (line: string) => void;
}

export interface SoakFigures {
  durationMs: number;
  requests: number;
  acknowledgedCommands: number;
  refusedCommands: number;
  abandonedCommands: number;
  killsSurvived: number;
  lockHeldMs: number;
  redisStoppedMs: number;
  byStatus: Record<string, number>;
  networkErrors: number;
  /** 5xx other than the bounded 503 of a locked log. Must be 0. */
  unexpected5xx: number;
  busy503: number;
  /** Acknowledged commands with no event under their key. Must be 0. */
  eventsLost: number;
  /** Keys with one fact (stream and type) stored twice. Must be 0. */
  appliedTwice: number;
  eventsInLog: number;
  /** Read-model docs that differ from a fresh `npm run replay` of the same log. Must be 0. */
  readModelDiffs: number;
  /** A bystander's dashboard p99 in a quiet stretch, and during each hostile phase. */
  quietP99Ms?: number;
  phases: PhaseFigures[];
  mailJobs: number;
  /** Mail events without their mail in the outbox. Must be 0. */
  jobsLost: number;
  /** Mail jobs run more than once (at-least-once after a kill); the outbox writes one file per job id. */
  jobsRerun: number;
  problems: string[];
}

const ROOT = path.resolve(import.meta.dirname, '../..');

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

export async function runSoak(options: SoakOptions): Promise<SoakFigures> {
  const t0 = Date.now();
  const log = (line: string) => options.log?.(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${line}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainer-soak-'));
  const sqliteFile = path.join(dataDir, 'trainer.sqlite');
  const outbox = path.join(dataDir, 'outbox');
  const serverLog = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const problems: string[] = [];

  // Its own Redis, so stopping it touches nobody else's (the machine's Redis is shared).
  let redis: ChildProcess | undefined;
  let redisPort = 0;
  const redisDir = path.join(dataDir, 'redis');
  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', redisDir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i += 1) {
      if (await new Promise<boolean>((resolve) => net.connect(redisPort, '127.0.0.1').once('connect', function (this: net.Socket) { this.destroy(); resolve(true); }).once('error', () => resolve(false)))) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  };
  const useRedis = (options.redisStopMs > 0 || options.redis === true) && spawnSync('redis-server', ['--version']).status === 0;
  if ((options.redisStopMs > 0 || options.redis) && !useRedis) problems.push('redis-server not found: the Redis stop was skipped');
  if (useRedis) {
    fs.mkdirSync(redisDir);
    redisPort = await freePort();
    await startRedis();
  }

  const env = {
    ...process.env,
    // The server is JavaScript: no loader a test runner put in NODE_OPTIONS (flags go in SOAK_SERVER_NODE_ARGS).
    NODE_OPTIONS: '',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SIGNUP_MAX_PER_IP: '1000000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    MAILS_MAX_PER_ADDRESS: '1000',
    // Each simulated user reports a ticket every few actions; the flood phase still meets the limit.
    TICKET_MAX_PER_HOUR: '60',
    TICKET_MAX_PER_DAY: '120',
    // Likewise plans: each simulated user saves one every few actions; the flood phase still meets the hour's budget.
    PLAN_SAVES_MAX_PER_HOUR: '60',
    // The poison-import phase posts hundreds of tiny files from one account: each must meet the parser, not the budget.
    IMPORTS_MAX_PER_HOUR: '100000',
    // Short, so the phase that holds the write lock makes the projector's commit fail (and start over) within it.
    PROJECTOR_BUSY_MAX_WAIT_MS: '1000',
    ...(options.passwordHashLogN === undefined ? {} : { PASSWORD_HASH_LOG_N: String(options.passwordHashLogN) }),
    ...(useRedis ? { REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_PREFIX: `soak-${randomUUID().slice(0, 8)}` } : {}),
  };
  // Compiled once, so each restart after a kill loads JavaScript, as in production.
  const compiled = await compiledServices();
  let server: ChildProcess | undefined;
  const startServer = async () => {
    // SOAK_SERVER_NODE_ARGS: flags for the server's node, such as --cpu-prof to see what holds its event loop.
    const nodeArgs = process.env.SOAK_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    server = spawn(process.execPath, [...nodeArgs, compiled.main('services/main.ts')], { cwd: ROOT, env, stdio: ['ignore', serverLog, serverLog] });
    // Generous: on a machine shared with other work, a start has taken over a minute.
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) return;
      } catch {
        /* not up yet */
      }
      await sleep(100);
    }
    server.kill('SIGKILL');
    compiled.remove();
    throw new Error('the server did not answer /api/health within 180 s');
  };
  await startServer();

  // The client side: counts every answer, retries a command with the same key and body until it gets an answer.
  const byStatus: Record<string, number> = {};
  let requests = 0;
  let networkErrors = 0;
  let unexpected5xx = 0;
  let busy503 = 0;
  const acknowledged: Array<{ key: string; what: string }> = [];
  let refused = 0;
  let abandoned = 0;
  let deadline = Number.POSITIVE_INFINITY;
  let lastCall = Number.POSITIVE_INFINITY;

  async function call(method: string, p: string, init: { json?: unknown; token?: string; key?: string } = {}) {
    const headers: Record<string, string> = {};
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.key) Object.assign(headers, { 'Idempotency-Key': init.key, 'X-Request-Id': init.key });
    const res = await fetch(base + p, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    requests += 1;
    byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    if (res.status === 503) busy503 += 1;
    else if (res.status >= 500) unexpected5xx += 1;
    const text = await res.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: res.status, body, location: res.headers.get('location') };
  }

  /** A command as a careful client sends it: one key, retried on no answer or 5xx with backoff. */
  async function command(what: string, method: string, p: string, json: unknown, token?: string, retryUntil = Date.now() + 120_000) {
    const key = randomUUID();
    for (let attempt = 0; Date.now() < retryUntil; attempt += 1) {
      try {
        const res = await call(method, p, { json, token, key });
        if (res.status < 300) {
          acknowledged.push({ key, what });
          return res;
        }
        if (res.status < 500) {
          refused += 1;
          return res;
        }
      } catch {
        networkErrors += 1;
      }
      await sleep(Math.min(2000, 50 * 2 ** attempt) * (0.5 + Math.random()));
    }
    abandoned += 1;
    return undefined;
  }

  /** A read, retried the same way. */
  async function read(p: string, token?: string) {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      try {
        const res = await call('GET', p, { token });
        if (res.status < 500) return res;
      } catch {
        networkErrors += 1;
      }
      await sleep(Math.min(2000, 50 * 2 ** attempt));
    }
    return undefined;
  }

  const mailLink = async (email: string) => {
    for (let i = 0; i < 1200; i += 1) {
      if (fs.existsSync(outbox)) {
        for (const file of fs.readdirSync(outbox)) {
          let text: string;
          try {
            text = fs.readFileSync(path.join(outbox, file), 'utf8');
          } catch {
            continue;
          }
          if (!text.includes(`To: ${email}`)) continue;
          const link = /https?:\/\/\S+(\/api\/verify-email\?token=\S+)/.exec(text)?.[1];
          if (link) return link;
        }
      }
      await sleep(100);
    }
    return undefined;
  };

  const roles = new SqliteEventStore(sqliteFile, 30_000);
  const plan = (n: number) => ({
    planType: 'workout',
    name: `Soak plan ${n}`,
    description: 'Soak',
    goal: 'Strength',
    level: 'Beginner',
    duration_weeks: 4,
    workouts: [{ day: 1, summary: 'Full body', exercises: [{ name: 'Squat', sets: 3, reps: 8, duration: 60 }] }],
  });

  const signupBody = (n: number) => ({
    email: `soak${n}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'soak-pass-1',
    username: `soak_${n}_${randomUUID().slice(0, 6)}`,
    age: 30,
    gender: 'Other',
    height: 66,
    weight: 160,
    primaryGoal: 'Stay fit',
    activityLevel: 'Very active',
  });

  /** Sign-up, the mail's link, login, a subscription (granted as `npm run admin` would), login again. */
  async function onboard(n: number): Promise<{ token: string; email: string; password: string } | undefined> {
    const body = signupBody(n);
    const signup = await command('signup', 'POST', '/api/signup-email', body);
    if (signup?.status !== 201) return void problems.push(`sign-up ${n} answered ${signup?.status}`);
    const link = await mailLink(body.email);
    if (!link) return void problems.push(`no verification mail for ${body.email}`);
    await read(link);
    const login = async () => {
      for (let i = 0; i < 30; i += 1) {
        const res = await command('login', 'POST', '/api/login', { identifier: body.email, password: body.password });
        if (res?.status === 200) return res.body.token as string;
        await sleep(200);
      }
      return undefined;
    };
    const first = await login();
    if (!first) return void problems.push(`${body.email} could not log in`);
    const { sub } = JSON.parse(Buffer.from(first.split('.')[1]!, 'base64url').toString());
    await appendRoleGranted(roles, sub, 3, 'soak');
    const token = await login();
    return token ? { token, email: body.email, password: body.password } : undefined;
  }

  /** The mixed workload of one signed-in user until the deadline. */
  async function work(n: number, account: { token: string; email: string; password: string }) {
    const { token } = account;
    let regimenId: string | undefined;
    while (Date.now() < deadline || (acknowledged.length < (options.minAcknowledged ?? 0) && Date.now() < lastCall)) {
      const pick = Math.random();
      if (pick < 0.05) {
        await command('signup', 'POST', '/api/signup-email', signupBody(n));
      } else if (pick < 0.1) {
        await command('login', 'POST', '/api/login', { identifier: account.email, password: account.password });
      } else if (pick < 0.3) {
        await command('profile', 'PUT', '/api/profile', { name: `Soak ${n}`, age: 30, gender: 'Other', height: 66, weight: 120 + Math.round(Math.random() * 1000) / 10, targetWeight: 150 }, token);
      } else if (pick < 0.4) {
        const saved = await command('savePlan', 'POST', '/api/savePlan', plan(n), token);
        regimenId = saved?.body?.regimenId ?? regimenId;
      } else if (pick < 0.5 && regimenId) {
        const started = await command('start-workout', 'POST', '/api/dashboard/start-workout', { regimenId }, token);
        if (started && started.status < 300) await command('end-workout', 'PUT', '/api/workout-session/end', {}, token);
      } else if (pick < 0.6) {
        await command('ticket', 'POST', '/api/ticket-report', { component: 'Chat', description: `Soak ticket ${randomUUID()}` }, token);
      } else {
        await read(pick < 0.8 ? '/api/dashboard/summary' : '/api/profile', token);
      }
      await sleep(100 + Math.random() * 400);
    }
  }

  // Everyone signs up first, eight at a time (people arrive spread out; 200 scrypt hashes at once would only time
  // each other out on a small machine), then the clock of the run starts.
  const accounts: Array<Awaited<ReturnType<typeof onboard>>> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let n = next++; n < options.users; n = next++) accounts[n] = await onboard(n);
    }),
  );
  log(`soak: ${accounts.filter(Boolean).length} users signed up, verified and subscribed`);
  deadline = Date.now() + options.durationMs;
  lastCall = Date.now() + 15 * options.durationMs;

  // The faults, at random moments that do not overlap (a restart while the lock is held would only wait it out).
  const at = (fraction: number) => Math.round(options.durationMs * fraction);
  const lockAt = at(0.3 + Math.random() * 0.1);
  const lockWindow = [lockAt - 1000, lockAt + options.lockMs + 2000];
  const killTimes = Array.from({ length: options.kills }, (_, i) => at(0.1 + (0.8 * (i + Math.random())) / options.kills))
    .map((t) => (t >= lockWindow[0]! && t <= lockWindow[1]! ? lockWindow[1]! + 500 : t))
    .sort((a, b) => a - b);
  const started = Date.now();
  let killsSurvived = 0;
  let lockHeldMs = 0;
  let redisStoppedMs = 0;
  const faults = (async () => {
    const events = [
      ...killTimes.map((t) => ({ t, run: async () => {
        log(`soak: SIGKILL the server at ${((Date.now() - started) / 1000).toFixed(1)} s`);
        server!.kill('SIGKILL');
        await exited(server!);
        await startServer();
        log('soak: the server answers again');
        killsSurvived += 1;
      } })),
      { t: lockAt, run: async () => {
        if (options.lockMs <= 0) return;
        log(`soak: another process holds the write lock for ${options.lockMs} ms`);
        const other = new Database(sqliteFile);
        other.pragma('busy_timeout = 5000');
        other.exec('BEGIN IMMEDIATE');
        const held = Date.now();
        await sleep(options.lockMs);
        other.exec('ROLLBACK');
        other.close();
        lockHeldMs = Date.now() - held;
      } },
      ...(useRedis && options.redisStopMs > 0 ? [{ t: at(0.6), run: async () => {
        log(`soak: Redis stopped for ${options.redisStopMs} ms`);
        const stoppedAt = Date.now();
        redis!.kill('SIGTERM');
        await exited(redis!);
        await sleep(options.redisStopMs);
        await startRedis();
        redisStoppedMs = Date.now() - stoppedAt;
      } }] : []),
    ].sort((a, b) => a.t - b.t);
    // Faults run one after another; the Redis stop runs beside the others, as it would in life.
    const side: Promise<void>[] = [];
    for (const event of events) {
      const wait = started + event.t - Date.now();
      if (wait > 0) await sleep(wait);
      if (event.t === at(0.6) && useRedis && options.redisStopMs > 0) side.push(event.run());
      else await event.run();
    }
    await Promise.all(side);
  })();

  await Promise.all([...accounts.map((account, n) => account && work(n, account)), faults.then(() => log('soak: faults done'))]);
  const durationMs = Date.now() - started;

  let phases: PhaseFigures[] = [];
  let quietP99Ms: number | undefined;
  const [bystander, attacker] = accounts.filter(Boolean);
  if (options.phases && bystander && attacker) {
    const rawPost = async (p: string, body: string) => {
      requests += 1;
      const res = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      if (res.status >= 500) unexpected5xx += 1;
      return res.status;
    };
    const serverRssMb = () => {
      try {
        const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server?.pid}/status`, 'utf8'))?.[1];
        return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
      } catch {
        return undefined;
      }
    };
    ({ phases, quietP99Ms } = await runPhases({ call, rawPost, base, only: options.onlyPhases, attacker: attacker.token, bystander: bystander.token, sqliteFile, sizes: options.phases, log, serverRssMb }));
  }
  log(`soak: load done after ${(durationMs / 1000).toFixed(1)} s; waiting for the projector and the mail`);

  // Quiet: the projector catches up and every mail job is done, then the server stops cleanly.
  const store = new SqliteEventStore(sqliteFile, 30_000);
  const all: RecordedEvent[] = [];
  const readLog = async () => {
    all.length = 0;
    for (let after = 0; ; ) {
      const page = await store.readAll(after, 5000);
      if (page.length === 0) break;
      all.push(...page);
      after = page[page.length - 1]!.position;
    }
  };
  const mailEvents = () => all.filter((e) => e.type === 'VerificationMailRequested' || e.type === 'ExistingAccountMailRequested');
  const missingMails = () => mailEvents().filter((e) => !fs.existsSync(path.join(outbox, `${e.id}.eml`)));
  for (let i = 0; i < 600; i += 1) {
    await readLog();
    const health = await read('/api/health');
    if (health?.body?.position === health?.body?.head && missingMails().length === 0) break;
    await sleep(100);
  }
  log('soak: quiet; stopping the server');
  server!.kill('SIGTERM');
  await exited(server!);
  redis?.kill('SIGTERM');
  if (redis) await exited(redis);
  await readLog();
  await roles.close();
  compiled.remove();

  // Every acknowledged command is in the log exactly once, checked by its key (the events' correlation id).
  const byKey = new Map<string, RecordedEvent[]>();
  for (const event of all) {
    const key = event.metadata.correlationId;
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), event]);
  }
  let eventsLost = 0;
  let appliedTwice = 0;
  for (const { key, what } of acknowledged) {
    const events = byKey.get(key) ?? [];
    // A profile save that changed nothing appends nothing; every other acknowledged command here appends.
    if (events.length === 0 && what !== 'profile') {
      eventsLost += 1;
      problems.push(`acknowledged ${what} ${key} has no event in the log`);
    }
    const facts = events.map((e) => `${e.stream} ${e.type}`);
    if (new Set(facts).size !== facts.length) {
      appliedTwice += 1;
      problems.push(`${what} ${key} was applied twice: ${facts.join(', ')}`);
    }
  }

  // Read models equal a fresh `npm run replay` of the same log.
  const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainer-soak-replay-'));
  // VACUUM INTO copies what the WAL holds too, which a file copy would miss.
  const source = new Database(sqliteFile);
  source.exec(`VACUUM INTO '${path.join(copyDir, 'trainer.sqlite').replace(/'/g, "''")}'`);
  source.close();
  const replay = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: copyDir }, encoding: 'utf8' });
  if (replay.status !== 0) problems.push(`npm run replay failed: ${replay.stderr.slice(0, 500)}`);
  const docs = (file: string) => {
    const db = new Database(file, { readonly: true });
    const rows = db.prepare<[], { collection: string; key: string; doc: string }>('SELECT collection, key, doc FROM read_models').all();
    db.close();
    return new Map(rows.map((r) => [`${r.collection}/${r.key}`, r.doc]));
  };
  log('soak: replayed');
  const live = docs(sqliteFile);
  const replayed = docs(path.join(copyDir, 'trainer.sqlite'));
  let readModelDiffs = 0;
  for (const key of new Set([...live.keys(), ...replayed.keys()])) {
    if (live.get(key) !== replayed.get(key)) {
      readModelDiffs += 1;
      if (readModelDiffs <= 5) problems.push(`read model ${key} differs from a fresh replay`);
    }
  }

  // No mail job lost; reruns (a job the server ran and was killed before it could acknowledge) are counted.
  const jobsLost = missingMails().length;
  const sent = fs
    .readFileSync(path.join(dataDir, 'server.log'), 'utf8')
    .split('\n')
    .map((line) => /written to (\S+\.eml)/.exec(line)?.[1])
    .filter(Boolean);
  const jobsRerun = sent.length - new Set(sent).size;
  if (unexpected5xx > 0) problems.push(`${unexpected5xx} answers were 5xx other than 503`);
  if (jobsLost > 0) problems.push(`${jobsLost} mail jobs were lost`);
  await store.close();
  fs.closeSync(serverLog);
  if (problems.length === 0) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(copyDir, { recursive: true, force: true });
  } else problems.push(`data kept in ${dataDir}`);

  return {
    durationMs,
    requests,
    acknowledgedCommands: acknowledged.length,
    refusedCommands: refused,
    abandonedCommands: abandoned,
    killsSurvived,
    lockHeldMs,
    redisStoppedMs,
    byStatus,
    networkErrors,
    unexpected5xx,
    busy503,
    eventsLost,
    appliedTwice,
    eventsInLog: all.length,
    readModelDiffs,
    quietP99Ms,
    phases,
    mailJobs: mailEvents().length,
    jobsLost,
    jobsRerun,
    problems,
  };
}
