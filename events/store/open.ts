import type { EventStore } from './port.js';

/** EventStoreDB when `EVENTSTORE_URL` is set, else the embedded SQLite log in DATA_DIR. */
export async function openEventStore(options: { eventStoreUrl?: string; sqliteFile: string; writeWaitMs?: number }): Promise<EventStore> {
  if (options.eventStoreUrl) {
    const { EsdbEventStore } = await import('./esdb.js');
    return EsdbEventStore.connect(options.eventStoreUrl);
  }
  const { SqliteEventStore } = await import('./sqlite.js');
  return new SqliteEventStore(options.sqliteFile, options.writeWaitMs);
}
