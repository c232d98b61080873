import { expect } from 'chai';
import Database from 'better-sqlite3';
import path from 'node:path';
import { newEvent } from '../../events/catalog.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { InMemoryFold } from '../../services/query/src/fold.js';
import { Projector } from '../../services/query/src/projector.js';
import type { Projection } from '../../services/query/src/projection.js';
import { chunkKey } from '../../services/query/src/chunks.js';
import { measurementsProjection, type MeasurementsDoc } from '../../services/query/src/accounts/profile/measurements.projection.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import type { ProjectionBatch } from '../../services/query/src/store/port.js';
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
      // Past a share of the heap: none at all is always past it, so the docs are written out after the first page.
      let commits = 0;
      const counting = new Proxy(readModels, {
        get: (store, name) => (name === 'commit' ? (batches: ProjectionBatch[]) => ((commits += 1), store.commit(batches)) : Reflect.get(store, name, store) as unknown),
      });
      await new Projector(events, counting, [chunked]).rebuild(undefined, { maxHeapShare: 0 });
      expect(await readModels.list('chunked'), 'rebuilt, spilling past a share of the heap').to.deep.equal(live);
      // The spill, the end's commit and the projections' versions.
      expect(commits).to.equal(3);
      const fold = new InMemoryFold([chunked]);
      for (const event of await events.readAll(0, 100)) fold.apply(event);
      expect(fold.list('chunked')).to.deep.equal(live);
      await readModels.close();
      await events.close();
    });
  });

  describe('a checkpoint past the head of the log', () => {
    it('is not trusted: health says so while that read model is rebuilt from the log, at start, before anything is applied', async () => {
      const file = path.join(tempDir(), 'log.sqlite');
      const events = new SqliteEventStore(file);
      const readModels = new SqliteReadModelStore(file);
      const measured = newEvent('MeasurementRecorded', { userId: 'u1', measuredAt: '2026-11-18T08:00:00.000Z', weightLb: 150, bodyFatPercentage: null, musclePercentage: null });
      const { position: head } = await events.append('user-u1', [measured], 'any');
      // Read models made from another log, standing at 500: a doc this log never made.
      await readModels.commit([{ projection: 'measurements', docs: new Map([[chunkKey('u9', 0), { user_id: 'u9', history: [] }]]), checkpoint: 500 }]);
      // The log's pages are held back until the test has looked at health.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const gated = Object.create(events, {
        readPages: { value: async function* (...args: Parameters<SqliteEventStore['readPages']>) {
          await gate;
          yield* events.readPages(...args);
        } },
      }) as SqliteEventStore;
      const logged: string[] = [];
      const projector = new Projector(gated, readModels, [measurementsProjection] as Projection[], (m) => logged.push(m));
      const starting = projector.start();
      await until('the projector to find the checkpoint past the head', () => projector.checkpointsPastHead.length > 0);
      expect(projector.checkpointsPastHead).to.deep.equal([{ projection: 'measurements', checkpoint: 500, head }]);
      expect(logged.some((m) => /past the log's head/.test(m) && m.includes('measurements at 500'))).to.equal(true);
      release();
      await starting;
      await projector.stop();
      expect(projector.checkpointsPastHead).to.deep.equal([]);
      expect(await readModels.checkpoints(['measurements'])).to.deep.equal(new Map([['measurements', head]]));
      expect(await readModels.get('measurements', chunkKey('u9', 0)), 'the doc of the other log is gone').to.equal(undefined);
      expect((await readModels.get<MeasurementsDoc>('measurements', chunkKey('u1', 0)))!.history).to.have.length(1);
      await readModels.close();
      await events.close();
    });
  });

  describe('an event a projection cannot apply', () => {
    const measured = (userId: string, weightLb: number) =>
      newEvent('MeasurementRecorded', { userId, measuredAt: '2026-11-18T08:00:00.000Z', weightLb, bodyFatPercentage: null, musclePercentage: null });
    const deleted = (userId: string) => newEvent('AccountDeleted', { userId, deletedAt: '2026-11-18T09:00:00.000Z' });
    /** A projection keyed by user; `fault` says which weight it cannot take (a fault in the code, fixed by a new `fault`). */
    const faultyWith = (fault: (weightLb: number) => boolean): Projection<{ weights: number[] }> => ({
      name: 'faulty',
      handles: ['MeasurementRecorded', 'AccountDeleted'],
      key: (event) => (event.data as { userId: string }).userId,
      erases: (event) => (event.type === 'AccountDeleted' ? event.data.userId : undefined),
      evolve(doc, event) {
        const { weightLb } = event.data as { weightLb: number };
        if (fault(weightLb)) throw new Error(`cannot take ${weightLb}`);
        return { weights: [...(doc?.weights ?? []), weightLb] };
      },
    });
    const faulty = faultyWith((w) => w === 666);
    let file: string;
    let events: SqliteEventStore;
    let readModels: SqliteReadModelStore;
    beforeEach(() => {
      file = path.join(tempDir(), 'log.sqlite');
      events = new SqliteEventStore(file);
      readModels = new SqliteReadModelStore(file);
    });
    afterEach(async () => {
      await readModels.close();
      await events.close();
    });
    const append = async (userId: string, weight: number) => (await events.append(`user-${userId}`, [measured(userId, weight)], 'any')).position;

    it("halts only that key, named in health and the log: other keys and projections go on, the key's later events wait; a restart keeps the halt", async () => {
      const logged: string[] = [];
      const projector = new Projector(events, readModels, [measurementsProjection, faulty] as Projection[], (m) => logged.push(m));
      await projector.start();
      await append('u1', 150);
      const poison = await append('u1', 666);
      await append('u2', 170);
      await append('u1', 151);
      const last = await append('u2', 171);
      expect(await projector.waitFor(last, 5000), 'every projection moves on').to.equal(true);
      await projector.stop();

      expect(projector.halted).to.deep.equal([{ projection: 'faulty', key: 'u1', position: poison, eventId: projector.halted[0]!.eventId, type: 'MeasurementRecorded', stream: 'user-u1', error: 'cannot take 666', waiting: 1 }]);
      expect(logged.some((m) => m.includes('faulty') && m.includes('u1') && m.includes(String(poison)))).to.equal(true);
      expect((await readModels.checkpoints(['faulty', 'measurements'])).get('faulty')).to.equal(last);
      expect(await readModels.get('faulty', 'u1'), 'the halted key as before the poisoned event').to.deep.equal({ weights: [150] });
      expect(await readModels.get('faulty', 'u2')).to.deep.equal({ weights: [170, 171] });
      expect((await readModels.get<MeasurementsDoc>('measurements', chunkKey('u1', 0)))!.history).to.have.length(3);
      expect(await readModels.halts(['faulty'])).to.deep.equal(projector.halted);

      const again = new Projector(events, readModels, [measurementsProjection, faulty] as Projection[]);
      await again.start();
      const after = await append('u1', 152);
      expect(await again.waitFor(after, 5000)).to.equal(true);
      await again.stop();
      expect(again.halted).to.have.length(1);
      expect(again.halted[0]).to.include({ key: 'u1', position: poison, waiting: 2 });
      expect(await readModels.get('faulty', 'u1')).to.deep.equal({ weights: [150] });
    });

    it('an event of several docs (keys) changes each, live as in a rebuild; a doc that cannot take it halts alone', async () => {
      // Each weight goes to two docs of its user, the kilo doc and the pound doc; the pound doc cannot take 666.
      const split: Projection<{ weights: number[] }> = {
        name: 'split',
        handles: ['MeasurementRecorded', 'AccountDeleted'],
        key: (event) => (event.data as { userId: string }).userId,
        keys: (event) => (event.type === 'MeasurementRecorded' ? [`${event.data.userId}/kg`, `${event.data.userId}/lb`] : undefined),
        erases: (event) => (event.type === 'AccountDeleted' ? event.data.userId : undefined),
        evolve(doc, event, key) {
          const { weightLb } = event.data as { weightLb: number };
          if (key!.endsWith('/lb') && weightLb === 666) throw new Error('cannot take 666');
          return { weights: [...(doc?.weights ?? []), key!.endsWith('/kg') ? Math.round(weightLb * 0.45359237) : weightLb] };
        },
      };
      const projector = new Projector(events, readModels, [split] as Projection[]);
      await projector.start();
      await append('u1', 150);
      const poison = await append('u1', 666);
      await append('u2', 170);
      const last = await append('u1', 151);
      expect(await projector.waitFor(last, 5000)).to.equal(true);
      await projector.stop();
      const live = await Promise.all(['u1/kg', 'u1/lb', 'u2/kg', 'u2/lb'].map((key) => readModels.get('split', key)));
      expect(live).to.deep.equal([{ weights: [68, 302, 68] }, { weights: [150] }, { weights: [77] }, { weights: [170] }]);
      expect(projector.halted.map((h) => [h.key, h.position, h.waiting])).to.deep.equal([['u1/lb', poison, 1]]);

      // A rebuild folds the same docs and halts the same key.
      const rebuilt = new Projector(events, readModels, [split] as Projection[]);
      const halts = await rebuilt.rebuild();
      expect(await Promise.all(['u1/kg', 'u1/lb', 'u2/kg', 'u2/lb'].map((key) => readModels.get('split', key)))).to.deep.equal([live[0], undefined, live[2], live[3]]);
      expect(halts.map((h) => [h.key, h.position])).to.deep.equal([['u1/lb', poison]]);
      // And the in-memory fold of time travel and analytics, which halts nothing, over the events that apply.
      const fold = new InMemoryFold([split] as Projection[]);
      for await (const page of events.readPages(0, 100)) for (const event of page) if (event.position !== poison) fold.apply(event);
      expect(['u1/kg', 'u2/kg', 'u2/lb'].map((key) => fold.get('split', key))).to.deep.equal([{ weights: [68, 68] }, live[2], live[3]]);
    });

    it('an event no key can be found for is skipped and shown as a halt; every key goes on and an erasure still applies', async () => {
      const unkeyable: Projection<{ weights: number[] }> = {
        ...faulty,
        key(event) {
          if ((event.data as { weightLb?: number }).weightLb === 777) throw new Error('no key for 777');
          return (event.data as { userId: string }).userId;
        },
      };
      const projector = new Projector(events, readModels, [unkeyable] as Projection[]);
      await projector.start();
      await append('u1', 150);
      await append('u2', 170);
      const poison = await append('u2', 777);
      await append('u2', 171);
      const { position } = await events.append('user-u1', [deleted('u1')], 'any');
      expect(await projector.waitFor(position, 5000)).to.equal(true);
      await projector.stop();
      expect(projector.halted.map((h) => [h.position, h.error])).to.deep.equal([[poison, 'no key for 777']]);
      expect(await readModels.get('faulty', 'u2')).to.deep.equal({ weights: [170, 171] });
      expect(await readModels.get('faulty', 'u1'), 'erased').to.equal(undefined);
    });

    it("an erasure of the key's owner deletes its docs and its halt", async () => {
      const projector = new Projector(events, readModels, [faulty] as Projection[]);
      await projector.start();
      await append('u1', 150);
      await append('u1', 666);
      const { position } = await events.append('user-u1', [deleted('u1')], 'any');
      expect(await projector.waitFor(position, 5000)).to.equal(true);
      await projector.stop();
      expect(projector.halted).to.deep.equal([]);
      expect(await readModels.halts(['faulty'])).to.deep.equal([]);
      expect(await readModels.get('faulty', 'u1')).to.equal(undefined);
    });

    it('a rebuild finishes, the other keys whole, and answers the halted keys; after a fix a restart folds the key whole again', async () => {
      await append('u1', 150);
      const poison = await append('u1', 666);
      await append('u2', 170);
      await append('u1', 151);
      const halted = await new Projector(events, readModels, [faulty] as Projection[]).rebuild();
      expect(halted.map((h) => [h.key, h.position, h.waiting])).to.deep.equal([['u1', poison, 1]]);
      expect(await readModels.halts(['faulty'])).to.deep.equal(halted);
      expect(await readModels.get('faulty', 'u2')).to.deep.equal({ weights: [170] });

      // The code is fixed: it takes 666 now. The next start folds the halted key from the log, whole.
      const fixed = new Projector(events, readModels, [faultyWith(() => false)] as Projection[]);
      await fixed.start();
      const last = await append('u1', 152);
      expect(await fixed.waitFor(last, 5000)).to.equal(true);
      await fixed.stop();
      expect(fixed.halted).to.deep.equal([]);
      expect(await readModels.halts(['faulty'])).to.deep.equal([]);
      expect(await readModels.get('faulty', 'u1')).to.deep.equal({ weights: [150, 666, 151, 152] });
    });
  });
});
