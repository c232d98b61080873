import type Database from 'better-sqlite3';
import { openSqliteFile } from './sqliteFile.js';
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { upcast, validateForAppend } from '../catalog.js';
import { pollingSubscription } from './subscription.js';
import {
  ConcurrencyError,
  type AppendResult,
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

const toRecorded = (row: Row): RecordedEvent =>
  upcast({
    id: row.id,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    stream: row.stream,
    revision: row.revision,
    position: row.position,
  });

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

  constructor(file: string) {
    this.db = openSqliteFile(file);
    this.db.exec(`
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
    `);
    this.appended.setMaxListeners(0);
    this.statements = {
      lastRevision: this.db.prepare<[string], { revision: number }>(
        'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
      ),
      byId: this.db.prepare<[string], { position: number; stream: string; revision: number }>(
        'SELECT position, stream, revision FROM events WHERE id = ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db.prepare<[string, number], Row>('SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision'),
      readAll: this.db.prepare<[number, number], Row>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    };
  }

  private readonly appendTx = (stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult => {
    const last = this.statements.lastRevision.get(stream)?.revision;
    const fresh = events.filter((e) => !(e.id && this.statements.byId.get(e.id)));
    if (fresh.length === 0) {
      // A retried batch: answer where it already stands instead of failing its (now stale) revision check.
      const stored = this.statements.byId.get(events[events.length - 1]!.id!)!;
      return { revision: stored.revision, position: stored.position };
    }
    const actual = last ?? 'no_stream';
    if (expected !== 'any' && expected !== actual) throw new ConcurrencyError(stream, expected, actual);
    let revision = last ?? -1;
    let position = 0;
    const at = new Date().toISOString();
    for (const event of fresh) {
      revision += 1;
      const info = this.statements.insert.run(
        event.id ?? randomUUID(),
        stream,
        revision,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify({ ...event.metadata, at: event.metadata?.at ?? at }),
      );
      position = Number(info.lastInsertRowid);
    }
    return { revision, position };
  };

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    validateForAppend(events);
    const result = this.db.transaction(this.appendTx).immediate(stream, events, expected);
    this.appended.emit('appended', result.position);
    return result;
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return this.statements.readStream.all(stream, fromRevision).map(toRecorded);
  }

  async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    return this.statements.readAll.all(after, limit).map(toRecorded);
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
