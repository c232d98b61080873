import path from 'node:path';
import type { Redis } from 'ioredis';
import { openEventStore } from '../../events/store/open.js';
import type { EventStore } from '../../events/store/port.js';
import { loadTokens, type Tokens } from '../platform/auth.js';
import type { Config } from '../platform/config.js';
import { runUnderLease, type Lease } from '../platform/lease.js';
import type { Logger } from '../platform/logger.js';
import { connectRedis } from '../platform/redis.js';
import { openServiceReadModels } from './readModels.js';
import { projections } from '../query/src/projections.js';
import { truncateWal, vacuum } from '../../lowlevel/sqlite.js';
import { waitForCheckpoints } from './checkpoints.js';
import type { ReadModelStore } from '../query/src/store/port.js';
import { Dispatcher } from '../workers/src/dispatcher.js';
import { openJobQueue } from '../workers/src/jobs/open.js';
import type { JobQueue } from '../workers/src/jobs/port.js';
import type { Mailer } from '../workers/src/mail/mailer.js';
import { openMailer } from '../workers/src/mail/open.js';
import { reminderSyncsOnStart } from '../workers/src/reminders/schedule.js';
import { jobRoutes, workJobs } from '../workers/src/workers.js';
import { serviceLog, type Service, type ServiceOptions } from './service.js';
import { commandDeps } from './commandDeps.js';
import { finishDeletion as finishDeletionOf } from '../command/src/accounts/deletion.js';
import { openCountStore } from '../platform/rateLimit.js';
import { loadVapidKeys } from '../platform/vapid.js';

export const DISPATCHER_LEASE = 'lease:dispatcher';

export interface WorkersPartDeps {
  config: Config;
  events: EventStore;
  /** The dispatcher keeps its checkpoint beside the read models'. */
  readModels: ReadModelStore;
  tokens: Tokens;
  log: Logger;
  /** With Redis, only the instance holding the dispatcher lease turns the log into jobs. */
  redis?: Redis;
  leaseTtlMs?: number;
  /** The clock of reminders and starter plans (tests move it); the real one by default. */
  now?: () => Date;
}

export interface WorkersPart {
  queue: JobQueue;
  mailer: Mailer;
  dispatcherLease: Lease;
  /** Undefined until this instance first held the dispatcher lease. */
  readonly dispatcher: Dispatcher | undefined;
  close(): Promise<void>;
}

export async function startWorkersPart(deps: WorkersPartDeps): Promise<WorkersPart> {
  const { config, events, readModels, tokens, log } = deps;
  const now = deps.now ?? (() => new Date());
  const queue = await openJobQueue({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, now }, log);
  const mailer = openMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox') }, log);
  // Every instance works the queues; only the one holding the lease turns the log into jobs.
  const storageForgot = async (position: number) => {
    const names = projections.map((p) => p.name);
    if (!(await waitForCheckpoints(readModels, names, position, 60_000))) throw new Error(`the read models have not reached the deletion at ${position} yet`);
    if (!(await vacuum(config.sqliteFile))) throw new Error('the SQLite file stayed in use; rebuilding it again later');
    if (!(await truncateWal(config.sqliteFile))) throw new Error('the SQLite WAL stayed in use; truncating it again later');
  };
  const counts = openCountStore(config.sqliteFile, deps.redis);
  const command = commandDeps({ config, events, tokens, log, now, counts: counts.counts });
  const finishDeletion = async (userId: string) => {
    const at = now().toISOString();
    await finishDeletionOf(command, { store: events, metadata: { userId, at } }, userId, at);
  };
  workJobs({ queue, events, readModels, tokens, mailer, log, publicUrl: config.publicUrl, vapid: loadVapidKeys(config), now, storageForgot, finishDeletion });
  if (queue.kind === 'in-process') {
    // Its schedules live in memory: bring back the reminder schedulers of this process's users.
    for (const job of await reminderSyncsOnStart(readModels, now())) await queue.add(job);
  }
  let dispatcher: Dispatcher | undefined;
  const dispatcherLease = await runUnderLease(
    {
      start: async () => {
        dispatcher ??= new Dispatcher(events, readModels, queue, jobRoutes, log);
        await dispatcher.start();
      },
      stop: async () => dispatcher?.stop(),
    },
    { redis: deps.redis, key: DISPATCHER_LEASE, ttlMs: deps.leaseTtlMs, log },
  );
  return {
    queue,
    dispatcherLease,
    get dispatcher() {
      return dispatcher;
    },
    mailer,
    async close() {
      await dispatcherLease.close();
      // Jobs in flight finish (BullMQ's worker.close() waits for them; the in-process queue drains) before mail closes.
      await queue.close();
      await mailer.close();
      counts.close();
    },
  };
}

/** `npm run start:workers`: the dispatcher (one instance at a time) and the job handlers; no HTTP. */
export async function startWorkersService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const log = serviceLog('workers', config, options);
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile: config.sqliteFile });
  const readModels = await openServiceReadModels(config, events, log);
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, config.REDIS_PREFIX, log) : undefined;
  const workers = await startWorkersPart({ config, events, readModels, tokens: loadTokens(config), log, redis, now: options.now });
  return {
    log,
    describe: `workers service (log: ${events.kind}, jobs: ${workers.queue.kind}, dispatcher: ${workers.dispatcherLease.held ? 'here' : 'waiting for its lease'}, mail: ${workers.mailer.kind === 'smtp' ? 'SMTP' : path.join(config.dataDir, 'outbox')})`,
    async close() {
      await workers.close();
      redis?.disconnect();
      await readModels.close();
      await events.close();
    },
  };
}
