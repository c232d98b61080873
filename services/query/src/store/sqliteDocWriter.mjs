// The writer thread of SqliteReadModelStore.commit (sqlite.ts) for large commits: one transaction on a connection
// of its own, rows [collection, key, JSON or null to delete, position] in chunks, then the checkpoints; the
// statements are the store's. It answers 'taken' per chunk and 'committed' at the end; on any error it throws,
// and the thread ends with the transaction not committed. Plain JavaScript: a worker thread does not inherit the
// tsx loader the services run under.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
// Waiting for another process's write lock blocks only this thread.
db.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);
const put = db.prepare(workerData.put);
const remove = db.prepare(workerData.delete);
const setCheckpoint = db.prepare(workerData.setCheckpoint);
db.exec('BEGIN IMMEDIATE');

parentPort.on('message', (message) => {
  if (message.rows) {
    for (const [collection, key, doc, position] of message.rows) {
      if (doc === null) remove.run(collection, key, position);
      else put.run(collection, key, doc, position);
    }
    parentPort.postMessage('taken');
    return;
  }
  for (const [projection, position] of message.checkpoints) setCheckpoint.run(projection, position);
  db.exec('COMMIT');
  db.close();
  parentPort.postMessage('committed');
  parentPort.close();
});
