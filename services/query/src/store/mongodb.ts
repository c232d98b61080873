import { MongoBulkWriteError, MongoClient, type AnyBulkWriteOperation, type Collection, type Db, type WriteError } from 'mongodb';
import { indexEntriesOf, pastPrefix, type IndexedDoc, type KeyedDoc, type KeyHalt, type ProjectionBatch, type ReadModelStore } from './port.js';

/** One stored read model: the projection's doc as it was handed over, and the position it was written at. */
interface StoredDoc {
  _id: string;
  doc: unknown;
  _position: number;
}

interface StoredCheckpoint {
  _id: string;
  position: number;
}

/** One index entry of a doc (`indexDesc`): `_id` is the entry and the key, so entries sort by `_id`. */
interface StoredEntry {
  _id: string;
  entry: string;
  key: string;
  _position: number;
}

/** A projection's index entries live in a collection of their own beside its docs. */
const indexOf = (projection: string) => `${projection}.index`;
const entryId = (entry: string, key: string) => `${entry}\u0000${key}`;

const CHECKPOINTS = 'checkpoints';
const HALTS = 'projectionHalts';

interface StoredHalt {
  /** `<projection>\u0000<key>`. */
  _id: string;
  projection: string;
  halt: KeyHalt;
}
const DUPLICATE_KEY = 11000;

/**
 * Read models in MongoDB: one collection per projection, `_id` = key, the doc under `doc` so its own fields can
 * never clash with ours. MongoDB has no transaction here (it would need a replica set), so a commit writes each
 * projection's docs and then its checkpoint; every doc carries the position it was written at (`_position`) and a
 * write only lands on a doc that is older, so replaying a batch after a crash between the two never moves a doc back.
 */
export class MongoReadModelStore implements ReadModelStore {
  readonly kind = 'mongodb';

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoReadModelStore> {
    const client = await MongoClient.connect(url);
    return new MongoReadModelStore(client, client.db(dbName));
  }

  private docs(projection: string) {
    if (projection === CHECKPOINTS || projection === HALTS) throw new Error(`"${projection}" is taken by the store, not a projection name`);
    return this.db.collection<StoredDoc>(projection);
  }

  /** A projection's index entries, with the index by key its writes need, made once per store. */
  private readonly indexed = new Set<string>();
  private async entries(projection: string) {
    this.docs(projection);
    const entries = this.db.collection<StoredEntry>(indexOf(projection));
    if (!this.indexed.has(projection)) {
      await entries.createIndex({ key: 1 });
      this.indexed.add(projection);
    }
    return entries;
  }

  private get haltCollection() {
    return this.db.collection<StoredHalt>(HALTS);
  }

  async halts(projections: string[]): Promise<KeyHalt[]> {
    const stored = await this.haltCollection.find({ projection: { $in: projections } }, { sort: { _id: 1 } }).toArray();
    return stored.map((s) => s.halt);
  }

  private get checkpointCollection() {
    return this.db.collection<StoredCheckpoint>(CHECKPOINTS);
  }

  async get<D>(collection: string, key: string): Promise<D | undefined> {
    const stored = await this.docs(collection).findOne({ _id: key }, { projection: { doc: 1 } });
    return stored ? (stored.doc as D) : undefined;
  }

  /** Another client may write at any moment, unseen: nothing read can be kept by a mark. */
  version(): undefined {
    return undefined;
  }

  async entry<D>(collection: string, key: string): Promise<{ doc: D; position: number } | undefined> {
    const stored = await this.docs(collection).findOne({ _id: key }, { projection: { doc: 1, _position: 1 } });
    return stored ? { doc: stored.doc as D, position: stored._position } : undefined;
  }

  async list<D>(collection: string): Promise<D[]> {
    const stored = await this.docs(collection).find({}, { projection: { doc: 1 }, sort: { _id: 1 } }).toArray();
    return stored.map((s) => s.doc as D);
  }

  async range<D>(collection: string, prefix: string): Promise<D[]> {
    const filter = { _id: { $gte: prefix, $lt: pastPrefix(prefix) } };
    const stored = await this.docs(collection).find(filter, { projection: { doc: 1 }, sort: { _id: 1 } }).toArray();
    return stored.map((s) => s.doc as D);
  }

  async rangeDesc<D>(collection: string, prefix: string, { below, limit }: { below?: string; limit: number }): Promise<KeyedDoc<D>[]> {
    const end = pastPrefix(prefix);
    const filter = { _id: { $gte: prefix, $lt: below !== undefined && below < end ? below : end } };
    const stored = await this.docs(collection).find(filter, { projection: { doc: 1 }, sort: { _id: -1 }, limit }).toArray();
    return stored.map((s) => ({ key: s._id, doc: s.doc as D }));
  }

  async rangeAsc<D>(collection: string, prefix: string, { above, limit }: { above?: string; limit: number }): Promise<KeyedDoc<D>[]> {
    const filter = { _id: above !== undefined && above >= prefix ? { $gt: above, $lt: pastPrefix(prefix) } : { $gte: prefix, $lt: pastPrefix(prefix) } };
    const stored = await this.docs(collection).find(filter, { projection: { doc: 1 }, sort: { _id: 1 }, limit }).toArray();
    return stored.map((s) => ({ key: s._id, doc: s.doc as D }));
  }

