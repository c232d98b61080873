import type { ReadModelStore } from './port.js';
import type { SqliteReadModelOptions } from './sqlite.js';

/** MongoDB when `MONGO_URL` is set, else the embedded SQLite file in DATA_DIR. */
export async function openReadModelStore(
  options: { mongoUrl?: string; mongoDb: string; sqliteFile: string } & Pick<SqliteReadModelOptions, 'commitWaitMs' | 'rebuildDoc'>,
): Promise<ReadModelStore> {
  if (options.mongoUrl) {
    const { MongoReadModelStore } = await import('./mongodb.js');
    return MongoReadModelStore.connect(options.mongoUrl, options.mongoDb);
  }
  const { SqliteReadModelStore } = await import('./sqlite.js');
  return new SqliteReadModelStore(options.sqliteFile, { commitWaitMs: options.commitWaitMs, rebuildDoc: options.rebuildDoc });
}
