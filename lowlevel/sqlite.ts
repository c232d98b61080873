import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How long SQLite itself waits for the write lock while a connection is set up (its tables made), before it serves:
 * nothing is answered yet, so waiting there holds nobody up, and services starting together on one file each wait
 * their turn rather than failing to start.
 */
const SETUP_BUSY_TIMEOUT_MS = 5000;
/**
 * And once it serves: none. better-sqlite3 is synchronous, so SQLite's own wait would hold the event loop, every
 * request with it, for as long as another process holds the lock: 20 ms a try, once every few tries of the
 * projector's commit, was most of what a bystander's dashboard read waited for while the lock was held. A write
 * finding the lock held fails at once, and `whenWritable` tries it again between turns of the loop.
 */
const SERVING_BUSY_TIMEOUT_MS = 0;

/** How long a write waits in all for a lock another process holds before it gives up with StoreBusy. */
export const DEFAULT_WRITE_WAIT_MS = 5000;

/**
 * Opens the embedded SQLite file the way both the log (events/store/sqlite.ts) and the read models
 * (services/query/src/store/sqlite.ts) use it, since they share one file: WAL, so readers never wait for the writer;
 * NORMAL sync, durable at each checkpoint of the WAL; and no busy wait once `setup` (the caller's tables) has run
 * (see above). Creates the file's folder when it is missing (a fresh DATA_DIR).
 */
export function openSqliteFile(file: string, setup?: (db: Database.Database) => void): Database.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma(`busy_timeout = ${SETUP_BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A deleted or rewritten row's old bytes are overwritten rather than left in free pages: an erased account must
  // not stay readable in the file (docs/adr/0205-an-erasure-blanks-old-plain-text-events.md).
  db.pragma('secure_delete = ON');
  setup?.(db);
  db.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`);
  return db;
}

/** Another process held the write lock for longer than the store waits; nothing was written. */
export class StoreBusy extends Error {
  readonly retryAfterSeconds = 2;
  constructor() {
    super('The service is busy writing. Please try again in a moment.');
    this.name = 'StoreBusy';
  }
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

/**
 * Writes the WAL back into the file and truncates it to nothing, so page images of rows since deleted (kept in the
 * WAL until then) are gone from the disk. Readers in the middle of a read hold it up: tried until `maxWaitMs`, then
 * false.
 */
export async function truncateWal(file: string, maxWaitMs = 10_000): Promise<boolean> {
  if (!fs.existsSync(file)) return true;
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`);
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      if (result?.busy === 0) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    db.close();
  }
}

/**
 * Rebuilds the file page by page (`VACUUM`), so no page keeps bytes of rows since changed or deleted. `secure_delete`
 * zeroes a freed cell, but a page that SQLite rebuilds when it rebalances a tree keeps the old page's bytes in the
 * unallocated gap between its cell pointers and its cells: only a new copy of every page drops them. It holds the
 * file's write lock for its length (it grows with the file's size: docs/adr/0395); writers wait as for any other writer, up to
 * their wait. Another writer in the middle of a write holds it up: tried until `maxWaitMs`, then false.
 */
export async function vacuum(file: string, maxWaitMs = 10_000): Promise<boolean> {
  if (!fs.existsSync(file)) return true;
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`);
    db.pragma('secure_delete = ON');
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      try {
        db.exec('VACUUM');
        return true;
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) {
          if (isBusy(error)) return false;
          throw error;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    db.close();
  }
}
