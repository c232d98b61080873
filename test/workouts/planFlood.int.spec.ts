import { expect } from 'chai';
import Database from 'better-sqlite3';
import { MAX_PLANS_PER_KIND } from '../../contract/plans/planLimits.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { subscriber, type Client } from './client.js';
import { samplePlan } from './plan.js';

/** A plan near the input's size limits: 31 days of 10 exercises. */
const bigPlan = (name: string) =>
  samplePlan({
    name,
    description: 'd'.repeat(2000),
    workouts: Array.from({ length: 31 }, (_, d) => ({
      day: d + 1,
      summary: `Day ${d + 1} ${'s'.repeat(150)}`,
      exercises: Array.from({ length: 10 }, (_, e) => ({ name: `Exercise ${e} ${'n'.repeat(80)}`, sets: 3, reps: '8-12', duration: 60 })),
    })),
  });

/**
 * Issue 18, item 3: one account saving plan after plan. A save writes that plan's doc and a list of ids, not the
 * whole list of plans again, lists come a page at a time, and a cap bounds what one account keeps.
 */
describe('workouts: many plans from one account (issue 18.3)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let ann: Client;
  before(async () => {
    // The cap is what is tested here, not the hour's budget of saves.
    server = await startTestServer({ PLAN_SAVES_MAX_PER_HOUR: '1000' });
    ann = await subscriber(server);
  });
  after(async () => server.stop());

  /** The largest read-model row of the user's plans, in bytes. */
  const largestRow = () => {
    const raw = new Database(server.system.config.sqliteFile, { readonly: true });
    const size = raw.prepare("SELECT max(length(doc)) FROM read_models WHERE key LIKE ? || '%' AND collection LIKE 'regimen%'").pluck().get(ann.userId) as number;
    raw.close();
    return size;
  };

  it(`stores each plan on its own, pages the list, and refuses a plan past ${MAX_PLANS_PER_KIND} until one is deleted`, async () => {
    const ids: string[] = [];
    ids.push(await ann.savePlan(bigPlan('Plan 0')));
    await ann.get('/api/workouts');
    const onePlan = largestRow();
    expect(onePlan, 'a plan doc near the input limits').to.be.above(30_000);
    for (let i = 1; i < MAX_PLANS_PER_KIND; i += 1) ids.push(await ann.savePlan(bigPlan(`Plan ${i}`)));
    await ann.get('/api/workouts');
    expect(largestRow(), 'no stored row holds more than one plan').to.be.below(onePlan * 1.2);

    const refused = await ann.post('/api/savePlan', bigPlan('One too many'));
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(`You have ${MAX_PLANS_PER_KIND} saved workout plans, the most one account keeps. Delete one you no longer use to save another.`);

    // The list: 20 at a time, the primary (the first saved) first, then the newest; the next page named in Link.
    const first = await server.call('GET', '/api/workouts', { token: ann.token });
    expect(first.status).to.equal(200);
    expect(first.body).to.have.length(20);
    expect(first.headers.get('x-total-count')).to.equal(String(MAX_PLANS_PER_KIND));
    expect(first.body.map((r: { name: string }) => r.name).slice(0, 3)).to.deep.equal(['Plan 0', 'Plan 99', 'Plan 98']);
    const seen: string[] = first.body.map((r: { regimen_id: string }) => r.regimen_id);
    let link = first.headers.get('link');
    while (link) {
      const next = /^<([^>]+)>; rel="next"$/.exec(link)![1]!;
      const page = await server.call('GET', next, { token: ann.token });
      expect(page.status).to.equal(200);
      seen.push(...page.body.map((r: { regimen_id: string }) => r.regimen_id));
      link = page.headers.get('link');
    }
    expect(seen).to.have.length(MAX_PLANS_PER_KIND);
    expect(new Set(seen)).to.deep.equal(new Set(ids));

    const bad = await server.call('GET', '/api/workouts?limit=1000', { token: ann.token });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.match(/limit must be at most 100/);
    const unknown = await server.call('GET', '/api/workouts?after=nope', { token: ann.token });
    expect(unknown.status).to.equal(400);

    expect((await ann.del(`/api/user/regimens/${ids[50]}`)).status).to.equal(200);
    expect((await ann.post('/api/savePlan', bigPlan('Room again'))).status).to.equal(201);
    expect((await ann.post('/api/savePlan', bigPlan('Full again'))).status).to.equal(409);
  });
});
