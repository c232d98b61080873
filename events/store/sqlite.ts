import type Database from 'better-sqlite3';
import { DEFAULT_WRITE_WAIT_MS, openSqliteFile, whenWritable } from '../../lowlevel/sqlite.js';
import { ThreadWait } from '../../lowlevel/threadWait.js';
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { upcast, upcastTypes, validateForAppend } from '../catalog.js';
import { pollingSubscription } from './subscription.js';
import { SUBJECT_IS_STREAM, userSubject } from '../personal.js';
import { FOUND_KEYS, forgottenForm, newSubjectKey, openEvent, sealEvents, SqliteSubjectKeys, subjectToOpen, typesWithPersonalFields, type Sealed } from './shredding.js';
import {
  ConcurrencyError,
  IdempotencyKeyReused,
  isExpired,
  pagesOfReadAll,
  type AppendOptions,
  type AppendResult,
  type IdempotencyRecord,
  type IdempotentAppend,
  type RecordedAnswer,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.js';

interface Row {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

/** A row as an array (better-sqlite3's raw mode), in the column order of `READ_ALL_OF`: no object per row. */
type RawRow = [number, string, string, number, string, string, string];
/**
 * A row of a page from the log reader thread, parsed (sqliteLogReader.mjs): the columns of `RawRow` with data and
 * metadata parsed, and the opened seal of a sealed event it opened (its data then without the seal, when it stood last).
 */
type PageRow = [number, string, string, number, string, unknown, RecordedEvent['metadata'], Sealed?];

/** Events of some types after a position, in position order: `readAll` and the log reader of `readPages` run it. */
const READ_ALL_OF = `SELECT position, id, stream, revision, type, data, metadata FROM events
  WHERE position > @after AND type IN (SELECT value FROM json_each(@types)) ORDER BY position LIMIT @limit`;
const READ_ALL = 'SELECT position, id, stream, revision, type, data, metadata FROM events WHERE position > @after ORDER BY position LIMIT @limit';
/** A user's history after a position, read row by row until a page of `readUserPages` is full. */
const USER_AFTER = "SELECT * FROM events WHERE json_extract(data, '$.userId') = ? AND position > ? ORDER BY position";
/** About what a page of `readUserPages` parses at once (one bigger event still makes a page of its own). */
const USER_PAGE_BYTES = 256 * 1024;
/** Events rewritten per transaction by an erasure: an import's batch is about 1 MB. */
const UNSEALED_PER_TRANSACTION = 8;
/** How many pages the log reader of `readPages` reads ahead of the caller. */
const PAGES_AHEAD = 4;

const fromRaw = (row: RawRow): RecordedEvent =>
  upcast({ id: row[1], type: row[4], data: JSON.parse(row[5]) as unknown, metadata: JSON.parse(row[6]) as RecordedEvent['metadata'], stream: row[2], revision: row[3], position: row[0] });

const fromPage = (row: PageRow): RecordedEvent =>
  upcast({ id: row[1], type: row[4], data: row[5], metadata: row[6], stream: row[2], revision: row[3], position: row[0] });

const toRecorded = (row: Row): RecordedEvent =>
  upcast({
    id: row.id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    stream: row.stream,
    revision: row.revision,
    position: row.position,
  });

/** Stored types that upcast into something are fetched too, and kept once read as their current type. */
const typesToRead = (types: readonly string[]) => ({ stored: JSON.stringify([...types, ...upcastTypes()]), wanted: new Set(types) });

/**
 * The thread of `readPages`: pages of raw rows in log order. The thread may read a page while it holds credit, one
 * per page the caller took, kept in shared memory: taking a page is an atomic add, and wakes the thread only when
 * it ran out and waits (a message per page cost the caller a wake-up call each time).
 */
class LogReader {
  private readonly worker: Worker;
  private readonly credit = new Int32Array(new SharedArrayBuffer(4));
  /** Pages as the thread posted them: each one JSON text (sqliteLogReader.mjs). */
  private readonly pages: string[] = [];
  private readonly wait: ThreadWait;

  constructor(file: string, sql: string, params: Record<string, unknown>, after: number, pageSize: number) {
    Atomics.store(this.credit, 0, PAGES_AHEAD);
    this.worker = new Worker(new URL('./sqliteLogReader.mjs', import.meta.url), {
      workerData: { file, sql, params, after, pageSize, credit: this.credit, open: SEALS_OPENED_BY_THE_READER },
    });
    this.wait = new ThreadWait(this.worker, 'the log reader stopped before the end of the log');
    this.worker.on('message', (page: string) => {
      this.pages.push(page);
      this.wait.arrived();
    });
  }

  /** The next page of rows; [] once the log has no more. */
  async next(): Promise<PageRow[]> {
    await this.wait.until(() => this.pages.length > 0);
    const rows = JSON.parse(this.pages.shift()!) as PageRow[];
    if (rows.length > 0 && Atomics.add(this.credit, 0, 1) === 0) Atomics.notify(this.credit, 0);
    return rows;
  }

  async close(): Promise<void> {
    this.wait.fail(new Error('the log reader was closed'));
    await this.worker.terminate();
  }
}

/**
 * What the log reader thread needs to open events' seals as it reads them: which types are sealed, how their subject
 * is found (subjectOf, events/personal.ts), and how to read the subjects' keys. Types an upcaster reads into another
 * form are opened here, after the upcast, as every other read opens them.
 */
const SEALS_OPENED_BY_THE_READER = {
  sealedTypes: typesWithPersonalFields(),
  callerOpens: upcastTypes(),
  streamSubjects: [...SUBJECT_IS_STREAM],
  userPrefix: userSubject(''),
  keysSql: FOUND_KEYS,
};

const partlyStored = (stream: string, stored: number, all: number) =>
  new Error(`stream ${stream}: ${stored} of the batch's ${all} events are stored already; a batch is appended whole or not at all`);

/**
 * The embedded event log: one table in a SQLite file (WAL). The position is the rowid, so it is global and
 * monotonic; appends run in IMMEDIATE transactions, which makes SQLite's write lock the one writer lock, also
 * across processes (the admin CLI appends while the server runs).
 */
export class SqliteEventStore implements EventStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly statements;
  /** The subjects' keys of the personal fields, in this file: made in the append's own transaction. */
  private readonly keys: SqliteSubjectKeys;

  /** `writeWaitMs`: how long an append waits for a write lock held by another process before StoreBusy. */
  constructor(
    file: string,
    private readonly writeWaitMs = DEFAULT_WRITE_WAIT_MS,
  ) {
    this.db = openSqliteFile(file, (db) => {
      db.exec(`
        CREATE TABLE IF NOT EXISTS events (
          position INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          stream TEXT NOT NULL,
          revision INTEGER NOT NULL,
          type TEXT NOT NULL,
          data TEXT NOT NULL,
          metadata TEXT NOT NULL,
          UNIQUE (stream, revision)
        );
        -- Idempotency-Keys, written in the same transaction as the events they recorded (see port.ts).
        CREATE TABLE IF NOT EXISTS idempotency (
          key TEXT PRIMARY KEY,
          request_hash TEXT NOT NULL,
          at TEXT NOT NULL,
          answer TEXT
        );
        CREATE TABLE IF NOT EXISTS idempotency_steps (
          key TEXT NOT NULL,
          step TEXT NOT NULL,
          revision INTEGER NOT NULL,
          position INTEGER NOT NULL,
          PRIMARY KEY (key, step)
        );
        -- One user's history (time travel, export) without scanning the log: their events name them in data.userId.
        CREATE INDEX IF NOT EXISTS events_by_user ON events (json_extract(data, '$.userId'));
      `);
    });
    this.appended.setMaxListeners(0);
    this.keys = new SqliteSubjectKeys(this.db);
    this.statements = {
      lastRevision: this.db.prepare<[string], { revision: number }>(
        'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
      ),
      byId: this.db.prepare<[string], { position: number; stream: string; revision: number }>(
        'SELECT position, stream, revision FROM events WHERE id = ?',
      ),
      record: this.db.prepare<[string], { request_hash: string; at: string; answer: string | null }>(
        'SELECT request_hash, at, answer FROM idempotency WHERE key = ?',
      ),
      insertRecord: this.db.prepare('INSERT INTO idempotency (key, request_hash, at, answer) VALUES (?, ?, ?, ?)'),
      setAnswer: this.db.prepare('UPDATE idempotency SET answer = ? WHERE key = ? AND request_hash = ? AND answer IS NULL'),
      forgetRecord: this.db.prepare('DELETE FROM idempotency WHERE key = ?'),
      forgetSteps: this.db.prepare('DELETE FROM idempotency_steps WHERE key = ?'),
      step: this.db.prepare<[string, string], { revision: number; position: number }>(
        'SELECT revision, position FROM idempotency_steps WHERE key = ? AND step = ?',
      ),
      insertStep: this.db.prepare('INSERT INTO idempotency_steps (key, step, revision, position) VALUES (?, ?, ?, ?)'),
      // A caller's keys start with its id and a space (services/platform/idempotency.ts, requestIdentity).
      forgetCallerRecords: this.db.prepare("DELETE FROM idempotency WHERE substr(key, 1, length(@prefix)) = @prefix"),
      forgetCallerSteps: this.db.prepare("DELETE FROM idempotency_steps WHERE substr(key, 1, length(@prefix)) = @prefix"),
      insert: this.db.prepare(
        'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db.prepare<[string, number], Row>('SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision'),
      readStreamBackward: this.db.prepare<[string, number, number], Row>('SELECT * FROM events WHERE stream = ? AND revision < ? ORDER BY revision DESC LIMIT ?'),
      readAll: this.db.prepare<[number, number], Row>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
      readAllOf: this.db.prepare<[{ after: number; types: string; limit: number }], RawRow>(READ_ALL_OF).raw(),
      readUser: this.db.prepare<[string], Row>("SELECT * FROM events WHERE json_extract(data, '$.userId') = ? ORDER BY position"),
      userAfter: this.db.prepare<[string, number], Row>(USER_AFTER),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
      // Events that may hold personal values not sealed together (appended before nested fields were sealed).
      unsealedOfUser: this.db
        .prepare<[{ userId: string; types: string }], number>(
          "SELECT position FROM events WHERE json_extract(data, '$.userId') = @userId AND type IN (SELECT value FROM json_each(@types)) AND json_type(data, '$.sealed') IS NULL ORDER BY position",
        )
        .pluck(),
      unsealedOfStream: this.db
        .prepare<[{ stream: string; types: string }], number>(
          "SELECT position FROM events WHERE stream = @stream AND type IN (SELECT value FROM json_each(@types)) AND json_type(data, '$.sealed') IS NULL ORDER BY position",
        )
        .pluck(),
      atPosition: this.db.prepare<[number], { type: string; data: string }>('SELECT type, data FROM events WHERE position = ?'),
      rewriteData: this.db.prepare('UPDATE events SET data = ? WHERE position = ?'),
    };
  }

  /** The key's live record; an expired one is deleted with its steps, so the key starts afresh. */
  private liveRecord(key: string, now: string) {
    const row = this.statements.record.get(key);
    if (row && isExpired(row.at, now)) {
      this.statements.forgetSteps.run(key);
      this.statements.forgetRecord.run(key);
      return undefined;
    }
    return row;
  }

  private readonly appendTx = (stream: string, events: NewEvent[], expected: ExpectedRevision, idem?: IdempotentAppend): AppendResult => {
    if (idem) {
      const record = this.liveRecord(idem.key, idem.at);
      if (record && record.request_hash !== idem.requestHash) throw new IdempotencyKeyReused(idem.key);
      const done = record && this.statements.step.get(idem.key, idem.step);
      // This append of this request was made before: the whole batch is the retry, answered where it stands.
      if (done) return { revision: done.revision, position: done.position };
      if (!record) this.statements.insertRecord.run(idem.key, idem.requestHash, idem.at, null);
    } else {
      // Without a key record, ids tell a retried batch: all of them stored in this stream already.
      const stored = events.map((e) => (e.id ? this.statements.byId.get(e.id) : undefined)).filter((s) => s?.stream === stream);
      if (stored.length === events.length) {
        const last = stored[stored.length - 1]!;
        return { revision: last.revision, position: last.position };
      }
      if (stored.length > 0) throw partlyStored(stream, stored.length, events.length);
    }
    const last = this.statements.lastRevision.get(stream)?.revision;
    const actual = last ?? 'no_stream';
    if (expected !== 'any' && expected !== actual) throw new ConcurrencyError(stream, expected, actual);
    let revision = last ?? -1;
    let position = 0;
    const at = new Date().toISOString();
    for (const event of sealEvents(stream, events, (subject) => this.keys.getOrCreate(subject))) {
      revision += 1;
      // An id stored elsewhere (a key reused after it expired, a batch only partly seen before) never blocks a
      // new fact: it gets a fresh id. Retries were recognized above, whole.
      const id = event.id && !this.statements.byId.get(event.id) ? event.id : randomUUID();
      const info = this.statements.insert.run(
        id,
        stream,
        revision,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify({ ...event.metadata, at: event.metadata?.at ?? at }),
      );
      position = Number(info.lastInsertRowid);
    }
    if (idem) this.statements.insertStep.run(idem.key, idem.step, revision, position);
    return { revision, position };
  };

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision, options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    validateForAppend(events);
    const result = await whenWritable(
      () => this.db.transaction(this.appendTx).immediate(stream, events, expected, options.idempotency),
      this.writeWaitMs,
    );
    this.appended.emit('appended', result.position);
    return result;
  }

  async idempotencyRecord(key: string, now: string): Promise<IdempotencyRecord | undefined> {
    const row = this.statements.record.get(key);
    if (!row || isExpired(row.at, now)) return undefined;
    return { requestHash: row.request_hash, at: row.at, answer: row.answer === null ? undefined : (JSON.parse(row.answer) as RecordedAnswer) };
  }

  async recordAnswer(key: string, requestHash: string, at: string, answer: RecordedAnswer): Promise<void> {
    const text = JSON.stringify(answer);
    await whenWritable(
      () =>
        this.db
          .transaction(() => {
            if (!this.liveRecord(key, at)) this.statements.insertRecord.run(key, requestHash, at, text);
            else this.statements.setAnswer.run(text, key, requestHash);
          })
          .immediate(),
      this.writeWaitMs,
    );
  }

  /**
   * Bulk load (npm run generate, the bench): many appends in one transaction, each checked exactly as `append`
   * checks it (schemas, expected revision, duplicate ids). Not for the API, whose appends are one command each.
   */
  importAppends(appends: { stream: string; events: NewEvent[]; expected: ExpectedRevision }[]): number {
    for (const a of appends) validateForAppend(a.events);
    const result = this.db.transaction(() => appends.map((a) => this.appendTx(a.stream, a.events, a.expected).position)).immediate();
    const position = result[result.length - 1] ?? 0;
    this.appended.emit('appended', position);
    return position;
  }

  /**
   * Opens the personal fields of events read in one call, with the keys of all their subjects fetched in one query
   * (a page of a rebuild names hundreds of subjects: a query each cost more than opening the events).
   */
  private openAll(events: RecordedEvent[], opened?: (Sealed | undefined)[]): RecordedEvent[] {
    const subjects = new Set<string>();
    let sealed = false;
    events.forEach((event, i) => {
      if (opened?.[i] !== undefined) {
        sealed = true;
        return;
      }
      const subject = subjectToOpen(event);
      if (subject === undefined) return;
      sealed = true;
      subjects.add(subject);
    });
    if (!sealed) return events;
    const keys = subjects.size > 0 ? this.keys.found([...subjects]) : new Map<string, Buffer>();
    const keyOf = (subject: string) => keys.get(subject);
    return events.map((event, i) => openEvent(event, keyOf, opened?.[i]));
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return this.openAll(this.statements.readStream.all(stream, fromRevision).map(toRecorded));
  }

  async readStreamBackward(stream: string, before: number | undefined, limit: number): Promise<RecordedEvent[]> {
    return this.openAll(this.statements.readStreamBackward.all(stream, before ?? Number.MAX_SAFE_INTEGER, limit).map(toRecorded));
  }

  async readAll(after: number, limit: number, types?: readonly string[]): Promise<RecordedEvent[]> {
    if (!types) return this.openAll(this.statements.readAll.all(after, limit).map(toRecorded));
    const { stored, wanted } = typesToRead(types);
    const events: RecordedEvent[] = [];
    for (let from = after; ; ) {
      const rows = this.statements.readAllOf.all({ after: from, types: stored, limit: limit - events.length });
      for (const event of this.openAll(rows.map(fromRaw))) if (wanted.has(event.type)) events.push(event);
      if (rows.length === 0 || events.length >= limit) return events;
      from = rows[rows.length - 1]![0];
    }
  }

  /**
   * A worker thread with its own connection steps through the log up to `PAGES_AHEAD` pages ahead and hands over
   * the rows as read (strings, cheap to copy between threads); parsing and upcasting stay here. On two cores the
   * SQLite reads, about half of a plain scan's time, then overlap the caller's work on the previous page. A database
   * in memory has no file for a second connection: it is read page by page here.
   */
  async *readPages(after: number, pageSize: number, types?: readonly string[]): AsyncIterable<RecordedEvent[]> {
    if (this.db.memory) {
      yield* pagesOfReadAll(this, after, pageSize, types);
      return;
    }
    const read = types && typesToRead(types);
    const reader = new LogReader(this.db.name, read ? READ_ALL_OF : READ_ALL, read ? { types: read.stored } : {}, after, pageSize);
    try {
      for (let rows = await reader.next(); rows.length > 0; rows = await reader.next()) {
        const events = this.openAll(rows.map(fromPage), rows.map((row) => row[7]));
        const page = read ? events.filter((event) => read.wanted.has(event.type)) : events;
        if (page.length > 0) yield page;
      }
    } finally {
      await reader.close();
    }
  }

  async readUser(userId: string): Promise<RecordedEvent[]> {
    return this.openAll(this.statements.readUser.all(userId).map(toRecorded));
  }

  /**
   * Each page is read row by row and ends once it holds `pageSize` events or its stored text passes `USER_PAGE_BYTES`
   * (the statement is left there, in the same call); the next read resumes after its last position.
   */
  async *readUserPages(userId: string, pageSize: number): AsyncIterable<RecordedEvent[]> {
    for (let after = 0; ; ) {
      const rows: Row[] = [];
      let bytes = 0;
      for (const row of this.statements.userAfter.iterate(userId, after)) {
        rows.push(row);
        bytes += row.data.length + row.metadata.length;
        if (rows.length >= pageSize || bytes >= USER_PAGE_BYTES) break;
      }
      if (rows.length === 0) return;
      yield this.openAll(rows.map(toRecorded));
      after = rows[rows.length - 1]!.position;
    }
  }

  async forget(subjects: readonly string[], caller: string): Promise<void> {
    const prefix = `${caller} `;
    await whenWritable(
      () =>
        this.db
          .transaction(() => {
            this.statements.forgetCallerSteps.run({ prefix });
            this.statements.forgetCallerRecords.run({ prefix });
          })
          .immediate(),
      this.writeWaitMs,
    );
    await this.forgetUnsealed(subjects);
    await whenWritable(() => this.keys.destroySync(subjects), this.writeWaitMs);
  }

  /**
   * The one change ever made to stored events: a subject's events appended before their personal fields were all
   * sealed (events/store/shredding.ts) still hold some in plain text, which destroying the key cannot reach; they are
   * rewritten to what they read as once forgotten, a few per transaction so other requests go on in between. Every
   * read and replay then sees what it would see of a sealed event. (An EventStoreDB log cannot be rewritten: there
   * such events keep their words, see esdb.ts.)
   */
  private async forgetUnsealed(subjects: readonly string[]): Promise<void> {
    const types = JSON.stringify(typesWithPersonalFields());
    const users = userSubject('');
    for (const subject of subjects) {
      const positions = subject.startsWith(users)
        ? this.statements.unsealedOfUser.all({ userId: subject.slice(users.length), types })
        : this.statements.unsealedOfStream.all({ stream: subject, types });
      // Stand-ins made under the subject's key, which is about to go (or a key of this erasure alone, when it never had one).
      const key = this.keys.get(subject) ?? newSubjectKey();
      for (let i = 0; i < positions.length; i += UNSEALED_PER_TRANSACTION) {
        if (i > 0) await nextTurn();
        const chunk = positions.slice(i, i + UNSEALED_PER_TRANSACTION);
        await whenWritable(
          () =>
            this.db
              .transaction(() => {
                for (const position of chunk) {
                  const row = this.statements.atPosition.get(position);
                  const data = row && forgottenForm(row.type, JSON.parse(row.data) as Record<string, unknown>, key);
                  if (data) this.statements.rewriteData.run(JSON.stringify(data), position);
                }
              })
              .immediate(),
          this.writeWaitMs,
        );
      }
    }
  }

  async headPosition(): Promise<number> {
    return this.statements.head.get()?.position ?? 0;
  }

  subscribe(options: SubscribeOptions): Subscription {
    // Appends from this process wake the subscriber at once; the poll interval catches other processes' appends.
    return pollingSubscription(this, options, (wake) => {
      this.appended.on('appended', wake);
      return () => this.appended.off('appended', wake);
    });
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
    this.db.close();
  }
}
