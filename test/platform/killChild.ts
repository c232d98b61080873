import express from 'express';
import type { AddressInfo } from 'node:net';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { resumeDeletions } from '../../services/command/src/accounts/deletion.js';
import { deletionRoutes } from '../../services/command/src/accounts/deletionRoutes.js';
import { passwordRoutes } from '../../services/command/src/accounts/passwordRoutes.js';
import { savePlanRoutes } from '../../services/command/src/savePlanRoute.js';
import { loadTokens } from '../../services/platform/auth.js';
import { loadConfig } from '../../services/platform/config.js';
import { errorHandler, jsonBody } from '../../services/platform/http.js';
import { idempotentAnswers } from '../../services/platform/idempotency.js';
import { createLogger } from '../../services/platform/logger.js';
import { openCountStore } from '../../services/platform/rateLimit.js';
import { commandDeps } from '../../services/system/commandDeps.js';

/**
 * The process test/platform/killed.int.spec.ts SIGKILLs: the command service's real routes for deletion, password
 * change and reset, and plan saves, over DATA_DIR's SQLite file, and nothing else, so that it starts in a fraction of
 * the whole server's time. It opens the file when its parent says so, after the kill of the one before: that is the
 * restart, and the command service's start-up sweep runs first (services/system/command.ts). It tells its parent its port once it listens, and is never stopped but by a kill.
 * Once it listens, the parent may name a number of writes (`{ killAfterWrites: n }`, answered `{ armed: true }`): the
 * process then SIGKILLs itself right after its n-th write from then on (0: as its next write begins), so a kill lands at
 * each point of a write path in turn rather than wherever a timer happens to fall.
 */
// Loaded ahead of need, it waits for its parent's word (the kill of the one before) to open the file; a parent gone
// leaves it nothing to do.
process.once('disconnect', () => process.exit(0));
await new Promise((resolve) => process.once('message', resolve));
const config = loadConfig();
const log = createLogger('killed', 'silent');
const store = new SqliteEventStore(config.sqliteFile, config.STORE_BUSY_MAX_WAIT_MS);
const counts = openCountStore(config.sqliteFile).counts;
const deps = commandDeps({ config, events: store, tokens: loadTokens(config), log, now: () => new Date(), counts });
// Each write is followed by a pause, as on a slow disk: a kill at a random instant of a request then falls between two
// of its writes about as often as anywhere else in it (without it, nearly all of a request's time is before its first).
// Writes are counted once the parent arms the kill, for a kill after the n-th.
let armed = false;
let writes = 0;
let killAfterWrites = 0;
const killSelf = () => process.kill(process.pid, 'SIGKILL');
const pauseAfter = <T extends object>(target: T, method: keyof T & string) => {
  const write = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
  Object.assign(target, { [method]: async (...args: unknown[]) => {
    if (armed && killAfterWrites === 0) killSelf();
    const result = await write(...args);
    await new Promise((resolve) => setTimeout(resolve, WRITE_PAUSE_MS));
    if (armed && (writes += 1) === killAfterWrites) killSelf();
    return result;
  } });
};
const WRITE_PAUSE_MS = 3;
pauseAfter(store, 'append');
pauseAfter(store, 'forget');
pauseAfter(deps.tokens.signIns, 'endAll');
pauseAfter(deps.tokens.signIns, 'start');
const finished = await resumeDeletions(deps);
process.on('message', (word: { killAfterWrites?: number }) => {
  if (word.killAfterWrites === undefined) return;
  [armed, writes, killAfterWrites] = [true, 0, word.killAfterWrites];
  process.send!({ armed: true });
});
const api = express.Router();
api.use(idempotentAnswers(store, deps.now));
api.use(savePlanRoutes(deps));
api.use(jsonBody());
api.use(passwordRoutes(deps));
api.use(deletionRoutes(deps));
const app = express();
app.use('/api', api);
app.use(errorHandler(log));
const server = app.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port, finished }));
