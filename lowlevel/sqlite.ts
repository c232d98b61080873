import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How long SQLite itself waits for the write lock. better-sqlite3 is synchronous, so this wait blocks the event loop:
 * it is kept short, and the wait beyond it happens in `whenWritable`, between turns of the loop.
 */
const BUSY_TIMEOUT_MS = 20;

/** How long a write waits in all for a lock another process holds before it gives up with StoreBusy. */
export const DEFAULT_WRITE_WAIT_MS = 5000;

/**
 * Opens the embedded SQLite file the way both the log (events/store/sqlite.ts) and the read models
 * (services/query/src/store/sqlite.ts) use it, since they share one file: WAL, so readers never wait for the writer;
 * NORMAL sync, durable at each checkpoint of the WAL; and a short busy timeout (see above). Creates the file's folder
 * when it is missing (a fresh DATA_DIR).
 */
export function openSqliteFile(file: string): Database.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A deleted or rewritten row's old bytes are overwritten rather than left in free pages: an erased account must
  // not stay readable in the file (docs/decisions.md, "Accounts: sessions, passwords, erasure").
  db.pragma('secure_delete = ON');
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
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
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
