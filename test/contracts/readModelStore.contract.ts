import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { KeyHalt, ProjectionBatch, ReadModelStore } from '../../services/query/src/store/port.js';

export interface ReadModelStoreTraits {
  /**
   * What of a commit lands whole or not at all: all of it (sqlite: one transaction), each batch (sqlite's writer
   * thread for a rebuild's commit: a transaction per projection), or nothing promised (mongodb).
   */
  atomicCommit: 'whole' | 'batch' | false;
  /** Whether the store gives a version mark (sqlite: its file's epoch) or cannot tell (mongodb: undefined). */
  versionMark: boolean;
}

/**
 * What every ReadModelStore adapter promises (services/query/src/store/port.ts). Projection names are random per
 * test, so the suite can run against a shared server.
 */
export function readModelStoreContract(name: string, open: () => Promise<ReadModelStore>, traits: ReadModelStoreTraits) {
  describe(`${name} read model store contract`, function () {
    let store: ReadModelStore;
    beforeEach(async () => (store = await open()));
    afterEach(async () => store.close());

    it('answers undefined and [] for what was never stored, and checkpoint 0 for a projection that never ran', async () => {
      const projection = newProjection();
      expect(await store.get(projection, 'nobody')).to.equal(undefined);
      expect(await store.list(projection)).to.deep.equal([]);
      expect(await store.checkpoints([projection])).to.deep.equal(new Map([[projection, 0]]));
    });

    it('gives back a doc as stored, JSON-alike: fields of its own untouched, undefined fields dropped', async () => {
      const projection = newProjection();
      const doc = {
        name: 'Ada',
        age: 36,
        weights: [150.5, 149],
        nested: { none: null, deeper: { tags: ['a', 'b'] } },
        empty: {},
        _id: 'its own id',
        doc: 'its own doc field',
        _position: 'its own position field',
        skipped: undefined,
      };
      await store.commit([batch(projection, 5, { 'user-1': doc, 'user-2': 'a plain string' })]);
      const { skipped: _, ...stored } = doc;
      expect(await store.get(projection, 'user-1')).to.deep.equal(stored);
      expect(await store.get(projection, 'user-2')).to.equal('a plain string');
    });

    it('gives a version mark that stands while nothing is committed and moves with every commit, or none at all', async () => {
      // Given a mark taken, and one taken in a later run of reads with nothing committed between
      const projection = newProjection();
      const first = store.version();
      await Promise.resolve();
      const again = store.version();

      // When a doc is committed, then a batch changing no doc
      await store.commit([batch(projection, 1, { k: { v: 1 } })]);
      const afterDoc = store.version();
      await store.commit([batch(projection, 2, {})]);
      const afterCheckpoint = store.version();

      // Then the mark stood, then moved each time (a store that cannot tell gives none)
      if (!traits.versionMark) return void expect([first, again, afterDoc, afterCheckpoint]).to.deep.equal([undefined, undefined, undefined, undefined]);
      expect(first).to.be.a('string');
      expect(again).to.equal(first);
      expect(new Set([first, afterDoc, afterCheckpoint]).size).to.equal(3);
    });

    it('gives a doc with the position it was written at, for the projector to skip what it already holds', async () => {
      const projection = newProjection();
      expect(await store.entry(projection, 'k')).to.equal(undefined);
      await store.commit([batch(projection, 42, { k: { v: 1 } })]);
      expect(await store.entry(projection, 'k')).to.deep.equal({ doc: { v: 1 }, position: 42 });
    });

    it('lists the docs of one collection ordered by key', async () => {
      const [projection, other] = [newProjection(), newProjection()];
      await store.commit([
        batch(projection, 3, { b: { key: 'b' }, 'a-1': { key: 'a-1' }, B: { key: 'B' }, a: { key: 'a' } }),
        batch(other, 3, { c: { key: 'c' } }),
      ]);
      expect(await store.list(projection)).to.deep.equal([{ key: 'B' }, { key: 'a' }, { key: 'a-1' }, { key: 'b' }]);
      expect(await store.list(other)).to.deep.equal([{ key: 'c' }]);
    });

    it('gives the docs whose key starts with a prefix, ordered by key, and sees a doc written since', async () => {
      const [projection, other] = [newProjection(), newProjection()];
      await store.commit([
        batch(projection, 3, { 'u1/000001': { n: 1 }, 'u1/000000': { n: 0 }, u1: { n: 'own key' }, 'u10/000000': { n: 'u10' }, 'u0/000000': { n: 'u0' } }),
        batch(other, 3, { 'u1/000000': { n: 'other' } }),
      ]);
      expect(await store.range(projection, 'u1/')).to.deep.equal([{ n: 0 }, { n: 1 }]);
      expect(await store.range(projection, 'u2/')).to.deep.equal([]);
      await store.commit([batch(projection, 4, { 'u1/000001': { n: 'one' }, 'u1/000002': { n: 2 } })]);
      expect(await store.range(projection, 'u1/')).to.deep.equal([{ n: 0 }, { n: 'one' }, { n: 2 }]);
    });

    it('lists docs by the index entries they name in `_index`, highest first below an entry; entries move with every write, delete, erasure and reset', async () => {
      // Given docs listing themselves under entries of two lists, in another projection too
      const [projection, other] = [newProjection(), newProjection()];
      await store.commit([
        batch(projection, 3, {
          t1: { n: 1, _index: ['all/2024-01', 's:New/2024-01'] },
          t2: { n: 2, _index: ['all/2024-02', 's:Done/2024-02'] },
          t3: { n: 3, _index: ['all/2024-03', 's:New/2024-03'] },
          'u9/t4': { n: 4, _index: ['all/2024-04', 's:New/2024-04'] },
          plain: { n: 0 },
          odd: { n: -1, _index: 'not an array' },
        }),
        batch(other, 3, { t9: { n: 9, _index: ['all/2024-09'] } }),
      ]);
      const found = (docs: { key: string; entry: string }[]) => docs.map((d) => `${d.key}@${d.entry}`);
      // Then each list reads highest entry first, a page at a time
      expect(await store.indexDesc(projection, 'all/', { limit: 1 })).to.deep.equal([{ key: 'u9/t4', entry: 'all/2024-04', doc: { n: 4, _index: ['all/2024-04', 's:New/2024-04'] } }]);
      expect(found(await store.indexDesc(projection, 'all/', { below: 'all/2024-04', limit: 2 }))).to.deep.equal(['t3@all/2024-03', 't2@all/2024-02']);
      expect(found(await store.indexDesc(projection, 's:New/', { limit: 5 }))).to.deep.equal(['u9/t4@s:New/2024-04', 't3@s:New/2024-03', 't1@s:New/2024-01']);
      expect(found(await store.indexDesc(projection, 's:New/', { below: 's:New/2024-03', limit: 5 }))).to.deep.equal(['t1@s:New/2024-01']);
      expect(await store.indexDesc(projection, 's:Gone/', { limit: 5 })).to.deep.equal([]);

      // When a doc changes its entries, one is deleted, an owner erased, and an older write comes late
      await store.commit([{ ...batch(projection, 5, { t3: { n: 3, _index: ['all/2024-03', 's:Done/2024-03'] }, t1: undefined }), erasedOwners: ['u9'] }]);
      await store.commit([batch(projection, 4, { t3: { n: 3, _index: ['all/2024-03', 's:Late/2024-03'] } })]);

      // Then the lists follow: old entries gone, the late write ignored
      expect(found(await store.indexDesc(projection, 'all/', { limit: 5 }))).to.deep.equal(['t3@all/2024-03', 't2@all/2024-02']);
      expect(found(await store.indexDesc(projection, 's:New/', { limit: 5 }))).to.deep.equal([]);
      expect(found(await store.indexDesc(projection, 's:Done/', { limit: 5 }))).to.deep.equal(['t3@s:Done/2024-03', 't2@s:Done/2024-02']);
      expect(found(await store.indexDesc(projection, 's:Late/', { limit: 5 }))).to.deep.equal([]);
      expect(found(await store.indexDesc(other, 'all/', { limit: 5 }))).to.deep.equal(['t9@all/2024-09']);

      // And a reset drops them with the docs
      await store.reset([projection]);
      expect(await store.indexDesc(projection, 'all/', { limit: 5 })).to.deep.equal([]);
    });

    it('gives at most a limit of the docs under a prefix, highest key first, below a key; and lowest first, above a key', async () => {
      const [projection, other] = [newProjection(), newProjection()];
      await store.commit([
        batch(projection, 3, { 'u1/2024-01': { m: 1 }, 'u1/2024-03': { m: 3 }, 'u1/2024-02': { m: 2 }, u1: { m: 'own key' }, 'u10/2024-05': { m: 'u10' }, 'u0/2024-09': { m: 'u0' } }),
        batch(other, 3, { 'u1/2024-04': { m: 'other' } }),
      ]);
      const keys = (docs: { key: string }[]) => docs.map((d) => d.key);
      expect(await store.rangeDesc(projection, 'u1/', { limit: 2 })).to.deep.equal([{ key: 'u1/2024-03', doc: { m: 3 } }, { key: 'u1/2024-02', doc: { m: 2 } }]);
      expect(keys(await store.rangeDesc(projection, 'u1/', { below: 'u1/2024-02', limit: 5 }))).to.deep.equal(['u1/2024-01']);
      expect(keys(await store.rangeDesc(projection, 'u1/', { below: 'u1/2024-02~', limit: 5 }))).to.deep.equal(['u1/2024-02', 'u1/2024-01']);
      // A bound past the prefix's keys reads from its highest; one before them reads nothing.
      expect(keys(await store.rangeDesc(projection, 'u1/', { below: 'u2', limit: 5 }))).to.deep.equal(['u1/2024-03', 'u1/2024-02', 'u1/2024-01']);
      expect(keys(await store.rangeDesc(projection, 'u1/', { below: 'u0', limit: 5 }))).to.deep.equal([]);
      expect(await store.rangeAsc(projection, 'u1/', { limit: 1 })).to.deep.equal([{ key: 'u1/2024-01', doc: { m: 1 } }]);
      expect(keys(await store.rangeAsc(projection, 'u1/', { above: 'u1/2024-01', limit: 5 }))).to.deep.equal(['u1/2024-02', 'u1/2024-03']);
      expect(keys(await store.rangeAsc(projection, 'u1/', { above: 'u1/2024-02~', limit: 5 }))).to.deep.equal(['u1/2024-03']);
      expect(keys(await store.rangeAsc(projection, 'u1/', { above: 'u0', limit: 5 }))).to.deep.equal(['u1/2024-01', 'u1/2024-02', 'u1/2024-03']);
      expect(keys(await store.rangeAsc(projection, 'u1/', { above: 'u2', limit: 5 }))).to.deep.equal([]);
      expect(await store.rangeDesc(projection, 'u2/', { limit: 5 })).to.deep.equal([]);
      // A doc written since is seen; one deleted is not.
      await store.commit([batch(projection, 4, { 'u1/2024-04': { m: 4 }, 'u1/2024-03': undefined })]);
      expect(keys(await store.rangeDesc(projection, 'u1/', { limit: 2 }))).to.deep.equal(['u1/2024-04', 'u1/2024-02']);
      expect(keys(await store.rangeAsc(projection, 'u1/', { above: 'u1/2024-02', limit: 5 }))).to.deep.equal(['u1/2024-04']);
    });

    it('replaces a doc at a later checkpoint and deletes it when the batch holds undefined for its key', async () => {
      const projection = newProjection();
      await store.commit([batch(projection, 10, { k: { v: 1 }, stays: { v: 1 } })]);
      await store.commit([batch(projection, 20, { k: { v: 2 } })]);
      expect(await store.get(projection, 'k')).to.deep.equal({ v: 2 });
      await store.commit([batch(projection, 30, { k: undefined })]);
      expect(await store.get(projection, 'k')).to.equal(undefined);
      expect(await store.list(projection)).to.deep.equal([{ v: 1 }]);
    });

    it("erases every doc of an owner (their own key and every key under '<owner>/') before the batch's docs, and nobody else's", async () => {
      const projection = newProjection();
      await store.commit([batch(projection, 10, { u1: { n: 'own' }, 'u1/a': { n: 'a' }, 'u1/b': { n: 'b' }, u10: { n: 'u10' }, 'u10/a': { n: 'u10a' }, 'u2/x': { n: 'x' } })]);
      await store.commit([{ ...batch(projection, 20, { 'u1/c': { n: 'written after' } }), erasedOwners: ['u1'] }]);
      expect(await store.list(projection)).to.deep.equal([{ n: 'written after' }, { n: 'u10' }, { n: 'u10a' }, { n: 'x' }]);
      // A late commit of an older erasure leaves what was written since.
      await store.commit([{ ...batch(projection, 15, {}), erasedOwners: ['u1'] }]);
      expect(await store.get(projection, 'u1/c')).to.deep.equal({ n: 'written after' });
    });

    it('keeps each projection checkpoint, moved by a commit even when it changes no doc', async () => {
      const [a, b, idle] = [newProjection(), newProjection(), newProjection()];
      await store.commit([batch(a, 7, { k: { v: 1 } }), batch(b, 9, {})]);
      expect(await store.checkpoints([a, b, idle])).to.deep.equal(new Map([[a, 7], [b, 9], [idle, 0]]));
      await store.commit([batch(b, 12, {})]);
      expect((await store.checkpoints([b])).get(b)).to.equal(12);
    });

    it('never moves a checkpoint back: a late commit of an older batch leaves it where it is', async () => {
      const projection = newProjection();
      await store.commit([batch(projection, 20, {})]);
      await store.commit([batch(projection, 10, {})]);
      expect(await store.checkpoints([projection])).to.deep.equal(new Map([[projection, 20]]));
    });

    it('never moves a doc back: a batch at or below the position a doc was written at leaves it as it is', async () => {
      const projection = newProjection();
      await store.commit([batch(projection, 20, { k: { v: 'at 20' } })]);

      // A replay after a crash between the docs and the checkpoint: older batches arrive again.
      await store.commit([batch(projection, 10, { k: { v: 'at 10' }, fresh: { v: 'at 10' } })]);
      await store.commit([batch(projection, 15, { k: undefined })]);
      await store.commit([batch(projection, 20, { k: { v: 'at 20 again' } })]);
      expect(await store.get(projection, 'k')).to.deep.equal({ v: 'at 20' });
      expect(await store.get(projection, 'fresh')).to.deep.equal({ v: 'at 10' }, 'the guard is per doc, not per batch');

      await store.commit([batch(projection, 30, { k: { v: 'at 30' } })]);
      expect(await store.get(projection, 'k')).to.deep.equal({ v: 'at 30' });
    });

    it("keeps each key's halt with its commit, replaces it, drops it, and a reset drops them all", async () => {
      const [projection, other] = [newProjection(), newProjection()];
      const halt = (key: string, waiting: number): KeyHalt => ({ projection, key, position: 3, eventId: 'e3', type: 'WorkoutsImported', stream: 'import-i', error: 'Invalid time value', waiting });
      expect(await store.halts([projection])).to.deep.equal([]);
      await store.commit([{ ...batch(projection, 3, {}), halts: new Map([['u2', halt('u2', 0)], ['u1', halt('u1', 0)]]) }, batch(other, 3, {})]);
      expect(await store.halts([projection, other])).to.deep.equal([halt('u1', 0), halt('u2', 0)]);
      await store.commit([{ ...batch(projection, 4, {}), halts: new Map([['u1', halt('u1', 2)], ['u2', undefined]]) }]);
      expect(await store.halts([projection])).to.deep.equal([halt('u1', 2)]);
      await store.reset([projection]);
      expect(await store.halts([projection])).to.deep.equal([]);
    });

    it('resets only the projections named: docs and checkpoint gone', async () => {
      const [dropped, kept] = [newProjection(), newProjection()];
      await store.commit([batch(dropped, 4, { k: { v: 1 } }), batch(kept, 4, { k: { v: 2 } })]);
      await store.reset([dropped]);
      expect(await store.list(dropped)).to.deep.equal([]);
      expect(await store.checkpoints([dropped, kept])).to.deep.equal(new Map([[dropped, 0], [kept, 4]]));
      expect(await store.get(kept, 'k')).to.deep.equal({ v: 2 });

      // After a reset the projection starts over from position 0, so low positions write again.
      await store.commit([batch(dropped, 1, { k: { v: 'rebuilt' } })]);
      expect(await store.get(dropped, 'k')).to.deep.equal({ v: 'rebuilt' });
    });

    if (traits.atomicCommit === 'whole') {
      it('commits all or nothing: a doc that cannot be stored undoes the whole commit', async () => {
        const [a, b] = [newProjection(), newProjection()];
        await store.commit([batch(a, 1, { k: { v: 'before' } })]);
        const failed = await store.commit([batch(a, 5, { k: { v: 'after' }, other: { v: 1 } }), batch(b, 5, { k: { n: 1n } })]).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failed, 'a BigInt has no JSON form').to.be.instanceOf(Error);
        expect(await store.get(a, 'k')).to.deep.equal({ v: 'before' });
        expect(await store.get(a, 'other')).to.equal(undefined);
        expect(await store.checkpoints([a, b])).to.deep.equal(new Map([[a, 1], [b, 0]]));
      });
    }
    if (traits.atomicCommit === 'batch') {
      it('commits each batch all or nothing: a doc that cannot be stored undoes its batch; a batch before it lands whole or not at all', async () => {
        const [a, b] = [newProjection(), newProjection()];
        await store.commit([batch(b, 1, { k: { v: 'before' } })]);
        const failed = await store.commit([batch(a, 5, { k: { v: 'after' }, other: { v: 1 } }), batch(b, 5, { k: { v: 'after' }, bad: { n: 1n } })]).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failed, 'a BigInt has no JSON form').to.be.instanceOf(Error);
        expect(await store.get(b, 'k')).to.deep.equal({ v: 'before' });
        expect(await store.get(b, 'bad')).to.equal(undefined);
        const checkpoints = await store.checkpoints([a, b]);
        expect(checkpoints.get(b)).to.equal(1);
        // The failure may stop the commit before or after `a`'s batch landed, never within it.
        const landed = checkpoints.get(a) === 5;
        expect(await store.list(a)).to.deep.equal(landed ? [{ v: 'after' }, { v: 1 }] : []);
        if (!landed) expect(checkpoints.get(a)).to.equal(0);
      });
    }
  });
}

const newProjection = () => `contract_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

const batch = (projection: string, checkpoint: number, docs: Record<string, unknown>): ProjectionBatch => ({
  projection,
  checkpoint,
  docs: new Map(Object.entries(docs)),
});
