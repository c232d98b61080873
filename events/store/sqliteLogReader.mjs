// The log reader thread of SqliteEventStore.readPages (sqlite.ts): runs the store's page query on a connection of
// its own and posts each page's rows as read. It reads a page only while it holds credit (`credit[0]`, shared with
// the caller, who adds one for each page taken), so it stays at most a few pages ahead; out of credit it sleeps
// until the caller adds some. An empty page says the log has no more. Plain JavaScript: a worker thread does not
// inherit the tsx loader the services run under.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, sql, params, after, pageSize, credit } = workerData;
const db = new Database(file, { fileMustExist: true });
const statement = db.prepare(sql).raw();

for (let from = after; ; ) {
  while (Atomics.load(credit, 0) === 0) Atomics.wait(credit, 0, 0);
  Atomics.sub(credit, 0, 1);
  const rows = statement.all({ ...params, after: from, limit: pageSize });
  parentPort.postMessage(rows);
  if (rows.length === 0) break;
  from = rows[rows.length - 1][0];
}
db.close();
