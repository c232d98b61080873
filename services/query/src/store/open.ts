import fs from 'node:fs';
import path from 'node:path';
import type { ReadModelStore } from './port.js';

/** MongoDB when `MONGO_URL` is set, else the embedded SQLite file in DATA_DIR. */
export async function openReadModelStore(options: { mongoUrl?: string; mongoDb: string; sqliteFile: string }): Promise<ReadModelStore> {
  if (options.mongoUrl) {
    const { MongoReadModelStore } = await import('./mongodb.js');
    return MongoReadModelStore.connect(options.mongoUrl, options.mongoDb);
  }
  fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const { SqliteReadModelStore } = await import('./sqlite.js');
  return new SqliteReadModelStore(options.sqliteFile);
}
