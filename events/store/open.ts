import { openSqliteFile } from '../../lowlevel/sqlite.js';
import type { EventStore } from './port.js';

export interface EventStoreOptions {
  eventStoreUrl?: string;
  sqliteFile: string;
  writeWaitMs?: number;
  /** Where the subjects' keys live beside an EventStoreDB log: MongoDB when set, else the SQLite file. */
  mongoUrl?: string;
  mongoDb?: string;
}

/** EventStoreDB when `EVENTSTORE_URL` is set, else the embedded SQLite log in DATA_DIR (its keys in the same file). */
export async function openEventStore(options: EventStoreOptions): Promise<EventStore> {
  if (options.eventStoreUrl) {
    const [{ EsdbEventStore }, { SqliteSubjectKeys }] = await Promise.all([import('./esdb.js'), import('./shredding.js')]);
    const keys = options.mongoUrl
      ? await (await import('./mongoSubjectKeys.js')).MongoSubjectKeys.connect(options.mongoUrl, options.mongoDb ?? 'trainer')
      : new SqliteSubjectKeys(openSqliteFile(options.sqliteFile));
    return EsdbEventStore.connect(options.eventStoreUrl, keys);
  }
  const { SqliteEventStore } = await import('./sqlite.js');
  return new SqliteEventStore(options.sqliteFile, options.writeWaitMs);
}
