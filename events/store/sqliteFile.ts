import Database from 'better-sqlite3';

/**
 * Opens the embedded SQLite file the way both the log and the read models use it: WAL, so readers never wait for
 * the writer; NORMAL sync, durable at each checkpoint of the WAL; and a busy timeout, because another process (the
 * admin CLI, a replay) may hold the write lock for a moment.
 */
export function openSqliteFile(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}
