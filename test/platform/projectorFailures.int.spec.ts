import { expect } from 'chai';
import Database from 'better-sqlite3';
import path from 'node:path';
import { newEvent } from '../../events/catalog.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { InMemoryFold } from '../../services/query/src/fold.js';
import { Projector } from '../../services/query/src/projector.js';
import type { Projection } from '../../services/query/src/projection.js';
import { chunkKey } from '../../services/query/src/chunks.js';
import { measurementsProjection, type MeasurementsDoc } from '../../services/query/src/profile/measurements.projection.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { startTestServer, tempDir, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { subscriber, type Client } from '../workouts/client.js';
import { samplePlan } from '../workouts/plan.js';

/**
 * Issue 18, items 2 and 4: the read side never moves a checkpoint past an event it did not apply, and a read model
 * row that does not parse is folded again from the log instead of stopping a page, the projector or the start.
 */
describe('the projector under failure (issue 18.2, 18.4)', function () {
  this.timeout(30_000);

  describe('on the real server', () => {
    let server: TestServer;
    let victim: Client;
    let bystander: Client;
    let errors: string[];
    beforeEach(async () => {
      server = await startTestServer({ PROJECTOR_BUSY_MAX_WAIT_MS: '300' });
      victim = await subscriber(server);
      bystander = await subscriber(server);
      errors = [];
      const logged = server.system.log.error.bind(server.system.log);
      server.system.log.error = (message: string, extra?: unknown) => {
        errors.push(message);
        logged(message, extra);
      };
    });
    afterEach(async () => server.stop());

    const planNames = async (client: Client, minPosition: number) => {
      const res = await server.call('GET', '/api/workouts', { token: client.token, headers: { 'X-Min-Position': String(minPosition) } });
      expect(res.status).to.equal(200);
      return (res.body as { name: string }[]).map((p) => p.name);
    };

    it('a batch that failed on a lock held elsewhere is applied after it, even when a later event came in first', async () => {
      await server.system.projector.stop();
      const saved = await victim.post('/api/savePlan', samplePlan({ name: 'Victim plan' }));
      expect(saved.status).to.equal(201);
      // Another process (a sqlite3 shell, a replay) takes the write lock before the projector commits the save.
      const other = new Database(server.system.config.sqliteFile);
      other.exec('BEGIN IMMEDIATE');
      try {
        await server.system.projector.start();
        await until('the projector to fail on the lock', () => errors.some((m) => /projector failed/.test(m)));
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      // Right after the lock is released another user saves a plan: the event after the failed one.
      const next = await bystander.post('/api/savePlan', samplePlan({ name: 'Bystander plan' }));
      expect(next.status).to.equal(201);
      expect(next.body.position).to.be.above(saved.body.position);
      expect(await planNames(victim, next.body.position)).to.deep.equal(['Victim plan']);
      expect(await planNames(bystander, next.body.position)).to.deep.equal(['Bystander plan']);
    });

    it('a plan list row made invalid JSON is rebuilt from the log: the page answers, and the next save is applied on top', async () => {
      const first = await victim.post('/api/savePlan', samplePlan({ name: 'First plan' }));
      expect(await planNames(victim, first.body.position)).to.deep.equal(['First plan']);
      const corrupt = () => {
        const raw = new Database(server.system.config.sqliteFile);
        const changed = raw.prepare("UPDATE read_models SET doc = '{\"broken' WHERE collection IN ('regimenLists', 'regimenPlans') AND key LIKE ? || '%'").run(victim.userId).changes;
        raw.close();
        expect(changed, 'rows made invalid').to.be.above(0);
      };
      corrupt();
      expect(await planNames(victim, first.body.position)).to.deep.equal(['First plan']);

      corrupt();
      const second = await victim.post('/api/savePlan', samplePlan({ name: 'Second plan' }));
      const next = await bystander.post('/api/savePlan', samplePlan({ name: 'Bystander plan' }));
      expect(await planNames(victim, next.body.position)).to.have.members(['First plan', 'Second plan']);
      expect(second.status).to.equal(201);
      expect(server.system.projector.halted).to.deep.equal([]);
    });

    it('starts, and serves the profile, over a profile row that does not parse', async () => {
      const raw = new Database(server.system.config.sqliteFile);
      const changed = raw.prepare("UPDATE read_models SET doc = 'not json' WHERE collection = 'profiles' AND key = ?").run(victim.userId).changes;
      raw.close();
      expect(changed).to.equal(1);
      server = await server.restart();
      const profile = await server.call('GET', '/api/profile', { token: victim.token });
      expect(profile.status).to.equal(200);
      expect(profile.body.email).to.be.a('string');
    });
  });

  describe('an event that erases an owner', () => {
    const measured = (userId: string, weightLb: number) =>
      newEvent('MeasurementRecorded', { userId, measuredAt: '2026-11-18T08:00:00.000Z', weightLb, bodyFatPercentage: null, musclePercentage: null });
    /** Chunked by the weight, so one owner has several docs; a weight of 0 stands for the owner's erasure. */
    const chunked: Projection<{ weights: number[] }> = {
      name: 'chunked',
      handles: ['MeasurementRecorded'],
      key: (event) => `${(event.data as { userId: string }).userId}/${(event.data as { weightLb: number }).weightLb % 3}`,
      evolve: (doc, event) => ({ weights: [...(doc?.weights ?? []), (event.data as { weightLb: number }).weightLb] }),
      erases: (event) => ((event.data as { weightLb: number }).weightLb === 0 ? (event.data as { userId: string }).userId : undefined),
    };

    it('drops every doc of the owner live, in a rebuild (also past a spill) and in memory alike', async () => {
      const file = path.join(tempDir(), 'log.sqlite');
      const events = new SqliteEventStore(file);
      const readModels = new SqliteReadModelStore(file);
      const projector = new Projector(events, readModels, [chunked]);
      await projector.start();
      for (const w of [1, 2, 3]) await events.append('user-u1', [measured('u1', w)], 'any');
      await events.append('user-u2', [measured('u2', 4)], 'any');
      // The erasure in the same batch as one more of the owner's events before it.
      const { position } = await events.append('user-u1', [measured('u1', 5), measured('u1', 0)], 'any');
      expect(await projector.waitFor(position, 5000)).to.equal(true);
      await projector.stop();
      const live = await readModels.list('chunked');
      expect(live).to.deep.equal([{ weights: [4] }]);
      for (const maxDocs of [1000, 1]) {
        await new Projector(events, readModels, [chunked]).rebuild(undefined, { maxDocs });
        expect(await readModels.list('chunked'), `rebuilt, spilling past ${maxDocs} docs`).to.deep.equal(live);
      }
      const fold = new InMemoryFold([chunked]);
      for (const event of await events.readAll(0, 100)) fold.apply(event);
      expect(fold.list('chunked')).to.deep.equal(live);
      await readModels.close();
      await events.close();
    });
  });

  describe('an event a projection cannot apply', () => {
    const measured = (weightLb: number) =>
      newEvent('MeasurementRecorded', { userId: 'u1', measuredAt: '2026-11-18T08:00:00.000Z', weightLb, bodyFatPercentage: null, musclePercentage: null });
    /** A projection with a fault: it cannot take a weight of 666. */
    const faulty: Projection<{ weights: number[] }> = {
      name: 'faulty',
      handles: ['MeasurementRecorded'],
      key: () => 'u1',
      evolve(doc, event) {
        const { weightLb } = event.data as { weightLb: number };
        if (weightLb === 666) throw new Error('cannot take 666');
        return { weights: [...(doc?.weights ?? []), weightLb] };
      },
    };

    it('halts that projection just before it, named in health, while the others go on; a restart halts there again', async () => {
      const file = path.join(tempDir(), 'log.sqlite');
      const events = new SqliteEventStore(file);
      const readModels = new SqliteReadModelStore(file);
      const logged: string[] = [];
      const projector = new Projector(events, readModels, [measurementsProjection, faulty] as Projection[], (m) => logged.push(m));
      await projector.start();
      let last = 0;
      const positions: number[] = [];
      for (const w of [150, 151, 666, 152]) positions.push((last = (await events.append('user-u1', [measured(w)], 'any')).position));
      expect(await projector.waitFor(last, 5000), 'the other projections are not held up').to.equal(true);
      await projector.stop();

      const poison = positions[2]!;
      expect(projector.halted).to.have.length(1);
      expect(projector.halted[0]).to.include({ projection: 'faulty', position: poison, type: 'MeasurementRecorded', stream: 'user-u1' });
      expect(logged.some((m) => m.includes('faulty') && m.includes(String(poison)))).to.equal(true);
      expect((await readModels.checkpoints(['faulty', 'measurements'])).get('faulty')).to.equal(poison - 1);
      expect(await readModels.get('faulty', 'u1')).to.deep.equal({ weights: [150, 151] });
      expect((await readModels.get<MeasurementsDoc>('measurements', chunkKey('u1', 0)))!.history).to.have.length(4);

      const again = new Projector(events, readModels, [measurementsProjection, faulty] as Projection[]);
      await again.start();
      await until('the restarted projector to halt', () => again.halted.length === 1);
      await again.stop();
      expect((await readModels.checkpoints(['faulty'])).get('faulty')).to.equal(poison - 1);
      await readModels.close();
      await events.close();
    });
  });
});
