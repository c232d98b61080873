import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { openSqliteFile } from '../../lowlevel/sqlite.js';
import { userStream } from '../../events/streams.js';
import { now, removeTempDir, round, tempDir } from './common.js';

export interface AppendFigures {
  /** Each event its own append call (its own IMMEDIATE transaction), as one command appending one event. */
  single: { events: number; appends: number; seconds: number; eventsPerSecond: number; p99Ms: number };
  /** `batchSize` events per append call, one stream per batch. */
  batched: { events: number; appends: number; batchSize: number; seconds: number; eventsPerSecond: number };
  /** SQLite file (+ WAL) size after both, per stored event. */
  bytesPerEvent: number;
  /**
   * The baseline: the same rows (same table, same JSON) inserted with better-sqlite3 alone, one IMMEDIATE
   * transaction per insert and per `batchSize` inserts, in the same run; and the adapter's events/s ÷ these.
   */
  raw: { singleEventsPerSecond: number; batchedEventsPerSecond: number; singleRatio: number; batchedRatio: number };
}

export interface AppendOptions {
  singleEvents: number;
  batchSize: number;
  batchedEvents: number;
  /** Each part stops early (and says how many it did) once it has run this long. */
  maxSecondsEach: number;
}

const meta = (userId: string) => ({ userId, correlationId: randomUUID(), at: new Date().toISOString() });

/** One event of a user's everyday traffic: mostly logins and measurements. */
function everydayEvent(userId: string, i: number): AppNewEvent {
  const at = new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000).toISOString();
  const event =
    i % 3 === 0
      ? newEvent('MeasurementRecorded', { userId, measuredAt: at, weightLb: 150 + (i % 40) / 2, bodyFatPercentage: 20 + (i % 10) / 10, musclePercentage: null })
      : newEvent('UserLoggedIn', { userId, loggedInAt: at });
  return { ...event, id: randomUUID(), metadata: meta(userId) };
}

const fileBytes = (file: string) => [file, `${file}-wal`].reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);

/** Appends/s of the SQLite adapter on a real file in a temp dir. Only the `append` calls are timed. */
export async function measureAppends(options: AppendOptions): Promise<AppendFigures> {
  const dir = tempDir('appends');
  const file = path.join(dir, 'events.sqlite');
  const store = new SqliteEventStore(file);
  // The baseline runs interleaved with the adapter, event for event, so the machine's load falls on both alike.
  const raw = rawLog(path.join(dir, 'raw.sqlite'));
  let rawSingleTime = 0;
  let rawBatchedTime = 0;
  try {
    // Single: round-robin over 500 user streams, each append with the revision the stream is at (as `execute` does).
    const users = Array.from({ length: 500 }, () => ({ id: randomUUID(), revision: -1 }));
    const latencies: number[] = [];
    let singleTime = 0;
    let single = 0;
    const singleDeadline = now() + options.maxSecondsEach * 1000;
    for (; single < options.singleEvents && now() < singleDeadline; single += 1) {
      const u = users[single % users.length]!;
      const event = everydayEvent(u.id, single);
      const t0 = now();
      const result = await store.append(userStream(u.id), [event], u.revision < 0 ? 'no_stream' : u.revision);
      const dt = now() - t0;
      singleTime += dt;
      latencies.push(dt);
      rawSingleTime += raw.insert(userStream(u.id), [event], u.revision + 1);
      u.revision = result.revision;
    }
    latencies.sort((a, b) => a - b);

    // Batched: a fresh stream per batch of `batchSize` events.
    let batched = 0;
    let batches = 0;
    let batchedTime = 0;
    const batchedDeadline = now() + options.maxSecondsEach * 1000;
    while (batched + options.batchSize <= options.batchedEvents && now() < batchedDeadline) {
      const userId = randomUUID();
      const events = Array.from({ length: options.batchSize }, (_, i) => everydayEvent(userId, batched + i));
      const t0 = now();
      await store.append(userStream(userId), events, 'no_stream');
      batchedTime += now() - t0;
      rawBatchedTime += raw.insert(userStream(userId), events, 0);
      batched += events.length;
      batches += 1;
    }
    const head = await store.headPosition();
    const bytesPerEvent = Math.round(fileBytes(file) / head);
    const singleEventsPerSecond = Math.round(single / (singleTime / 1000));
    const batchedEventsPerSecond = Math.round(batched / (batchedTime / 1000));
    return {
      single: {
        events: single,
        appends: single,
        seconds: round(singleTime / 1000, 2),
        eventsPerSecond: singleEventsPerSecond,
        p99Ms: round(latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)] ?? NaN, 3),
      },
      batched: {
        events: batched,
        appends: batches,
        batchSize: options.batchSize,
        seconds: round(batchedTime / 1000, 2),
        eventsPerSecond: batchedEventsPerSecond,
      },
      bytesPerEvent,
      raw: {
        singleEventsPerSecond: Math.round(single / (rawSingleTime / 1000)),
        batchedEventsPerSecond: Math.round(batched / (rawBatchedTime / 1000)),
        singleRatio: round(rawSingleTime / singleTime, 3),
        batchedRatio: round(rawBatchedTime / batchedTime, 3),
      },
    };
  } finally {
    raw.close();
    await store.close();
    removeTempDir(dir);
  }
}

/**
 * The same row shape as the adapter's, straight into a fresh file opened the same way, one IMMEDIATE transaction
 * per `insert` call (as one append is); `insert` answers the milliseconds it took.
 */
function rawLog(file: string) {
  const db = openSqliteFile(file);
  db.exec(`CREATE TABLE events (
    position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, revision INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream, revision))`);
  const statement = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  const insertAll = db.transaction((stream: string, events: AppNewEvent[], from: number) => {
    events.forEach((event, i) => statement.run(event.id!, stream, from + i, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)));
  });
  return {
    insert(stream: string, events: AppNewEvent[], from: number): number {
      const t0 = now();
      insertAll.immediate(stream, events, from);
      return now() - t0;
    },
    close: () => db.close(),
  };
}
