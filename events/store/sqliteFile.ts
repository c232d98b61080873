import Database from 'better-sqlite3';
import { StoreBusy } from './port.js';

/**
 * How long SQLite itself waits for the write lock. better-sqlite3 is synchronous, so this wait blocks the event loop:
 * it is kept short, and the wait beyond it happens in `whenWritable`, between turns of the loop.
 */
const BUSY_TIMEOUT_MS = 20;

/** How long a write waits in all for a lock another process holds before it gives up with StoreBusy. */
export const DEFAULT_WRITE_WAIT_MS = 5000;

/**
 * Opens the embedded SQLite file the way both the log and the read models use it: WAL, so readers never wait for
 * the writer; NORMAL sync, durable at each checkpoint of the WAL; and a short busy timeout (see above).
 */
export function openSqliteFile(file: string): Database.Database {
  const db = new Database(file);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}

const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? '');

/**
 * Runs a synchronous write transaction, and while another process (the admin CLI, a replay, a sqlite3 shell) holds
 * the write lock, tries again with growing pauses that leave the event loop free for reads. Past `maxWaitMs` it
 * throws StoreBusy, which the HTTP layer answers with 503 and Retry-After; nothing was written then.
 */
export async function whenWritable<T>(write: () => T, maxWaitMs: number): Promise<T> {
  const deadline = Date.now() + maxWaitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      return write();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() + pause > deadline) throw new StoreBusy();
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
