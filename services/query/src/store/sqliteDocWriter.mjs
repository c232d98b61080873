// The writer thread of SqliteReadModelStore.commit (sqlite.ts) for large commits, on a connection of its own: a batch's
// owners to erase first, then rows [collection, key, JSON or null to delete, position] in chunks, each batch's rows and halts followed by its checkpoint, which
// commits that batch's transaction (the next rows open the next one); the statements are the store's. It answers
// 'taken' per chunk and 'committed' once every batch is; on any error it throws, and the thread ends with the
// transaction it was in not committed. Plain JavaScript: a worker thread does not inherit the tsx loader the services
// run under.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
// Waiting for another process's write lock blocks only this thread.
db.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);
// As every connection to the file (lowlevel/sqlite.ts): an erased owner's docs are overwritten, not left in free pages.
db.pragma('secure_delete = ON');
const put = db.prepare(workerData.put);
const remove = db.prepare(workerData.delete);
const eraseOwner = db.prepare(workerData.eraseOwner);
const setCheckpoint = db.prepare(workerData.setCheckpoint);
const putHalt = db.prepare(workerData.putHalt);
const dropHalt = db.prepare(workerData.dropHalt);

parentPort.on('message', (message) => {
  if (message.erase) {
    if (!db.inTransaction) db.exec('BEGIN IMMEDIATE');
    for (const params of message.erase) eraseOwner.run(...params);
    return;
  }
  if (message.rows) {
    if (!db.inTransaction) db.exec('BEGIN IMMEDIATE');
    for (const [collection, key, doc, position] of message.rows) {
      if (doc === null) remove.run(collection, key, position);
      else put.run(collection, key, doc, position);
    }
    parentPort.postMessage('taken');
    return;
  }
  if (message.halts) {
    if (!db.inTransaction) db.exec('BEGIN IMMEDIATE');
    for (const [projection, key, halt] of message.halts) {
      if (halt === null) dropHalt.run(projection, key);
      else putHalt.run(projection, key, halt);
    }
    return;
  }
  if (message.checkpoint) {
    if (!db.inTransaction) db.exec('BEGIN IMMEDIATE');
    setCheckpoint.run(...message.checkpoint);
    db.exec('COMMIT');
    return;
  }
  db.close();
  parentPort.postMessage('committed');
  parentPort.close();
});
