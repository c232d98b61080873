import { expect } from 'chai';
import Database from 'better-sqlite3';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpVerifiedUser } from '../support/accounts.js';

/**
 * Issue 9, item 5: another process (here: a second connection, as the sqlite3 shell would be) holds the SQLite write
 * lock. Reads keep answering, a write waits without blocking the event loop and gives up with 503 past its bound.
 */
describe('a write lock held elsewhere (issue 9.5)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let other: Database.Database;
  let token: string;
  before(async () => {
    server = await startTestServer({ STORE_BUSY_MAX_WAIT_MS: '4000' });
    ({ token } = await signUpVerifiedUser(server));
    other = new Database(server.system.config.sqliteFile);
  });
  after(async () => {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    await server.stop();
  });

  const profile = (weight: number) => ({ name: 'Kim', age: 31, gender: 'Female', height: 66, weight, targetWeight: 140 });

  it('answers reads at once while a write waits, and the write answers 503 with Retry-After past the bound', async () => {
    const head = await server.system.events.headPosition();
    other.exec('BEGIN IMMEDIATE');
    try {
      let writeAnswered = false;
      const write = server.call('PUT', '/api/profile', { token, json: profile(152) }).finally(() => (writeAnswered = true));
      await new Promise((r) => setTimeout(r, 200));
      // Order, not speed (speed is the bench's): the reads answer while the write is still waiting for the lock.
      const health = await server.call('GET', '/api/health');
      const read = await server.call('GET', '/api/profile', { token });
      expect(health.status).to.equal(200);
      expect(read.status).to.equal(200);
      expect(writeAnswered, 'the write answered before the reads').to.equal(false);

      const refused = await write;
      expect(refused.status).to.equal(503);
      expect(Number(refused.headers.get('retry-after'))).to.be.above(0);
      expect(refused.body.message).to.match(/busy/i);
    } finally {
      other.exec('ROLLBACK');
    }
    // Nothing of the refused write was stored.
    expect(await server.system.events.headPosition()).to.equal(head);
  });

  it('applies a write issued shortly before the lock is released', async () => {
    other.exec('BEGIN IMMEDIATE');
    const write = server.call('PUT', '/api/profile', { token, json: profile(153) });
    await new Promise((r) => setTimeout(r, 700));
    other.exec('COMMIT');
    const res = await write;
    expect(res.status).to.equal(200);
    const read = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(res.body.position) } });
    expect(read.body.weight_lb).to.equal(153);
  });
});
