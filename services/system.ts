import express from 'express';
import { loadVapidKeys } from './platform/vapid.js';
import fs from 'node:fs';
import path from 'node:path';
import { openEventStore } from '../events/store/open.js';
import type { EventStore } from '../events/store/port.js';
import { loadTokens } from './platform/auth.js';
import { paymentProviderOf, type Config } from './platform/config.js';
import { errorHandler, notFoundHandler } from './platform/http.js';
import { createLogger, type Logger } from './platform/logger.js';
import { openCountStore } from './platform/rateLimit.js';
import { connectRedis } from './platform/redis.js';
import type { Projector } from './query/src/projector.js';
import type { ReadModelStore } from './query/src/store/port.js';
import { commandPart } from './system/command.js';
import { EMBEDDED_TRUST, baseApp } from './system/http.js';
import { openServiceReadModels } from './system/readModels.js';
import { startQueryPart } from './system/query.js';
import { startWorkersPart } from './system/workers.js';
import { compressedAnswers, crawlerFiles, webApp } from './system/webApp.js';
import type { Dispatcher } from './workers/src/dispatcher.js';
import type { JobQueue } from './workers/src/jobs/port.js';

export { startCommandService } from './system/command.js';
export { startQueryService } from './system/query.js';
export { startWorkersService } from './system/workers.js';

export interface System {
  app: express.Express;
  config: Config;
  events: EventStore;
  readModels: ReadModelStore;
  projector: Projector;
  queue: JobQueue;
  /** Undefined only while another process holds the dispatcher lease (Redis set, same REDIS_PREFIX). */
  dispatcher: Dispatcher | undefined;
  log: Logger;
  close(): Promise<void>;
}

export interface SystemOptions {
  now?: () => Date;
  log?: Logger;
}

/**
 * The built web app, web/dist in the repo's root: the nearest folder up from here holding package.json, so it is
 * found alike from services/ (run through tsx) and from dist/services/ (the compiled build, `npm run build:server`).
 */
const webDist = path.join(repoRoot(import.meta.dirname), 'web/dist');

function repoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/**
 * The embedded default: command, query and workers parts in one process on one port, with the built web app.
 * Each part talks to the others only through the event log, as the separate production services do
 * (`startCommandService`, `startQueryService`, `startWorkersService`).
 */
export async function startSystem(config: Config, options: SystemOptions = {}): Promise<System> {
  const log = options.log ?? createLogger('trainer', config.LOG_LEVEL);
  const now = options.now ?? (() => new Date());
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile: config.sqliteFile, writeWaitMs: config.STORE_BUSY_MAX_WAIT_MS });
  const readModels = await openServiceReadModels(config, events, log);
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, config.REDIS_PREFIX, log) : undefined;
  const tokens = loadTokens(config, redis);

  const query = await startQueryPart({ events, readModels, tokens, log, now, redis, paymentProvider: paymentProviderOf(config), pushPublicKey: loadVapidKeys(config).publicKey });
  const workers = await startWorkersPart({ config, events, readModels, tokens, log, redis, now });

  const app = baseApp(EMBEDDED_TRUST, config.publicUrl);
  app.get('/api/health', async (_req, res) => {
    const { halted, checkpointsPastHead } = query.projector;
    const status = halted.length > 0 || checkpointsPastHead.length > 0 ? 'degraded' : 'ok';
    res.json({ status, position: await query.position(), head: await events.headPosition(), halted, checkpointsPastHead });
  });
  app.use('/api', compressedAnswers());
  app.use('/api', query.router);
  const counts = openCountStore(config.sqliteFile, redis);
  app.use('/api', commandPart({ config, events, tokens, log, now, counts: counts.counts }));
  app.use('/api', notFoundHandler);
  app.use(crawlerFiles(config.publicUrl));
  if (fs.existsSync(webDist)) app.use(webApp(webDist));
  app.use(errorHandler(log));

  return {
    app,
    config,
    events,
    readModels,
    projector: query.projector,
    queue: workers.queue,
    get dispatcher() {
      return workers.dispatcher;
    },
    log,
    async close() {
      await workers.close();
      await query.close();
      await tokens.signIns.close();
      counts.close();
      redis?.disconnect();
      await readModels.close();
      await events.close();
    },
  };
}
