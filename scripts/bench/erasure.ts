/**
 * What crypto-shredding costs (docs/adr/0204-every-free-text-field-is-sealed-one-seal-per-event.md): bytes per event,
 * the append rate of events with personal fields, bulk import and a full rebuild, on a generated log. Run it on two
 * checkouts to compare (the figures are meaningful side by side on one machine, not alone):
 *
 *   npx tsx scripts/bench/erasure.ts [--users 300] [--days 60]
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { newEvent } from '../../events/catalog.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { chatStream, importStream } from '../../events/streams.js';
import { Projector } from '../../services/query/src/projector.js';
import { projections } from '../../services/query/src/projections.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { productionHistory } from './fixtures.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erasure-bench-'));
  const file = path.join(dir, 'trainer.sqlite');
  const history = productionHistory({ users: arg('users', 300), days: arg('days', 60) });

  const store = new SqliteEventStore(file);
  let t0 = performance.now();
  for (let i = 0; i < history.appends.length; i += 1000) store.importAppends(history.appends.slice(i, i + 1000));
  const importSeconds = (performance.now() - t0) / 1000;

  // Appends one at a time through the API's path, each a chat question (a personal field, sealed on the new code).
  const users = Array.from({ length: 200 }, () => ({ id: randomUUID(), revision: -1 }));
  const appends = 4000;
  t0 = performance.now();
  for (let n = 0; n < appends; n += 1) {
    const u = users[n % users.length]!;
    const event = newEvent('ChatQuestionAsked', { userId: u.id, exchangeId: randomUUID(), message: 'How many squats should I do on a rest day, with a sore left knee?', historyLength: 0, referencedMealPlanId: null, referencedRegimenId: null, inputTokens: 17, askedAt: new Date().toISOString() });
    const result = await store.append(chatStream(u.id), [event], u.revision < 0 ? 'no_stream' : u.revision);
    u.revision = result.revision;
  }
  const appendSeconds = (performance.now() - t0) / 1000;

  // An import's batches as the import appends them: 20 events of 5,000 sets each, 100,000 sets in all.
  const importer = randomUUID();
  const batches = Array.from({ length: 20 }, (_, batch) => importedBatch(importer, batch));
  t0 = performance.now();
  for (const batch of batches) await store.append(importStream(`bench-${importer}`), [batch], batch.data.batch === 0 ? 'no_stream' : batch.data.batch - 1);
  const importedSetsSeconds = (performance.now() - t0) / 1000;
  await store.close();

  const db = new Database(file, { readonly: true });
  const sizes = db.prepare<[], { type: string; n: number; bytes: number }>('SELECT type, COUNT(*) AS n, SUM(length(data)) AS bytes FROM events GROUP BY type').all();
  db.close();
  const all = sizes.reduce((a, s) => ({ n: a.n + s.n, bytes: a.bytes + s.bytes }), { n: 0, bytes: 0 });
  const per = (type: string) => {
    const s = sizes.find((x) => x.type === type);
    return s ? Math.round(s.bytes / s.n) : null;
  };

  const events = new SqliteEventStore(file);
  const readModels = new SqliteReadModelStore(file);
  t0 = performance.now();
  await new Projector(events, readModels, projections).rebuild();
  const rebuildSeconds = (performance.now() - t0) / 1000;
  await readModels.close();
  await events.close();
  const fileBytes = fs.statSync(file).size;
  fs.rmSync(dir, { recursive: true, force: true });

  console.log(
    JSON.stringify({
      sealAndOpenMicroseconds: await sealCost(),
      events: all.n,
      dataBytesPerEvent: Math.round(all.bytes / all.n),
      dataBytesPerEventOf: { UserSignedUp: per('UserSignedUp'), ChatQuestionAsked: per('ChatQuestionAsked'), ChatAnswerGiven: per('ChatAnswerGiven'), UserLoggedIn: per('UserLoggedIn'), ExerciseLogged: per('ExerciseLogged') },
      fileBytesPerEvent: Math.round(fileBytes / all.n),
      importEventsPerSecond: Math.round(history.events / importSeconds),
      personalAppendsPerSecond: Math.round(appends / appendSeconds),
      importedSetsPerSecond: Math.round(100_000 / importedSetsSeconds),
      rebuildEventsPerSecond: Math.round(all.n / rebuildSeconds),
    }),
  );
}

const LIFTS = ['Squat (Barbell)', 'Bench Press (Barbell)', 'Deadlift (Barbell)', 'Overhead Press (Barbell)', 'My Own Carry'];

/** One batch of an import: 200 workouts of 25 sets. */
function importedBatch(userId: string, batch: number) {
  const importId = `bench-${userId}`;
  const workouts = Array.from({ length: 200 }, (_, w) => ({
    sessionId: `${importId}-w${batch * 200 + w}`,
    name: `Workout ${w % 3}`,
    startedAt: new Date(Date.UTC(2020, 0, 1) + (batch * 200 + w) * 86_400_000).toISOString(),
    durationMinutes: 65,
    sets: Array.from({ length: 25 }, (_, s) => {
      const lift = LIFTS[(w + Math.floor(s / 5)) % LIFTS.length]!;
      const custom = lift === 'My Own Carry';
      return { exercise: custom ? 'custom-carry-my-own' : lift.toLowerCase().replace(/[^a-z]+/g, '-'), exerciseName: lift, custom, weight: 60 + s, unit: 'kg' as const, reps: 5, rpe: null, warmup: s % 5 === 0, distance: null, distanceUnit: null, seconds: null };
    }),
  }));
  return newEvent('WorkoutsImported', { importId, userId, source: 'strong', batch, workouts });
}

