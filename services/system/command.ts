import type { Router } from 'express';
import { openEventStore } from '../../events/store/open.js';
import { commandRouter } from '../command/src/app.js';
import { resumeDeletions } from '../command/src/accounts/deletion.js';
import { commandDeps, type CommandPartDeps } from './commandDeps.js';
import { loadTokens } from '../platform/auth.js';
import type { Config } from '../platform/config.js';
import { errorHandler, notFoundHandler } from '../platform/http.js';
import { openCountStore } from '../platform/rateLimit.js';
import { connectRedis } from '../platform/redis.js';
import { BEHIND_GATEWAY_TRUST, baseApp } from './http.js';
import { serviceLog, type Service, type ServiceOptions } from './service.js';

export type { CommandPartDeps } from './commandDeps.js';

/** The write side's routes, ready to mount under /api. It holds nothing that needs closing. */
export function commandPart(deps: CommandPartDeps): Router {
  const { log } = deps;
  const command = commandDeps(deps);
  // Deletions a crash left half done are finished at every start (each step is idempotent, so instances may overlap).
  void resumeDeletions(command).then(
    (finished) => finished.length > 0 && log.info(`finished ${finished.length} deletion(s) left unfinished`),
    (error: unknown) => log.error('could not finish the deletions left unfinished; the next start tries again', error),
  );
  return commandRouter(command);
}

/** `npm run start:command`: the write side alone. Stateless, so any number can run behind the gateway. */
export async function startCommandService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const log = serviceLog('command', config, options);
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile: config.sqliteFile, writeWaitMs: config.STORE_BUSY_MAX_WAIT_MS });
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, config.REDIS_PREFIX, log) : undefined;
  const app = baseApp(BEHIND_GATEWAY_TRUST, config.publicUrl);
  app.get('/api/health', async (_req, res) => {
    res.json({ status: 'ok', service: 'command', head: await events.headPosition() });
  });
  const tokens = loadTokens(config, redis);
  const counts = openCountStore(config.sqliteFile, redis);
  app.use('/api', commandPart({ config, events, tokens, log, now: options.now ?? (() => new Date()), counts: counts.counts }));
  app.use('/api', notFoundHandler);
  app.use(errorHandler(log));
  return {
    app,
    log,
    describe: `command service (log: ${events.kind}, limits counted in: ${redis ? 'redis' : 'the SQLite file'})`,
    async close() {
      await tokens.signIns.close();
      counts.close();
      redis?.disconnect();
      await events.close();
    },
  };
}
