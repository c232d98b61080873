import Database from 'better-sqlite3';
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile, whenWritable } from '../../lowlevel/sqlite.js';

/**
 * Issue 18, the soak's held write lock: while another process holds the SQLite write lock, a write of this process
 * never waits inside SQLite (which would hold the event loop, every request with it), but fails at once and is tried
 * again by `whenWritable` between turns of the loop.
 */
describe('SQLite: no busy wait on the event loop (issue 18, soak)', () => {
  let dir: string;
  let other: Database.Database;
  let db: Database.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainer-busy-'));
    const file = path.join(dir, 'trainer.sqlite');
    db = openSqliteFile(file, (setup) => setup.exec('CREATE TABLE IF NOT EXISTS t (n INTEGER)'));
    other = new Database(file);
  });
  afterEach(() => {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a write while another connection holds the lock fails at once, without SQLite waiting', () => {
    other.exec('BEGIN IMMEDIATE');
    expect(db.pragma('busy_timeout', { simple: true })).to.equal(0);
    expect(() => db.exec('INSERT INTO t VALUES (1)')).to.throw().with.property('code').that.matches(/^SQLITE_BUSY/);
  });

  it('whenWritable writes once the lock is given up, and the event loop turns meanwhile', async () => {
    other.exec('BEGIN IMMEDIATE');
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 1);
    setTimeout(() => other.exec('ROLLBACK'), 100);
    try {
      await whenWritable(() => db.exec('INSERT INTO t VALUES (1)'), 5000);
    } finally {
      clearInterval(ticking);
    }
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).to.equal(1);
    expect(turns).to.be.above(5);
  });
});