  async indexDesc<D>(collection: string, prefix: string, { below, limit }: { below?: string; limit: number }): Promise<IndexedDoc<D>[]> {
    const end = pastPrefix(prefix);
    const upper = below !== undefined && below < end ? below : end;
    const found = await (await this.entries(collection)).find({ _id: { $gte: prefix, $lt: upper } }, { sort: { _id: -1 }, limit }).toArray();
    const docs = new Map((await this.docs(collection).find({ _id: { $in: found.map((e) => e.key) } }, { projection: { doc: 1 } }).toArray()).map((s) => [s._id, s.doc]));
    // An entry left by a write that lost to a newer one (a batch replayed after a crash) names a doc no longer
    // listed under it: only entries the doc itself still names are answered.
    return found.flatMap(({ entry, key }) => {
      const doc = docs.get(key);
      return doc !== undefined && indexEntriesOf(doc).includes(entry) ? [{ key, entry, doc: doc as D }] : [];
    });
  }

  async checkpoints(projections: string[]): Promise<Map<string, number>> {
    const stored = await this.checkpointCollection.find({ _id: { $in: projections } }).toArray();
    const byName = new Map(stored.map((c) => [c._id, c.position]));
    return new Map(projections.map((p) => [p, byName.get(p) ?? 0]));
  }

  async commit(batches: ProjectionBatch[]): Promise<void> {
    // Every doc goes through JSON first, as sqlite stores it: `get` then answers what sqlite would (no undefined
    // fields, dates as strings), and a doc that cannot be stored fails the commit before anything is written.
    const writes = batches.map(({ projection, docs, checkpoint, erasedOwners = [], halts = new Map<string, KeyHalt | undefined>() }) => ({
      projection,
      docs,
      checkpoint,
      erasedOwners,
      halts,
      operations: [...docs].map(([key, doc]) => toOperation(key, doc === undefined ? undefined : asJson(doc), checkpoint)),
    }));
    for (const { projection, docs, checkpoint, erasedOwners, halts, operations } of writes) {
      for (const owner of erasedOwners) {
        const chunks = `${owner}/`;
        await this.docs(projection).deleteMany({
          $and: [{ $or: [{ _id: owner }, { _id: { $gte: chunks, $lt: pastPrefix(chunks) } }] }, { $or: [{ _position: { $lt: checkpoint } }, { _position: { $exists: false } }] }],
        });
        await (await this.entries(projection)).deleteMany({ $or: [{ key: owner }, { key: { $gte: chunks, $lt: pastPrefix(chunks) } }], _position: { $lt: checkpoint } });
      }
      if (operations.length > 0) {
        await applyGuarded(this.docs(projection), operations);
        await this.writeEntries(projection, docs, checkpoint);
      }
      for (const [key, halt] of halts) {
        const _id = `${projection}\u0000${key}`;
        if (halt === undefined) await this.haltCollection.deleteOne({ _id });
        else await this.haltCollection.replaceOne({ _id }, { projection, halt }, { upsert: true });
      }
      await moveCheckpointForward(this.checkpointCollection, projection, checkpoint);
    }
  }

  /**
   * The index entries of the docs a batch wrote: a key's older entries go and the doc's own are written. Without a
   * transaction, an entry may outlive its doc's write for a moment or after a crash; `indexDesc` answers only entries
   * the doc still names, and a replayed batch writes them again.
   */
  private async writeEntries(projection: string, docs: Map<string, unknown>, checkpoint: number) {
    const fresh = [...docs].flatMap(([key, doc]) =>
      indexEntriesOf(doc).map((entry) => ({ replaceOne: { filter: { _id: entryId(entry, key) }, replacement: { entry, key, _position: checkpoint }, upsert: true } })),
    );
    // A projection whose docs name no entries (most) costs nothing more here, unless a doc of it is deleted.
    if (fresh.length === 0 && ![...docs.values()].includes(undefined)) return;
    const entries = fresh.length > 0 ? await this.entries(projection) : this.db.collection<StoredEntry>(indexOf(projection));
    await entries.deleteMany({ key: { $in: [...docs.keys()] }, _position: { $lt: checkpoint } });
    if (fresh.length > 0) await entries.bulkWrite(fresh, { ordered: false });
  }

  async reset(projections: string[]): Promise<void> {
    for (const projection of projections) {
      await this.docs(projection).deleteMany({});
      await this.db.collection(indexOf(projection)).deleteMany({});
      await this.haltCollection.deleteMany({ projection });
      await this.checkpointCollection.deleteOne({ _id: projection });
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

const asJson = (doc: unknown): unknown => JSON.parse(JSON.stringify(doc));

/** A write that only touches a doc written at an earlier position (or one without a position at all). */
function toOperation(key: string, doc: unknown, checkpoint: number): AnyBulkWriteOperation<StoredDoc> {
  const filter = { _id: key, $or: [{ _position: { $lt: checkpoint } }, { _position: { $exists: false } }] };
  return doc === undefined
    ? { deleteOne: { filter } }
    : { replaceOne: { filter, replacement: { doc, _position: checkpoint }, upsert: true } };
}

/**
 * When the guard does not match because the doc is already at (or past) this checkpoint, the upsert tries to insert
 * a second doc with that `_id`: the duplicate-key error means "already applied" and is ignored. Unordered, so one
 * such doc does not hold back the others.
 */
async function applyGuarded(collection: Collection<StoredDoc>, operations: AnyBulkWriteOperation<StoredDoc>[]) {
  try {
    await collection.bulkWrite(operations, { ordered: false });
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const errors = ([] as WriteError[]).concat(error.writeErrors);
    if (error.err || errors.length === 0 || errors.some((e) => e.code !== DUPLICATE_KEY)) throw error;
  }
}

/**
 * A checkpoint only moves forward, so an instance that lost its lease and flushes late cannot move it back. The
 * filter misses a checkpoint already further on; the upsert then collides on `_id`, which means just that.
 */
async function moveCheckpointForward(collection: Collection<StoredCheckpoint>, projection: string, checkpoint: number) {
  try {
    await collection.updateOne({ _id: projection, position: { $lt: checkpoint } }, { $set: { position: checkpoint } }, { upsert: true });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}
