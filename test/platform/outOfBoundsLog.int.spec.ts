import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { InvalidEventError } from '../../events/catalog.js';
import { importsStream, importStream, regimenStream, sessionStream } from '../../events/streams.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { load } from '../../services/command/src/execute.js';
import { undoImport } from '../../services/command/src/imports/decide.js';
import { importLog } from '../../services/command/src/imports/importLog.js';
import { session } from '../../services/command/src/training/sessions/session.js';
import { regimen } from '../../services/command/src/training/regimens/regimen.js';
import { tempDir } from '../support/server.js';

/**
 * The log is append-only: events written before the bounds of events/bounds.ts (the 150-byte import's endless
 * workout, a year 9999, 10,000 reps, a 9,936-minute session, a first-version plan) stay in it. The bounds hold at
 * append only: such an event still reads, and every stream holding one still loads on the command side.
 */
describe('events outside the bounds, written before them, in the SQLite log', () => {
  const userId = randomUUID();
  const importId = randomUUID();
  const sessionId = randomUUID();
  const regimenId = randomUUID();
  const at = '2026-11-18T15:00:00.000Z';

  /** A workout of the poison files, as the importer wrote it before it checked bounds. */
  const poisoned = {
    sessionId: `${importId}-w1`,
    name: 'Legs',
    startedAt: '9999-03-02T07:15:00.000Z',
    durationMinutes: 99999999999999 * 60,
    sets: [{ exercise: 'barbell-squat', exerciseName: 'Barbell Squat', custom: false, weight: 2000, unit: 'lb', reps: 10000, rpe: null, warmup: false, distance: null, distanceUnit: null, seconds: 1000000 }],
  };
  const ended = { sessionId, userId, regimenId, dayNumber: 1, endedAt: at, runtimeSeconds: 596160, totalDurationMinutes: 9936, endedBy: 'stopped' };
  let dir: string;
  let store: SqliteEventStore;

  before(async () => {
    dir = tempDir('out-of-bounds-');
    const file = path.join(dir, 'trainer.sqlite');
    await new SqliteEventStore(file).close();
    const db = new Database(file);
    const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    const write = (stream: string, revision: number, type: string, data: unknown) => insert.run(randomUUID(), stream, revision, type, JSON.stringify(data), JSON.stringify({ userId, at }));
    const started = { importId, userId, source: 'strong', contentHash: 'h', fileName: null, workouts: 1, sets: 1, exercises: 1, from: poisoned.startedAt, to: poisoned.startedAt, skipped: 0, startedAt: at };
    write(importsStream(userId), 0, 'ImportStarted', started);
    write(importStream(importId), 0, 'WorkoutsImported', { importId, userId, source: 'strong', batch: 0, workouts: [poisoned] });
    write(importsStream(userId), 1, 'ImportCompleted', { importId, userId, completedAt: at });
    write(sessionStream(sessionId), 0, 'WorkoutSessionStarted', { sessionId, userId, regimenId, dayNumber: 1, source: 'plans', startedAt: '2026-11-11T17:24:00.000Z' });
    write(sessionStream(sessionId), 1, 'WorkoutSessionEnded', ended);
    const exercise = { workoutId: 'd1-e1', name: 'Plank', sets: 0, reps: 5000, durationSeconds: 99999 };
    write(regimenStream(regimenId), 0, 'RegimenSaved', { regimenId, userId, name: 'Old', description: '', goal: 'g', level: 'l', durationWeeks: 500, savedAt: at, days: [{ dayNumber: 1, summary: '', exercises: [exercise] }] });
    db.close();
    store = new SqliteEventStore(file);
  });
  after(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads every such event from the log, in pages and by stream, as it was written but for an end no Date holds', async () => {
    const all = [];
    for await (const page of store.readPages(0, 2)) all.push(...page);
    expect(all.map((e) => e.type)).to.deep.equal(['ImportStarted', 'WorkoutsImported', 'ImportCompleted', 'WorkoutSessionStarted', 'WorkoutSessionEnded', 'RegimenSaved.v2']);
    // The catalog's upcaster reads the endless workout's duration as unknown (0 minutes), as every reader counts it.
    expect((await store.readStream(importStream(importId)))[0]!.data).to.deep.include({ workouts: [{ ...poisoned, durationMinutes: 0 }] });
  });

  it('loads each stream holding one on the command side, and the person can still undo the poisoned import', async () => {
    // A later import reads the earlier one's workouts backwards from the end of its stream, for their starts.
    expect((await store.readStreamBackward(importStream(importId), undefined, 2)).map((e) => e.type)).to.deep.equal(['WorkoutsImported']);
    const imports = await load(store, importsStream(userId), importLog);
    expect(imports.state.imports).to.deep.include({ importId, source: 'strong', contentHash: 'h', startedAt: at, exercises: 1, status: 'completed' });
    expect((await load(store, sessionStream(sessionId), session)).state).to.include({ status: 'ended' });
    expect((await load(store, regimenStream(regimenId), regimen)).state).to.include({ status: 'saved' });
    // The undo is within bounds: the import stops counting anywhere, its events stay.
    const undo = undoImport(imports.state, { userId, importId, now: at });
    expect((await store.append(importsStream(userId), undo, imports.expected)).revision).to.equal(2);
  });

  it('refuses a new append of the very same events, naming the fields out of bounds', async () => {
    const again = { id: randomUUID(), type: 'WorkoutsImported', data: { importId, userId, source: 'strong', batch: 0, workouts: [poisoned] } };
    const refused = await store.append(importStream(randomUUID()), [again], 'no_stream').then(() => undefined, (error: unknown) => error);
    expect(refused).to.be.instanceOf(InvalidEventError);
    for (const field of ['startedAt', 'durationMinutes', 'sets.0.reps', 'sets.0.seconds']) expect((refused as Error).message).to.contain(`workouts.0.${field}`);
    const endedAgain = { id: randomUUID(), type: 'WorkoutSessionEnded', data: ended };
    const refusedEnd = await store.append(sessionStream(randomUUID()), [endedAgain], 'any').then(() => undefined, (error: unknown) => error);
    expect(refusedEnd).to.be.instanceOf(InvalidEventError);
    expect((refusedEnd as Error).message).to.contain('runtimeSeconds').and.to.contain('totalDurationMinutes');
  });
});
