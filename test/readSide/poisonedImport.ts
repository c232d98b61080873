import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { importStream, importsStream, userStream } from '../../events/streams.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';

/**
 * The import event a Strong row with the duration `99999999999999h` made, as the importer wrote it before durations
 * were bounded at append: `minutesOf('99999999999999h')` is 5,999,999,999,999,940 minutes, a whole number the
 * catalog's `durationMinutes` (int, min 0) accepted, whose end is no instant a Date can hold.
 */
export const POISONED_MINUTES = 5_999_999_999_999_940;

const workout = (importId: string, n: number, startedAt: string, durationMinutes: number) => ({
  sessionId: `${importId}-w${n}`,
  name: 'Morning',
  startedAt,
  durationMinutes,
  sets: [
    { exercise: 'deadlift-barbell', exerciseName: 'Deadlift (Barbell)', custom: false, weight: 315, unit: 'lb', reps: 5, rpe: 8, warmup: false, distance: null, distanceUnit: null, seconds: 0 },
  ],
});

/** The events of one import of one workout, batch 0, then its completion; `durationMinutes` as given. */
export function importEvents(userId: string, importId: string, durationMinutes: number, startedAt = '2024-03-02T07:15:00.000Z') {
  return [
    {
      stream: importStream(importId),
      type: 'WorkoutsImported',
      data: { importId, userId, source: 'strong', batch: 0, workouts: [workout(importId, 0, startedAt, durationMinutes)] },
    },
    { stream: importsStream(userId), type: 'ImportCompleted', data: { importId, userId, completedAt: '2026-11-01T10:00:00.000Z' } },
  ];
}

export const accountDeleted = (userId: string) => ({ stream: userStream(userId), type: 'AccountDeleted', data: { userId, deletedAt: '2026-11-02T10:00:00.000Z' } });

/**
 * Writes events straight into the log's table, as an older version of the code stored them: the catalog's append
 * validation (which a later bound refuses them by) is not asked. The log must have been opened once (its tables made).
 */
export function writeRaw(file: string, events: { stream: string; type: string; data: unknown }[], userId?: string): number {
  const db = new Database(file);
  try {
    let position = 0;
    for (const event of events) {
      const revision = (db.prepare('SELECT MAX(revision) AS r FROM events WHERE stream = ?').get(event.stream) as { r: number | null }).r ?? -1;
      const metadata = { at: '2026-11-01T10:00:00.000Z', ...(userId ? { userId } : {}) };
      const info = db
        .prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)')
        .run(randomUUID(), event.stream, revision + 1, event.type, JSON.stringify(event.data), JSON.stringify(metadata));
      position = Number(info.lastInsertRowid);
    }
    return position;
  } finally {
    db.close();
  }
}

/** A log file with its tables made. */
export async function emptyLog(file: string): Promise<void> {
  await new SqliteEventStore(file).close();
}
