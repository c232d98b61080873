import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { signupPayload } from '../support/accounts.js';
import { jsonCall, type JsonCall } from '../../scripts/support/http.js';
import { verificationLinkIn } from '../../scripts/support/outbox.js';
import { tempDir } from '../support/server.js';
import { dropPrefix, redisOrSkip, testRedisPrefix, testRedisUrl } from './redis.js';

const root = path.resolve(import.meta.dirname, '../..');

/** One service as its own `node` process, as `npm run start:<part>` starts it; its log kept for failures. */
class ServiceProcess {
  readonly child: ChildProcess;
  log = '';
  url = '';
  private readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    main: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (chunk) => (this.log += chunk));
    this.child.stderr!.on('data', (chunk) => (this.log += chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /**
   * Resolves once the service said it started (and, with HTTP, on which port). A clean checkout's first start compiles
   * the service's whole tree through tsx, beside the rest of the suite: that, not the service, is what the wait allows for.
   */
  async ready(timeoutMs = 75_000): Promise<this> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const port = /listening on port (\d+)/.exec(this.log)?.[1];
      if (port) return (this.url = `http://127.0.0.1:${port}`), this;
      if (/"message":"workers service .* started"/.test(this.log)) return this;
      if (this.child.exitCode !== null) throw new Error(`${this.name} exited with ${this.child.exitCode}:\n${this.log}`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not start:\n${this.log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** fetch against the service, once it is ready. */
  call(...args: Parameters<JsonCall>) {
    return jsonCall(this.url)(...args);
  }

  /** SIGTERM, as docker stops a container; resolves to the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}

describe('command, query and workers as separate processes', function () {
  this.timeout(150_000);
  let redis: Redis;
  let prefix: string;
  let dataDir: string;
  const services: ServiceProcess[] = [];
  let command: ServiceProcess;
  let queryHolder: ServiceProcess;
  let queryOther: ServiceProcess;
  let workers: ServiceProcess;
  /** The user signed up through the separate services, for the takeover test. */
  let token: string;

  before(async function () {
    redis = await redisOrSkip(this);
    prefix = testRedisPrefix();
    dataDir = tempDir('trainer-services-');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'info',
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    };
    // One SQLite file shared by the processes stands in for EventStoreDB and MongoDB here.
    delete env.EVENTSTORE_URL;
    delete env.MONGO_URL;
    const start = (name: string, main: string) => {
      const service = new ServiceProcess(name, main, env);
      services.push(service);
      return service;
    };
    [workers, command, queryHolder] = await Promise.all([
      start('workers', 'services/workers/src/main.ts').ready(),
      start('command', 'services/command/src/main.ts').ready(),
      start('query', 'services/query/src/main.ts').ready(),
    ]);
    // Started after the first has taken the projector lease, so it answers from checkpoints someone else writes.
    queryOther = await start('second query', 'services/query/src/main.ts').ready();
  });

  /** Saves the profile on the command service and reads it back, not stale, from the second query instance; returns the save's position. */
  async function saveThenRead(profile: { name: string; weight: number } & Record<string, unknown>): Promise<number> {
    const saved = await command.call('PUT', '/api/profile', { token, json: profile });
    expect(saved.status).to.equal(200);
    const reread = await queryOther.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(saved.body.position) } });
    expect(reread.headers.get('x-read-stale')).to.equal(null);
    expect(reread.body).to.include({ name: profile.name, weight_lb: profile.weight });
    return saved.body.position;
  }

  afterEach(function () {
    if (this.currentTest?.state === 'failed') for (const s of services) console.log(`--- ${s.name} log ---\n${s.log}`);
  });

  after(async () => {
    await Promise.all(services.map((s) => s.stop()));
    if (redis) {
      await dropPrefix(redis, prefix);
      redis.disconnect();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs one projector and one dispatcher, each holding its lease in Redis', async () => {
    expect((await queryHolder.call('GET', '/api/health')).body).to.include({ status: 'ok', service: 'query', projector: 'here' });
    expect((await queryOther.call('GET', '/api/health')).body).to.include({ status: 'ok', service: 'query', projector: 'elsewhere' });
    expect((await command.call('GET', '/api/health')).body).to.include({ status: 'ok', service: 'command' });
    expect(await redis.exists(`${prefix}:lease:projector`, `${prefix}:lease:dispatcher`)).to.equal(2);
  });

  it('keeps writes on the command service and reads on the query service', async () => {
    expect((await command.call('GET', '/api/profile')).status).to.equal(404);
    expect((await queryHolder.call('POST', '/api/login', { json: { identifier: 'a@example.com', password: 'x' } })).status).to.equal(404);
  });

  it('signs up on command, mails through BullMQ from workers, and reads the profile from a query instance without the projector', async () => {
    const username = `sep${randomBytes(3).toString('hex')}`;
    const payload = signupPayload({ username });
    const signup = await command.call('POST', '/api/signup-email', { json: payload });
    expect(signup.status).to.equal(201);

    const link = new URL(await verificationLinkIn(dataDir, payload.email, 15_000));
    const [mailJob] = await redis.keys(`${prefix}:mail:*`);
    expect(mailJob, 'the mail went through a BullMQ queue under the prefix').to.be.a('string');

    expect((await command.call('GET', link.pathname + link.search)).status).to.equal(302);
    const login = await command.call('POST', '/api/login', { json: { identifier: payload.email, password: payload.password } });
    expect(login.status).to.equal(200);
    token = login.body.token;

    const profile = await queryOther.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(login.body.position) } });
    expect(profile.status).to.equal(200);
    expect(profile.headers.get('x-read-stale')).to.equal(null);
    expect(profile.body).to.include({ email: payload.email, name: username, role: 1 });

    // Read-your-writes across processes: the very next read already shows the change.
    const position = await saveThenRead({ name: 'Renamed Elsewhere', age: 31, gender: 'Female', height: 66, weight: 158, targetWeight: 145 });

    // A position the log has not reached: the instance really waits (2 s) and then says the answer may be stale.
    const startedAt = Date.now();
    const ahead = await queryOther.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(position + 1000) } });
    expect(ahead.status).to.equal(200);
    expect(ahead.headers.get('x-read-stale')).to.equal('true');
    expect(Date.now() - startedAt).to.be.at.least(1900);
  });

  it('hands the projector to the other query instance when its holder stops, and releases the leases on SIGTERM', async () => {
    expect(await queryHolder.stop(), 'clean exit').to.equal(0);
    const deadline = Date.now() + 15_000;
    while ((await queryOther.call('GET', '/api/health')).body.projector !== 'here') {
      if (Date.now() > deadline) throw new Error('the second query instance never took the projector over');
      await new Promise((r) => setTimeout(r, 100));
    }

    await saveThenRead({ name: 'Renamed Again', age: 32, gender: 'Female', height: 66, weight: 157, targetWeight: 145 });

    expect(await workers.stop()).to.equal(0);
    expect(await queryOther.stop()).to.equal(0);
    expect(await command.stop()).to.equal(0);
    expect(await redis.exists(`${prefix}:lease:projector`, `${prefix}:lease:dispatcher`), 'both released').to.equal(0);
  });
});
