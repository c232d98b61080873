import type Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { openSqliteFile, whenWritable } from '../../../../lowlevel/sqlite.js';
import { ThreadWait } from '../../../../lowlevel/threadWait.js';
import { pastPrefix, type IndexedDoc, type KeyedDoc, type KeyHalt, type ProjectionBatch, type ReadModelStore } from './port.js';
import { deepFreeze } from '../../../platform/deepFreeze.js';
import type { DocRebuilder } from '../repair.js';

const DEFAULT_COMMIT_WAIT_MS = 60_000;

/** The writes of a commit; the writer thread (sqliteDocWriter.mjs) runs the same statements. */
const PUT = `INSERT INTO read_models (collection, key, doc, position) VALUES (?, ?, ?, ?)
  ON CONFLICT (collection, key) DO UPDATE SET doc = excluded.doc, position = excluded.position
  WHERE read_models.position < excluded.position`;
const DELETE = 'DELETE FROM read_models WHERE collection = ? AND key = ? AND position < ?';
/** Every doc of an owner (their own key, and every key under `<owner>/`) written before the position. */
const ERASE_OWNER = 'DELETE FROM read_models WHERE collection = ? AND (key = ? OR (key >= ? AND key < ?)) AND position < ?';
/** A repaired doc replaces the unreadable row only while that row is still there as it was read. */
const REPAIR = 'UPDATE read_models SET doc = ? WHERE collection = ? AND key = ? AND position = ? AND doc = ?';
const REPAIR_BY_DELETE = 'DELETE FROM read_models WHERE collection = ? AND key = ? AND position = ? AND doc = ?';
// A checkpoint only moves forward: an instance that lost its lease and flushes late cannot move it back.
const SET_CHECKPOINT = `INSERT INTO checkpoints (projection, position) VALUES (?, ?)
  ON CONFLICT (projection) DO UPDATE SET position = excluded.position WHERE excluded.position > checkpoints.position`;

/** A key's halt, stored or replaced; and dropped. */
const PUT_HALT = `INSERT INTO projection_halts (projection, key, halt) VALUES (?, ?, ?)
  ON CONFLICT (projection, key) DO UPDATE SET halt = excluded.halt`;
const DROP_HALT = 'DELETE FROM projection_halts WHERE projection = ? AND key = ?';

/**
 * The index entries of docs that list themselves under some (`indexDesc`, the doc's `_index` field), kept by
 * triggers on every write of a doc: so every way a doc is written, deleted, erased, repaired or dropped for a rebuild,
 * in this thread or the writer thread, moves its entries with it, and no code path can forget them. `instr` first:
 * most docs have no `_index`, and finding that costs a scan of the text rather than a parse of its JSON.
 */
const INDEX_SCHEMA = `
  CREATE TABLE IF NOT EXISTS read_model_index (
    collection TEXT NOT NULL,
    entry TEXT NOT NULL,
    key TEXT NOT NULL,
    PRIMARY KEY (collection, entry, key)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS read_model_index_by_key ON read_model_index (collection, key);
  CREATE TRIGGER IF NOT EXISTS read_models_index_insert AFTER INSERT ON read_models
    WHEN instr(new.doc, '"_index"') > 0 AND json_valid(new.doc) AND json_type(new.doc, '$._index') = 'array'
  BEGIN
    INSERT OR IGNORE INTO read_model_index (collection, entry, key)
      SELECT new.collection, value, new.key FROM json_each(new.doc, '$._index') WHERE type = 'text';
  END;
  CREATE TRIGGER IF NOT EXISTS read_models_index_update AFTER UPDATE OF doc ON read_models
  BEGIN
    DELETE FROM read_model_index WHERE collection = old.collection AND key = old.key;
    INSERT OR IGNORE INTO read_model_index (collection, entry, key)
      SELECT new.collection, value, new.key FROM json_each(
        CASE WHEN instr(new.doc, '"_index"') > 0 AND json_valid(new.doc) AND json_type(new.doc, '$._index') = 'array' THEN new.doc ELSE '{"_index":[]}' END,
        '$._index'
      ) WHERE type = 'text';
  END;
  CREATE TRIGGER IF NOT EXISTS read_models_index_delete AFTER DELETE ON read_models
  BEGIN
    DELETE FROM read_model_index WHERE collection = old.collection AND key = old.key;
  END;
`;

