import type Database from 'better-sqlite3';
import { expect } from 'chai';
import { signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 18, item 8: a full disk. SQLite's max_page_count, set on the log's own connection to the pages the file has,
 * makes the next write that needs a page fail with SQLITE_FULL, as a full filesystem would.
 */
describe('a full disk answers 503 with Retry-After (issue 18.8)', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('a write that cannot be stored: 503, Retry-After, a sentence, nothing recorded; writes work again once there is room', async () => {
    const { token } = await signUpVerifiedUser(server);
    const db = (server.system.events as unknown as { db: Database.Database }).db;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const profile = (n: number) => ({ name: 'Kim', age: 31, gender: 'Female', height: 66, weight: 150 + n / 10, targetWeight: 140, accessibilityNeeds: `${n} ${'x'.repeat(990)}` });

    db.pragma(`max_page_count = ${pages}`);
    // The first writes may still fit in the free room of the file's last pages; one soon needs a page it cannot have.
    let refused;
    let before = 0;
    for (let n = 0; n < 100 && !refused; n += 1) {
      before = await server.system.events.headPosition();
      const answer = await server.call('PUT', '/api/profile', { token, json: profile(n) });
      if (answer.status !== 200) refused = answer;
    }
    expect(refused?.status).to.equal(503);
    if (!refused) return;
    expect(Number(refused.headers.get('retry-after'))).to.be.above(0);
    expect(refused.body.message).to.equal("We cannot save anything just now: the server's storage is full. Nothing was changed; please try again later.");
    expect(await server.system.events.headPosition()).to.equal(before);

    db.pragma('max_page_count = 1073741823');
    expect((await server.call('PUT', '/api/profile', { token, json: profile(100) })).status).to.equal(200);
  });
});
