import express from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { openEventStore } from '../events/store/open.js';
import type { EventStore } from '../events/store/port.js';
import { commandRouter } from './command/src/app.js';
import { LoginLimiter } from './command/src/accounts/loginLimiter.js';
import { roleFromLog } from './command/src/accounts/role.js';
import { loadTokens } from './platform/auth.js';
import type { Config } from './platform/config.js';
import { errorHandler, notFoundHandler } from './platform/http.js';
import { createLogger, type Logger } from './platform/logger.js';
import { queryRouter } from './query/src/app.js';
import { Projector } from './query/src/projector.js';
import { projections } from './query/src/projections.js';
import { openReadModelStore } from './query/src/store/open.js';
import type { ReadModelStore } from './query/src/store/port.js';
import type { Dispatcher } from './workers/src/dispatcher.js';
import { openJobQueue } from './workers/src/jobs/open.js';
import type { JobQueue } from './workers/src/jobs/port.js';
import { startWorkers } from './workers/src/workers.js';

export interface System {
  app: express.Express;
  config: Config;
  events: EventStore;
  readModels: ReadModelStore;
  projector: Projector;
  queue: JobQueue;
  dispatcher: Dispatcher;
  log: Logger;
  close(): Promise<void>;
}

export interface SystemOptions {
  now?: () => Date;
  log?: Logger;
}

export const sqliteFileOf = (config: Config) => path.join(config.dataDir, 'trainer.sqlite');
const webDist = path.resolve(import.meta.dirname, '../web/dist');

/**
 * The embedded default: command, query and workers parts in one process on one port, with the built web app.
 * Each part talks to the others only through the event log, as the separate production services do.
 */
export async function startSystem(config: Config, options: SystemOptions = {}): Promise<System> {
  const log = options.log ?? createLogger('trainer', config.LOG_LEVEL);
  const now = options.now ?? (() => new Date());
  const sqliteFile = sqliteFileOf(config);
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, sqliteFile });
  const readModels = await openReadModelStore({ mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile });
  const tokens = loadTokens(config);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  redis?.on('error', (error) => log.warn('redis error', error));

  const projector = new Projector(events, readModels, projections, (message, error) => log.error(message, error));
  await projector.start();
  const queue = await openJobQueue({ redisUrl: config.REDIS_URL }, log);
  const dispatcher = await startWorkers({
    events,
    checkpoints: readModels,
    queue,
    tokens,
    log,
    outboxDir: path.join(config.dataDir, 'outbox'),
    publicUrl: config.publicUrl,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.get('/api/health', async (_req, res) => {
    res.json({ status: 'ok', position: projector.position, head: await events.headPosition() });
  });
  app.use('/api', queryRouter({ readModels, tokens, log, now, waitFor: (p, t) => projector.waitFor(p, t) }));
  app.use(
    '/api',
    commandRouter({ store: events, tokens, config, log, now, roleOf: roleFromLog(events), loginLimiter: new LoginLimiter(config, redis) }),
  );
  app.use('/api', notFoundHandler);
  if (fs.existsSync(webDist)) {
    app.use(express.static(webDist, { index: false }));
    // Client-side routes (/login, /work, …) all load the one page.
    app.get(/^\/(?!api\/).*/, (_req, res) => res.sendFile(path.join(webDist, 'index.html')));
  }
  app.use(errorHandler(log));

  return {
    app,
    config,
    events,
    readModels,
    projector,
    queue,
    dispatcher,
    log,
    async close() {
      await dispatcher.stop();
      await queue.close();
      await projector.stop();
      redis?.disconnect();
      await readModels.close();
      await events.close();
    },
  };
}