/**
 * A commit of at least this many docs (a rebuild's) is written by a writer thread with a connection of its own,
 * while this thread turns the next docs into JSON: writing a rebuild's docs to SQLite takes longer than making their
 * JSON, so the two overlap (docs/adr/0029). Smaller commits, the live projector's, stay here.
 */
const WRITER_THREAD_FROM = 5_000;
/** Docs per message to the writer thread, and how many messages may wait there. */
const WRITER_CHUNK = 500;
const WRITER_CHUNKS_AHEAD = 8;

export interface SqliteReadModelOptions {
  /** How many docs make a commit go through the writer thread (tests lower it to cover that path). */
  writerThreadFrom?: number;
  /** How long a commit waits for a write lock held elsewhere before it fails (the projector then starts over). */
  commitWaitMs?: number;
  /**
   * Folds the log again for a doc whose stored JSON does not parse. Without it such a doc is an error naming the
   * collection and key (the replay and bench tools, which rebuild everything anyway).
   */
  rebuildDoc?: DocRebuilder;
}

/** A stored doc that is not JSON any more (damaged on disk, or edited by hand). */
export class UnreadableDoc extends Error {
  constructor(
    readonly collection: string,
    readonly key: string,
    readonly row: { doc: string; position: number },
  ) {
    super(`the read model doc ${collection}/${key} does not parse`);
    this.name = 'UnreadableDoc';
  }
}

/**
 * Commits of this process's stores to read models, which a store's `data_version` counts for other connections only
 * (its own) or from its next read transaction on (another store's): counted here, every store sees them at once.
 */
const commits = { count: 0 };

/**
 * Read models in the embedded SQLite file: docs as JSON, written with their checkpoint in one transaction (a commit
 * through the writer thread: one per projection).
 */
