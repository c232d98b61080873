// The log reader thread of SqliteEventStore.readPages (sqlite.ts): runs the store's page query on a connection of
// its own and posts each page's rows as read, staying at most `ahead` pages in front of the caller, who posts a
// message for each page taken. An empty page says the log has no more. Plain JavaScript: a worker thread does not
// inherit the tsx loader the services run under.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, sql, params, after, pageSize, ahead } = workerData;
const db = new Database(file, { fileMustExist: true });
const statement = db.prepare(sql).raw();

let credit = ahead;
let wake;
parentPort.on('message', () => {
  credit += 1;
  wake?.();
});

for (let from = after; ; ) {
  while (credit === 0) await new Promise((resolve) => (wake = resolve));
  credit -= 1;
  const rows = statement.all({ ...params, after: from, limit: pageSize });
  parentPort.postMessage(rows);
  if (rows.length === 0) break;
  from = rows[rows.length - 1][0];
}
db.close();
// The caller's messages would keep the thread alive: it is done.
parentPort.close();
