import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { openEventStore } from '../../events/store/open.js';
import type { EventStore } from '../../events/store/port.js';
import { userStream } from '../../events/streams.js';
import { signUp } from '../../services/command/src/accounts/decide.js';
import { newAccountOf, signupInput } from '../../services/command/src/accounts/signupInput.js';
import { user } from '../../services/command/src/accounts/user.js';
import { loadTokens } from '../../services/platform/auth.js';
import { loadConfig } from '../../services/platform/config.js';
import type { Logger } from '../../services/platform/logger.js';
import { connectRedis } from '../../services/platform/redis.js';
import { openReadModelStore } from '../../services/query/src/store/open.js';
import type { ReadModelStore } from '../../services/query/src/store/port.js';
import { startWorkersPart, type WorkersPart } from '../../services/system/workers.js';
import { redisOrSkip } from '../platform/redis.js';
import { tempDir } from '../support/server.js';
import { until } from './support.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** A Redis of this test's own, without persistence, that the test can stop and start again on the same port. */
class OwnRedis {
  private child?: ChildProcess;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until(`redis-server on port ${this.port}`, () => new Promise<boolean>((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    }), 10_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

describe('workers: events appended while Redis is down become jobs once it is back, none twice', function () {
  this.timeout(90_000);
  let redisServer: OwnRedis;
  let events: EventStore;
  let readModels: ReadModelStore;
  let workers: WorkersPart;
  let leaseRedis: ReturnType<typeof connectRedis>;
  const mailed: string[] = [];
  /** The address of each mail asked for, by its id (the event's): the log names a mail by its id only. */
  const addressOf = new Map<string, string>();

  before(async function () {
    // The shared Redis says whether this machine has Redis at all; this test then runs its own redis-server.
    (await redisOrSkip(this)).disconnect();
    redisServer = new OwnRedis(await freePort());
    await redisServer.start();
    const config = loadConfig({ DATA_DIR: tempDir(), REDIS_URL: `redis://127.0.0.1:${redisServer.port}`, REDIS_PREFIX: 'down-test', LOG_LEVEL: 'silent' });
    events = await openEventStore({ sqliteFile: config.sqliteFile });
    readModels = await openReadModelStore({ mongoDb: config.MONGO_DB, sqliteFile: config.sqliteFile });
    // Every mail the workers write is one line here: a mail sent twice would show as two.
    const quiet = () => {};
    const log: Logger = {
      debug: quiet,
      warn: quiet,
      error: quiet,
      info: (message) => {
        const id = /^mail (\S+) written to/.exec(message)?.[1];
        if (id) mailed.push(addressOf.get(id) ?? id);
      },
    };
    leaseRedis = connectRedis(config.REDIS_URL!, config.REDIS_PREFIX, log);
    leaseRedis.on('error', quiet);
    workers = await startWorkersPart({ config, events, readModels, tokens: loadTokens(config), log, redis: leaseRedis, leaseTtlMs: 1500 });
  });
  after(async () => {
    await workers?.close();
    leaseRedis?.disconnect();
    await readModels?.close();
    await events?.close();
    await redisServer?.stop();
  });

  // A sign-up as the command side writes it: the mail job names the account, whose address the workers read from the log.
  const requestMail = async (email: string) => {
    const userId = randomUUID();
    const id = randomUUID();
    addressOf.set(id, email);
    const account = newAccountOf(signupInput.parse({ email, password: 'secret123', age: 30, height: 66, weight: 160, primaryGoal: 'Lose weight', activityLevel: 'Very active' }));
    const signedUp = signUp(user.initialState, { userId, ...account, passwordHash: 'hash', now: new Date().toISOString() });
    await events.append(userStream(userId), signedUp.map((e) => (e.type === 'VerificationMailRequested' ? { ...e, id } : e)), 'any');
  };

  it('queues what was appended during the outage after Redis returns, and re-sends nothing from before', async () => {
    // given three mails sent while Redis is up
    const before = ['a@example.com', 'b@example.com', 'c@example.com'];
    for (const email of before) await requestMail(email);
    await until('the first three mails', () => mailed.length === 3, 20_000);

    // when Redis goes away (and comes back empty: no persistence) while five more mails are asked for
    await redisServer.stop();
    const during = ['d@example.com', 'e@example.com', 'f@example.com', 'g@example.com', 'h@example.com'];
    for (const email of during) await requestMail(email);
    await new Promise((r) => setTimeout(r, 2000));
    expect(mailed, 'nothing can be queued while Redis is down').to.have.length(3);
    await redisServer.start();

    // then every one of the five is mailed, and none of the first three again
    await until('the five mails asked for during the outage', () => during.every((email) => mailed.includes(email)), 40_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect([...mailed].sort()).to.deep.equal([...before, ...during].sort());
  });
});
