import path from 'node:path';
import type { Redis } from 'ioredis';
import { openEventStore } from '../../events/store/open.js';
import type { EventStore } from '../../events/store/port.js';
import { loadTokens, type Tokens } from '../platform/auth.js';
import type { Config } from '../platform/config.js';
import { runUnderLease, type Lease } from '../platform/lease.js';
import type { Logger } from '../platform/logger.js';
import { connectRedis } from '../platform/redis.js';
import { openReadModelStore } from '../query/src/store/open.js';
import type { ReadModelStore } from '../query/src/store/port.js';
import { Dispatcher } from '../workers/src/dispatcher.js';
import { openJobQueue } from '../workers/src/jobs/open.js';
import type { JobQueue } from '../workers/src/jobs/port.js';
import { jobRoutes, workJobs } from '../workers/src/workers.js';
import { serviceLog, type Service, type ServiceOptions } from './service.js';

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
}

export interface WorkersPart {
  queue: JobQueue;
  dispatcherLease: Lease;
  /** Undefined until this instance first held the dispatcher lease. */
  readonly dispatcher: Dispatcher | undefined;
  close(): Promise<void>;
}

export async function startWorkersPart(deps: WorkersPartDeps): Promise<WorkersPart> {
  const { config, events, readModels, tokens, log } = deps;
  const queue = await openJobQueue({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }, log);
  // Every instance works the queues; only the one holding the lease turns the log into jobs.
  workJobs({ queue, tokens, log, outboxDir: path.join(config.dataDir, 'outbox'), publicUrl: config.publicUrl });
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
    async close() {
      await dispatcherLease.close();
      await queue.close();
    },
  };
}

/** `npm run start:workers`: the dispatcher (one instance at a time) and the job handlers; no HTTP. */
export async function startWorkersService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const log = serviceLog('workers', config, options);
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, sqliteFile: config.sqliteFile });
  const readModels = await openReadModelStore({ mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile: config.sqliteFile });
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, config.REDIS_PREFIX, log) : undefined;
  const workers = await startWorkersPart({ config, events, readModels, tokens: loadTokens(config), log, redis });
  return {
    log,
    describe: `workers service (log: ${events.kind}, jobs: ${workers.queue.kind}, dispatcher: ${workers.dispatcherLease.held ? 'here' : 'waiting for its lease'}, outbox: ${path.join(config.dataDir, 'outbox')})`,
    async close() {
      await workers.close();
      redis?.disconnect();
      await readModels.close();
      await events.close();
    },
  };
}