export class SqliteReadModelStore implements ReadModelStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly statements;
  /**
   * Parsed docs by collection and key (undefined: none stored), with the position each was stored at and the epoch
   * at which that was last checked: parsing a user's docs was most of a dashboard read, and looking up each doc's
   * position much of the rest. Frozen, since every reader shares one copy.
   */
  private readonly parsed = new Map<string, { doc: unknown; position: number; epoch: string }>();
  /** An owner's chunks (`range`) as last read, by collection and prefix, with the epoch they were read at. */
  private readonly ranges = new Map<string, { docs: unknown[]; epoch: string }>();
  /**
   * The docs the live projector's commits stored, as it handed them over, with the position they were stored at: its
   * next event on a doc folds from this object rather than from the stored JSON parsed again (a month of a user's
   * sessions is parsed once, not at every logged set). Used only while the row is still at that position; not shared
   * with readers (`get` answers parsed, frozen docs).
   */
  private readonly written = new Map<string, { doc: unknown; position: number }>();
  private currentEpoch: string | undefined;
  /** `commits.count` when the epoch was taken, and whether the end of its turn is set to drop it. */
  private epochCommits = 0;
  private epochEnds = false;

  private readonly writerThreadFrom: number;
  private readonly commitWaitMs: number;
  private readonly rebuildDoc?: DocRebuilder;
  /** Repairs under way by doc, so readers of one damaged doc wait for one repair. */
  private readonly repairs = new Map<string, Promise<void>>();

  constructor(file: string, options: SqliteReadModelOptions = {}) {
    this.writerThreadFrom = options.writerThreadFrom ?? WRITER_THREAD_FROM;
    this.commitWaitMs = options.commitWaitMs ?? DEFAULT_COMMIT_WAIT_MS;
    this.rebuildDoc = options.rebuildDoc;
    this.db = openSqliteFile(file, (db) => {
      db.exec(`
        CREATE TABLE IF NOT EXISTS checkpoints (
          projection TEXT PRIMARY KEY,
          position INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS projection_halts (
          projection TEXT NOT NULL,
          key TEXT NOT NULL,
          halt TEXT NOT NULL,
          PRIMARY KEY (projection, key)
        );
      `);
      if (readModelsTable(db) !== 'rowid') db.transaction(createReadModels).immediate(db);
      db.exec(INDEX_SCHEMA);
    });
    this.statements = {
      get: this.db.prepare<[string, string], { doc: string; position: number }>(
        'SELECT doc, position FROM read_models WHERE collection = ? AND key = ?',
      ),
      dataVersion: this.db.prepare<[], number>('PRAGMA data_version').pluck(),
      positionOf: this.db.prepare<[string, string], { position: number }>(
        'SELECT position FROM read_models WHERE collection = ? AND key = ?',
      ),
      list: this.db.prepare<[string], { key: string; doc: string; position: number }>(
        'SELECT key, doc, position FROM read_models WHERE collection = ? ORDER BY key',
      ),
      positionsIn: this.db.prepare<[string, string, string], { key: string; position: number }>(
        'SELECT key, position FROM read_models WHERE collection = ? AND key >= ? AND key < ? ORDER BY key',
      ),
      positionsDesc: this.db.prepare<[string, string, string, number], { key: string; position: number }>(
        'SELECT key, position FROM read_models WHERE collection = ? AND key >= ? AND key < ? ORDER BY key DESC LIMIT ?',
      ),
      positionsAsc: this.db.prepare<[string, string, string, string, number], { key: string; position: number }>(
        'SELECT key, position FROM read_models WHERE collection = ? AND key >= ? AND key > ? AND key < ? ORDER BY key LIMIT ?',
      ),
      indexDesc: this.db.prepare<[string, string, string, number], { entry: string; key: string; doc: string; position: number }>(
        `SELECT i.entry, i.key, m.doc, m.position FROM read_model_index i JOIN read_models m ON m.collection = i.collection AND m.key = i.key
          WHERE i.collection = ? AND i.entry >= ? AND i.entry < ? ORDER BY i.entry DESC LIMIT ?`,
      ),
      put: this.db.prepare(PUT),
      eraseOwner: this.db.prepare(ERASE_OWNER),
      repair: this.db.prepare(REPAIR),
      repairByDelete: this.db.prepare(REPAIR_BY_DELETE),
      delete: this.db.prepare(DELETE),
      checkpoint: this.db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE projection = ?'),
      setCheckpoint: this.db.prepare(SET_CHECKPOINT),
      putHalt: this.db.prepare(PUT_HALT),
      dropHalt: this.db.prepare(DROP_HALT),
      halts: this.db.prepare<[string], { halt: string }>('SELECT halt FROM projection_halts WHERE projection = ? ORDER BY key'),
      dropHalts: this.db.prepare('DELETE FROM projection_halts WHERE projection = ?'),
      dropDocs: this.db.prepare('DELETE FROM read_models WHERE collection = ?'),
      dropCheckpoint: this.db.prepare('DELETE FROM checkpoints WHERE projection = ?'),
    };
  }

  /**
   * What the file holds has not changed while this is the same: SQLite moves `data_version` with every commit of
   * another connection (another process's), and `commits` counts those of every store of this process, at once. Taken
   * once per turn of the event loop, by the first read of the turn: asking SQLite starts a read transaction, work a
   * request need not repeat when another of the same turn has done it, and under load a turn serves the reads of many
   * requests (docs/adr/0030-the-doc-cache-is-checked-against-the-files-epoch.md). The reads of a turn are as one with
   * the commits of this process; a commit of another process in the course of a turn is seen from the next, so those
   * reads come before it, as they might have anyway (nothing orders them). A request learns of another process's commit
   * only through its checkpoints (`X-Min-Position` waiting for them), and reading those takes the epoch anew.
   */
  private epoch(): string {
    if (this.currentEpoch === undefined || this.epochCommits !== commits.count) {
      this.epochCommits = commits.count;
      this.currentEpoch = `${this.statements.dataVersion.get()}:${commits.count}`;
      if (!this.epochEnds) {
        this.epochEnds = true;
        setImmediate(() => {
          this.currentEpoch = undefined;
          this.epochEnds = false;
        });
      }
    }
    return this.currentEpoch;
  }

  /** Runs a write of this connection, moving every store's epoch the moment it is done (or failed). */
  private committing(write: () => void) {
    try {
      write();
    } finally {
      commits.count += 1;
    }
  }

  version(): string {
    return this.epoch();
  }

  get<D>(collection: string, key: string): Promise<D | undefined> {
    // `repairing` inlined for the read every GET makes several of: no closure unless a repair is needed.
    try {
      return Promise.resolve(this.getNow<D>(collection, key));
    } catch (error) {
      return this.repairThenRead(error, () => this.getNow<D>(collection, key));
    }
  }

  private getNow<D>(collection: string, key: string): D | undefined {
    // A doc remembered at this epoch is what the file holds; past it, the doc's stored position is read again, so a
    // doc written since (by this process's projector or by another process on the same file) is never answered from
    // memory: at one position a doc has one content.
    const epoch = this.epoch();
    const cached = this.parsed.get(cacheKeyOf(collection, key));
    if (cached?.epoch === epoch) return cached.doc as D;
    const stored = this.statements.positionOf.get(collection, key);
    return this.parsedAt<D>(collection, key, stored?.position, epoch);
  }

  range<D>(collection: string, prefix: string): Promise<D[]> {
    return this.repairing(() => this.rangeNow<D>(collection, prefix));
  }

  private rangeNow<D>(collection: string, prefix: string): D[] {
    const epoch = this.epoch();
    const rangeKey = cacheKeyOf(collection, prefix);
    const cached = this.ranges.get(rangeKey);
    if (cached?.epoch === epoch) return [...cached.docs] as D[];
    const docs: D[] = [];
    for (const { key, position } of this.statements.positionsIn.all(collection, prefix, pastPrefix(prefix))) {
      const doc = this.parsedAt<D>(collection, key, position, epoch);
      if (doc !== undefined) docs.push(doc);
    }
    remember(this.ranges, rangeKey, { docs, epoch });
    return [...docs];
  }

  // Each doc of a limited range is answered from the doc cache by its position, as `get` answers: such a read is one
  // screen of a history, and what a range cache would keep of it is what the doc cache keeps already.
  rangeDesc<D>(collection: string, prefix: string, { below, limit }: { below?: string; limit: number }): Promise<KeyedDoc<D>[]> {
    const end = pastPrefix(prefix);
    const upper = below !== undefined && below < end ? below : end;
    return this.repairing(() => this.keyedDocs<D>(collection, this.statements.positionsDesc.all(collection, prefix, upper, limit)));
  }

  rangeAsc<D>(collection: string, prefix: string, { above, limit }: { above?: string; limit: number }): Promise<KeyedDoc<D>[]> {
    return this.repairing(() => this.keyedDocs<D>(collection, this.statements.positionsAsc.all(collection, prefix, above ?? '', pastPrefix(prefix), limit)));
  }

  indexDesc<D>(collection: string, prefix: string, { below, limit }: { below?: string; limit: number }): Promise<IndexedDoc<D>[]> {
    const end = pastPrefix(prefix);
    const upper = below !== undefined && below < end ? below : end;
    return this.repairing(() => {
      const rows = this.statements.indexDesc.all(collection, prefix, upper, limit);
      // A screen's worth goes through the doc cache, as `get` does; a long walk (a search) is parsed as `list`
      // parses, so it neither freezes every doc nor pushes out the docs of every other reader.
      if (limit > INDEX_READ_CACHED) return rows.map(({ entry, key, doc, position }) => ({ key, entry, doc: parseDoc(collection, key, { doc, position }) as D }));
      const epoch = this.epoch();
      const docs: IndexedDoc<D>[] = [];
      for (const { entry, key, position } of rows) {
        const doc = this.parsedAt<D>(collection, key, position, epoch);
        if (doc !== undefined) docs.push({ key, entry, doc });
      }
      return docs;
    });
  }

  private keyedDocs<D>(collection: string, rows: { key: string; position: number }[]): KeyedDoc<D>[] {
    const epoch = this.epoch();
    const docs: KeyedDoc<D>[] = [];
    for (const { key, position } of rows) {
      const doc = this.parsedAt<D>(collection, key, position, epoch);
      if (doc !== undefined) docs.push({ key, doc });
    }
    return docs;
  }

  /** The doc as stored at `position` (none when undefined), parsed once per position. */
  private parsedAt<D>(collection: string, key: string, position: number | undefined, epoch: string): D | undefined {
    const cacheKey = cacheKeyOf(collection, key);
    const cached = this.parsed.get(cacheKey);
    if (cached && cached.position === (position ?? 0)) {
      cached.epoch = epoch;
      return cached.doc as D;
    }
    const row = position === undefined ? undefined : this.statements.get.get(collection, key);
    const doc = row && deepFreeze(parseDoc(collection, key, row));
    remember(this.parsed, cacheKey, { doc, position: row?.position ?? 0, epoch });
    return doc as D | undefined;
  }

  /**
   * The doc and the position it was stored at, for the projector. A doc this store wrote itself, still at that
   * position, is handed back as written instead of parsed again (`written`).
   */
  async entry<D>(collection: string, key: string): Promise<{ doc: D; position: number } | undefined> {
    return this.repairing(() => {
      const stored = this.statements.positionOf.get(collection, key);
      if (!stored) return undefined;
      const mine = this.written.get(cacheKeyOf(collection, key));
      if (mine?.position === stored.position) return { doc: mine.doc as D, position: stored.position };
      const row = this.statements.get.get(collection, key);
      return row ? { doc: parseDoc(collection, key, row) as D, position: row.position } : undefined;
    });
  }

  async list<D>(collection: string): Promise<D[]> {
    return this.repairing(() => this.statements.list.all(collection).map((row) => parseDoc(collection, row.key, row) as D));
  }

  /**
   * Runs a read; a doc on the way that does not parse is rebuilt from the log and the read runs again. Not an async
   * function: a read that needs no repair (nearly all) is answered without one more promise and turn of microtasks.
   */
  private repairing<T>(read: () => T): Promise<T> {
    try {
      return Promise.resolve(read());
    } catch (error) {
      return this.repairThenRead(error, read);
    }
  }

  private async repairThenRead<T>(error: unknown, read: () => T): Promise<T> {
    for (;;) {
      if (!(error instanceof UnreadableDoc) || !this.rebuildDoc) throw error;
      await this.repair(error, this.rebuildDoc);
      try {
        return read();
      } catch (again) {
        error = again;
      }
    }
  }

  private repair({ collection, key, row }: UnreadableDoc, rebuildDoc: DocRebuilder): Promise<void> {
    const id = cacheKeyOf(collection, key);
    const running = this.repairs.get(id);
    if (running) return running;
    const repair = (async () => {
      const doc = await rebuildDoc(collection, key, row.position);
      await whenWritable(
        () =>
          this.committing(() => {
            if (doc === undefined) this.statements.repairByDelete.run(collection, key, row.position, row.doc);
            else this.statements.repair.run(JSON.stringify(doc), collection, key, row.position, row.doc);
          }),
        this.commitWaitMs,
      );
    })().finally(() => this.repairs.delete(id));
    this.repairs.set(id, repair);
    return repair;
  }

  async checkpoints(projections: string[]): Promise<Map<string, number>> {
    // What is read next is read at least as late as these: a caller waiting for a position reads the docs after it.
    this.currentEpoch = undefined;
    return new Map(projections.map((p) => [p, this.statements.checkpoint.get(p)?.position ?? 0]));
  }

  /** Writes the batches; answers the docs it stored (a put the guard skipped is not among them). */
  private readonly commitTx = (batches: ProjectionBatch[]) => {
    const stored: [string, { doc: unknown; position: number }][] = [];
    for (const { projection, docs, checkpoint, erasedOwners = [], halts = new Map<string, KeyHalt | undefined>() } of batches) {
      for (const owner of erasedOwners) this.statements.eraseOwner.run(...eraseOwnerParams(projection, owner, checkpoint));
      // Like mongodb's guard: a doc already written at this checkpoint or later is left as it is, so a replayed
      // (older) batch never moves it back.
      for (const [key, doc] of docs) {
        if (doc === undefined) this.statements.delete.run(projection, key, checkpoint);
        else if (this.statements.put.run(projection, key, JSON.stringify(doc), checkpoint).changes > 0) stored.push([cacheKeyOf(projection, key), { doc, position: checkpoint }]);
      }
      for (const [key, halt] of halts) {
        if (halt === undefined) this.statements.dropHalt.run(projection, key);
        else this.statements.putHalt.run(projection, key, JSON.stringify(halt));
      }
      this.statements.setCheckpoint.run(projection, checkpoint);
    }
    return stored;
  };

  // No request waits on a commit, so it may wait for a lock held elsewhere far longer than an append does; past
  // that the projector restarts from its checkpoints.
  async commit(batches: ProjectionBatch[]): Promise<void> {
    const docs = batches.reduce((sum, batch) => sum + batch.docs.size, 0);
    if (docs >= this.writerThreadFrom && !this.db.memory) {
      try {
        await writeInThread(this.db.name, batches, this.commitWaitMs);
      } finally {
        this.committing(() => {});
      }
      return;
    }
    let stored: ReturnType<typeof this.commitTx> = [];
    await whenWritable(() => this.committing(() => void (stored = this.db.transaction(this.commitTx).immediate(batches))), this.commitWaitMs);
    // Only once the transaction is in: a commit undone leaves nothing remembered.
    for (const [cacheKey, entry] of stored) remember(this.written, cacheKey, entry, WRITTEN_DOCS_KEPT);
  }

  async halts(projections: string[]): Promise<KeyHalt[]> {
    return projections.flatMap((p) => this.statements.halts.all(p).map((row) => JSON.parse(row.halt) as KeyHalt));
  }

  async reset(projections: string[]): Promise<void> {
    this.parsed.clear();
    this.ranges.clear();
    this.written.clear();
    const drop = this.db.transaction(() => {
      for (const p of projections) {
        this.statements.dropDocs.run(p);
        this.statements.dropHalts.run(p);
        this.statements.dropCheckpoint.run(p);
      }
    });
    await whenWritable(() => this.committing(() => drop.immediate()), this.commitWaitMs);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * Docs live in a rowid table (the key an index beside it), not a WITHOUT ROWID one: SQLite advises WITHOUT ROWID
 * for rows well under a twentieth of a page, and docs run from a hundred bytes to a hundred KB; a rebuild writing
 * 180 MB of docs took about 1.4 times as long into the WITHOUT ROWID table files had at first. Such a file's table
 * is copied into the new shape once, when the store opens it (docs and checkpoints stay as they are).
 */
function readModelsTable(db: Database.Database): 'none' | 'rowid' | 'without rowid' {
  const sql = db.prepare<[], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'read_models'").pluck().get();
  return sql === undefined ? 'none' : /WITHOUT ROWID/i.test(sql) ? 'without rowid' : 'rowid';
}

/** Run in a write transaction, so two processes opening the file at once create or copy it once. */
function createReadModels(db: Database.Database) {
  const existing = readModelsTable(db);
  if (existing === 'rowid') return;
  db.exec(`
    CREATE TABLE read_models_rowid (
      collection TEXT NOT NULL,
      key TEXT NOT NULL,
      doc TEXT NOT NULL,
      position INTEGER NOT NULL,
      PRIMARY KEY (collection, key)
    );
  `);
  if (existing === 'without rowid') db.exec('INSERT INTO read_models_rowid SELECT collection, key, doc, position FROM read_models; DROP TABLE read_models;');
  db.exec('ALTER TABLE read_models_rowid RENAME TO read_models;');
}

/**
 * The commit written by a writer thread, one transaction per batch (a projection's docs with its checkpoint, as the
 * port asks): the docs go over as JSON in chunks, at most `WRITER_CHUNKS_AHEAD` waiting, each batch's followed by its
 * checkpoint, which commits it. So the checkpoint of one projection's WAL runs while the JSON of the next is made,
 * and the write lock is held one projection at a time. Anything failing on either side (a doc with no JSON form, a
 * lock held past COMMIT_WAIT_MS) ends the thread before the batch it was in commits; the batches before stay.
 */
async function writeInThread(file: string, batches: ProjectionBatch[], busyTimeoutMs: number): Promise<void> {
  const writer = new Worker(new URL('./sqliteDocWriter.mjs', import.meta.url), {
    workerData: { file, put: PUT, delete: DELETE, eraseOwner: ERASE_OWNER, putHalt: PUT_HALT, dropHalt: DROP_HALT, setCheckpoint: SET_CHECKPOINT, busyTimeoutMs },
  });
  let inFlight = 0;
  let done = false;
  const wait = new ThreadWait(writer, 'the read model writer stopped before its commit');
  writer.on('message', (message: 'taken' | 'committed') => {
    if (message === 'taken') inFlight -= 1;
    else done = true;
    wait.arrived();
  });
  try {
    let rows: [string, string, string | null, number][] = [];
    const send = async () => {
      await wait.until(() => inFlight < WRITER_CHUNKS_AHEAD);
      writer.postMessage({ rows });
      inFlight += 1;
      rows = [];
    };
    for (const { projection, docs, checkpoint, erasedOwners = [], halts = new Map<string, KeyHalt | undefined>() } of batches) {
      if (erasedOwners.length > 0) writer.postMessage({ erase: erasedOwners.map((owner) => eraseOwnerParams(projection, owner, checkpoint)) });
      for (const [key, doc] of docs) {
        rows.push([projection, key, doc === undefined ? null : JSON.stringify(doc), checkpoint]);
        if (rows.length === WRITER_CHUNK) await send();
      }
      if (rows.length > 0) await send();
      if (halts.size > 0) writer.postMessage({ halts: [...halts].map(([key, halt]) => [projection, key, halt === undefined ? null : JSON.stringify(halt)]) });
      writer.postMessage({ checkpoint: [projection, checkpoint] });
    }
    writer.postMessage({ end: true });
    await wait.until(() => done);
  } finally {
    await writer.terminate();
  }
}

const eraseOwnerParams = (collection: string, owner: string, checkpoint: number) => {
  const chunks = `${owner}/`;
  return [collection, owner, chunks, pastPrefix(chunks), checkpoint] as const;
};

function parseDoc(collection: string, key: string, row: { doc: string; position: number }): unknown {
  try {
    return JSON.parse(row.doc);
  } catch {
    throw new UnreadableDoc(collection, key, row);
  }
}

const PARSED_DOCS_KEPT = 5_000;
/** An index read of up to this many docs (a page) goes through the doc cache; a longer one does not. */
const INDEX_READ_CACHED = 200;
/** The live projector touches few docs per event; a rebuild passing through keeps no more than these in memory. */
const WRITTEN_DOCS_KEPT = 500;

const cacheKeyOf = (collection: string, key: string) => `${collection}\u0000${key}`;

/** Bounded: past `PARSED_DOCS_KEPT` entries the oldest goes. */
function remember<V>(cache: Map<string, V>, key: string, value: V, kept = PARSED_DOCS_KEPT) {
  cache.delete(key);
  if (cache.size >= kept) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}
