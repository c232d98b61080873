import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { fuzzRoutes } from './fuzz.js';

/**
 * Property-based fuzz over every route's body, query, path and headers: the short form draws 250 requests, a few for
 * each route (`npm run soak` draws 10,000; docs/adr/0150).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 250);

describe(`fuzz: every route, ${runs} drawn requests`, function () {
  this.timeout(Math.max(120_000, runs * 100));
  let server: TestServer;
  before(async () => (server = await startTestServer({ LOG_LEVEL: 'silent' })));
  after(async () => server.stop());

  it('never answers 5xx, and a refused request appends nothing', async () => {
    const figures = await fuzzRoutes(server, runs);
    console.log(`      fuzz: ${figures.requests} requests, by status ${JSON.stringify(figures.byStatus)}`);
    expect(figures.requests).to.equal(runs);
    expect(figures.serverErrors).to.deep.equal([]);
    expect(figures.refusedButAppended).to.deep.equal([]);
  });
});
