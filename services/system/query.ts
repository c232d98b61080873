import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { openEventStore } from '../../events/store/open.js';
import type { EventStore } from '../../events/store/port.js';
import { loadTokens, type Tokens } from '../platform/auth.js';
import { paymentProviderOf, type Config } from '../platform/config.js';
import { errorHandler, notFoundHandler } from '../platform/http.js';
import { runUnderLease, type Lease } from '../platform/lease.js';
import type { Logger } from '../platform/logger.js';
import { connectRedis } from '../platform/redis.js';
import { queryRouter } from '../query/src/app.js';
import { roleFromReadModel } from '../query/src/context.js';
import { Projector } from '../query/src/projector.js';
import { projections, retiredProjections } from '../query/src/projections.js';
import { openServiceReadModels } from './readModels.js';
import type { ReadModelStore } from '../query/src/store/port.js';
import { waitForCheckpoints } from './checkpoints.js';
import { crawlerFiles } from './webApp.js';
import { BEHIND_GATEWAY_TRUST, baseApp } from './http.js';
import { loadVapidKeys } from '../platform/vapid.js';
import { serviceLog, type Service, type ServiceOptions } from './service.js';

export const PROJECTOR_LEASE = 'lease:projector';

export interface QueryPartDeps {
  events: EventStore;
  readModels: ReadModelStore;
  tokens: Tokens;
  log: Logger;
  now(): Date;
  /** With Redis, only the instance holding the projector lease runs the projector. */
  redis?: Redis;
  leaseTtlMs?: number;
  paymentProvider: 'stripe' | 'test';
  /** The VAPID public key devices subscribe to push with. */
  pushPublicKey: string;
}

export interface QueryPart {
  /** The read side's GET routes, ready to mount under /api. */
  router: RequestHandler;
  projector: Projector;
  /** Held when the projector runs in this process. */
  projectorLease: Lease;
  /** How far the read models have applied the log, wherever the projector runs. */
  position(): Promise<number>;
  close(): Promise<void>;
}

export async function startQueryPart(deps: QueryPartDeps): Promise<QueryPart> {
  const { events, readModels, tokens, log, now } = deps;
  const names = projections.map((p) => p.name);
  await readModels.reset(retiredProjections);
  const projector = new Projector(events, readModels, projections, (message, error) => log.error(message, error));
  const projectorLease = await runUnderLease(
    { start: () => projector.start(), stop: () => projector.stop() },
    { redis: deps.redis, key: PROJECTOR_LEASE, ttlMs: deps.leaseTtlMs, log },
  );
  // Read-your-writes: the projector here hears its own progress at once; otherwise the stored checkpoints tell.
  const waitFor = (position: number, timeoutMs: number) =>
    projectorLease.held ? projector.waitFor(position, timeoutMs) : waitForCheckpoints(readModels, names, position, timeoutMs);
  const position = async () =>
    projectorLease.held ? projector.position : Math.min(...(await readModels.checkpoints(names)).values());
  return {
    router: queryRouter({ readModels, events, tokens, log, now, waitFor, roleOf: roleFromReadModel(readModels), paymentProvider: deps.paymentProvider, pushPublicKey: deps.pushPublicKey }),
    projector,
    projectorLease,
    position,
    close: () => projectorLease.close(),
  };
}

/** `npm run start:query`: the read side alone. Any number can serve GETs; one at a time runs the projector. */
export async function startQueryService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const log = serviceLog('query', config, options);
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile: config.sqliteFile, writeWaitMs: config.STORE_BUSY_MAX_WAIT_MS });
  const readModels = await openServiceReadModels(config, events, log);
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, config.REDIS_PREFIX, log) : undefined;
  const tokens = loadTokens(config, redis);
  const query = await startQueryPart({ events, readModels, tokens, log, now: options.now ?? (() => new Date()), redis, paymentProvider: paymentProviderOf(config), pushPublicKey: loadVapidKeys(config).publicKey });
  const app = baseApp(BEHIND_GATEWAY_TRUST, config.publicUrl);
  app.get('/api/health', async (_req, res) => {
    const { halted, checkpointsPastHead } = query.projector;
    res.json({
      status: halted.length > 0 || checkpointsPastHead.length > 0 ? 'degraded' : 'ok',
      halted,
      checkpointsPastHead,
      service: 'query',
      projector: query.projectorLease.held ? 'here' : 'elsewhere',
      position: await query.position(),
      head: await events.headPosition(),
    });
  });
  app.use('/api', query.router);
  app.use('/api', notFoundHandler);
  // The gateway (deploy/nginx.conf) sends crawlers' requests for these here: they name the public address.
  app.use(crawlerFiles(config.publicUrl));
  app.use(errorHandler(log));
  return {
    app,
    log,
    describe: `query service (log: ${events.kind}, read models: ${readModels.kind}, projector: ${query.projectorLease.held ? 'here' : 'waiting for its lease'})`,
    async close() {
      await query.close();
      await tokens.signIns.close();
      redis?.disconnect();
      await readModels.close();
      await events.close();
    },
  };
}
