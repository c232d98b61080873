import type { EventStore } from '../../events/store/port.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import { projections } from '../query/src/projections.js';
import { docRebuilder } from '../query/src/repair.js';
import { openReadModelStore } from '../query/src/store/open.js';
import type { ReadModelStore } from '../query/src/store/port.js';

/** The read models as every service opens them: a doc that does not parse is folded again from the log. */
export function openServiceReadModels(config: Config, events: EventStore, log: Logger): Promise<ReadModelStore> {
  return openReadModelStore({
    mongoUrl: config.MONGO_URL,
    mongoDb: config.MONGO_DB,
    sqliteFile: config.sqliteFile,
    commitWaitMs: config.PROJECTOR_BUSY_MAX_WAIT_MS,
    rebuildDoc: docRebuilder(events, projections, (message) => log.warn(message)),
  });
}