/** CPU per event to seal and to open one chat question (a personal field) and one login (none); null before sealing existed. */
async function sealCost() {
  const shredding = await import('../../events/store/shredding.js').catch(() => undefined);
  if (!shredding) return null;
  const key = shredding.newSubjectKey();
  const chat = newEvent('ChatQuestionAsked', { userId: 'u1', exchangeId: 'x', message: 'How many squats should I do on a rest day, with a sore left knee?', historyLength: 0, referencedMealPlanId: null, referencedRegimenId: null, inputTokens: 17, askedAt: 'now' });
  const login = newEvent('UserLoggedIn', { userId: 'u1', loggedInAt: 'now' });
  const figures: Record<string, { seal: number; open: number }> = {};
  for (const event of [chat, login]) {
    const n = 20_000;
    let sealed = [event] as ReturnType<typeof shredding.sealEvents>;
    let t = performance.now();
    for (let i = 0; i < n; i += 1) sealed = shredding.sealEvents('chat-u1', [event], () => key);
    const seal = ((performance.now() - t) * 1000) / n;
    const stored = { ...sealed[0]!, id: 'i', stream: 'chat-u1', revision: 0, position: 1, metadata: { at: 'now' } };
    t = performance.now();
    for (let i = 0; i < n; i += 1) shredding.openEvent(stored, () => key);
    figures[event.type] = { seal: Math.round(seal * 100) / 100, open: Math.round((((performance.now() - t) * 1000) / n) * 100) / 100 };
  }
  // One import batch of 5,000 sets (microseconds per batch).
  const batch = importedBatch('u1', 0);
  const n = 50;
  let sealed = [batch] as ReturnType<typeof shredding.sealEvents>;
  let t = performance.now();
  for (let i = 0; i < n; i += 1) sealed = shredding.sealEvents('import-u1', [batch], () => key);
  const seal = ((performance.now() - t) * 1000) / n;
  const stored = { ...sealed[0]!, id: 'i', stream: 'import-u1', revision: 0, position: 1, metadata: { at: 'now' } };
  t = performance.now();
  for (let i = 0; i < n; i += 1) shredding.openEvent(stored, () => key);
  figures.WorkoutsImported = { seal: Math.round(seal), open: Math.round(((performance.now() - t) * 1000) / n) };
  return figures;
}

await main();
