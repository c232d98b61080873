import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import type { ImportedWorkout } from '../../events/imports.js';
import { projections } from '../../services/query/src/projections.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { historyPage, openSession, type HistoryPlace } from '../../services/query/src/training/sessions/sessionHistory.js';
import { project } from '../support/decider.js';

const ann = 'u-ann';
const bob = 'u-bob';
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00.000Z`).toISOString();

/** An app session started at `start`, a set at `set` and ended at `end` (instants). */
function appSession(userId: string, id: string, start: string, set = start, end = set): AppNewEvent[] {
  return [
    newEvent('WorkoutSessionStarted', { sessionId: id, userId, regimenId: 'r1', dayNumber: 1, source: 'tracker', startedAt: start }),
    newEvent('SetLogged', { sessionId: id, userId, setId: `${id}-1`, exercise: 'squat', exerciseName: 'Squat', custom: false, weight: 100, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: set }),
    newEvent('WorkoutSessionEnded', { sessionId: id, userId, regimenId: 'r1', dayNumber: 1, endedAt: end, runtimeSeconds: 600, totalDurationMinutes: 10, endedBy: 'ended' }),
  ];
}

const imported = (id: string, startedAt: string): ImportedWorkout => ({
  sessionId: id,
  name: 'Push',
  startedAt,
  durationMinutes: 60,
  sets: [{ exercise: 'barbell-bench-press', exerciseName: 'Barbell Bench Press', custom: false, weight: 100, unit: 'kg', reps: 5, rpe: null, warmup: false, distance: null, distanceUnit: null, seconds: null }],
});

/** An import of these batches (each a list of workouts, in start order as parsing leaves them), completed or not. */
function anImport(userId: string, importId: string, batches: ImportedWorkout[][], complete = true): AppNewEvent[] {
  const now = at('2026-11-20');
  return [
    newEvent('ImportStarted', { importId, userId, source: 'strong', contentHash: importId, fileName: null, workouts: batches.flat().length, sets: 1, exercises: 1, from: null, to: null, skipped: 0, startedAt: now }),
    ...batches.map((workouts, batch) => newEvent('WorkoutsImported', { importId, userId, source: 'strong', batch, workouts })),
    ...(complete ? [newEvent('ImportCompleted', { importId, userId, completedAt: now })] : []),
  ];
}

describe('the training history read newest first, a page at a time, from docs by month', () => {
  let dir: string;
  let store: SqliteReadModelStore;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-paging-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => store?.close());

  /** Given these events, the read models the live projections make of them. */
  async function given(events: AppNewEvent[]) {
    store = new SqliteReadModelStore(path.join(dir, `${Math.random().toString(36).slice(2)}.db`));
    await store.commit(projections.map((p) => ({ projection: p.name, docs: project<unknown>(p, events), checkpoint: 1 })));
  }

  /** Every page at `limit`, as the next links lead: the session ids of each. */
  async function walk(userId: string, limit: number): Promise<string[][]> {
    const pages: string[][] = [];
    let place: HistoryPlace | undefined;
    for (;;) {
      const page = await historyPage(store, userId, limit, place);
      pages.push(page.sessions.map((s) => s.session_id));
      const last = page.sessions[page.sessions.length - 1];
      if (!page.more || !last) return pages;
      place = last;
    }
  }

  // Ann: app sessions over four months, one over October's end, and two imports, one of them with a batch whose
  // workouts run from August into September, the other not completed.
  const events = [
    ...appSession(ann, 'a-aug', at('2026-08-03')),
    ...appSession(ann, 'a-sep1', at('2026-09-02')),
    ...appSession(ann, 'a-sep2', at('2026-09-20')),
    ...appSession(ann, 'a-oct', at('2026-10-31', '23:40'), at('2026-11-01', '00:05'), at('2026-11-01', '00:20')),
    ...appSession(ann, 'a-nov', at('2026-11-10')),
    ...anImport(ann, 'imp1', [
      [imported('i-jul', at('2026-07-15')), imported('i-aug1', at('2026-08-01'))],
      [imported('i-aug2', at('2026-08-20')), imported('i-sep', at('2026-09-10'))],
      [imported('i-oct', at('2026-10-05'))],
    ]),
    ...anImport(ann, 'imp2', [[imported('cut-short', at('2026-09-15'))]], false),
    ...appSession(bob, 'b-sep', at('2026-09-05')),
  ];
  const newestFirst = ['a-nov', 'a-oct', 'i-oct', 'a-sep2', 'i-sep', 'a-sep1', 'i-aug2', 'a-aug', 'i-aug1', 'i-jul'];

  it('walks every session exactly once, newest first by start, at any page size', async () => {
    await given(events);
    for (const limit of [1, 2, 3, 4, 20]) {
      const pages = await walk(ann, limit);
      expect(pages.flat(), `limit ${limit}`).to.deep.equal(newestFirst);
      expect(pages.every((p) => p.length <= limit && p.length > 0)).to.equal(true);
    }
    // The session over October's end reads as one: its start from October's doc, its set and end from November's.
    const [page] = [await historyPage(store, ann, 2)];
    expect(page.sessions[1]).to.deep.include({ session_id: 'a-oct', status: 'Ended', end_time: at('2026-11-01', '00:20') });
    expect(page.sessions[1]!.exercises).to.have.length(1);
  });

  it('goes on below a place in the middle of an import batch that spans months, and of the session over a month end', async () => {
    await given(events);
    const below = async (place: HistoryPlace) => (await historyPage(store, ann, 20, place)).sessions.map((s) => s.session_id);
    expect(await below({ start_time: at('2026-09-10'), session_id: 'i-sep' })).to.deep.equal(newestFirst.slice(newestFirst.indexOf('i-sep') + 1));
    expect(await below({ start_time: at('2026-08-20'), session_id: 'i-aug2' })).to.deep.equal(['a-aug', 'i-aug1', 'i-jul']);
    expect(await below({ start_time: at('2026-11-10'), session_id: 'a-nov' })).to.deep.equal(newestFirst.slice(1));
    // Below a place in August, the batch keyed September holds a session of August.
    expect(await below({ start_time: at('2026-08-25'), session_id: 'x' })).to.deep.equal(['i-aug2', 'a-aug', 'i-aug1', 'i-jul']);
    // A place between sessions (as one left by a session since taken back) goes on from there.
    expect(await below({ start_time: at('2026-09-25'), session_id: 'zzz' })).to.deep.equal(newestFirst.slice(newestFirst.indexOf('a-sep2')));
  });

  it('knows a month of an import only once a batch of an earlier month is read: several batches share a month', async () => {
    const may = (day: string, time = '10:00') => imported(`i-may${day}`, at(`2026-05-${day}`, time));
    const inMay = [...anImport(ann, 'imp3', [[may('01')], [may('10')], [may('20')], [may('25')]]), ...appSession(ann, 'a-may', at('2026-05-01', '05:00')), ...appSession(ann, 'a-may0', at('2026-05-01', '04:00'))];
    await given([...events, ...inMay]);
    const older = ['i-may25', 'i-may20', 'i-may10', 'i-may01', 'a-may', 'a-may0'];
    for (const limit of [1, 2, 3, 4, 5, 6, 7, 11, 12, 13]) expect((await walk(ann, limit)).flat(), `limit ${limit}`).to.deep.equal([...newestFirst, ...older]);
  });

  it("reads nobody else's sessions, whatever the place", async () => {
    await given(events);
    expect((await historyPage(store, bob, 20)).sessions.map((s) => s.session_id)).to.deep.equal(['b-sep']);
    expect((await historyPage(store, bob, 20, { start_time: at('2026-11-10'), session_id: 'a-nov' })).sessions.map((s) => s.session_id)).to.deep.equal(['b-sep']);
    expect((await historyPage(store, 'u-nobody', 20)).sessions).to.deep.equal([]);
  });

  it('leaves out the open session, and finds it from the open sessions doc and its months', async () => {
    const open = [
      newEvent('WorkoutSessionStarted', { sessionId: 'now', userId: ann, regimenId: 'r1', dayNumber: 1, source: 'tracker', startedAt: at('2026-11-30', '23:50') }),
      newEvent('WorkoutSessionPaused', { sessionId: 'now', userId: ann, pausedAt: at('2026-12-01', '00:10') }),
    ];
    await given([...events, ...open]);
    expect((await walk(ann, 3)).flat()).to.deep.equal(newestFirst);
    expect(await openSession(store, ann)).to.deep.include({ session_id: 'now', status: 'Paused', start_time: at('2026-11-30', '23:50') });
    expect(await openSession(store, bob)).to.equal(undefined);
  });

  it("reads the open session from its own parts, however many sessions its month holds", async () => {
    const month = Array.from({ length: 40 }, (_, i) => appSession(ann, `nov-${String(i).padStart(2, '0')}`, at(`2026-11-${String(1 + (i % 28)).padStart(2, '0')}`, '07:00'))).flat();
    const open = [
      newEvent('WorkoutSessionStarted', { sessionId: 'now', userId: ann, regimenId: 'r1', dayNumber: 1, source: 'tracker', startedAt: at('2026-11-29', '18:00') }),
      newEvent('SetLogged', { sessionId: 'now', userId: ann, setId: 'now-1', exercise: 'squat', exerciseName: 'Squat', custom: false, weight: 120, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: at('2026-11-29', '18:05') }),
    ];
    await given([...events, ...month, ...open]);
    const read: string[] = [];
    const counting = new Proxy(store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (name === 'get') return async (collection: string, key: string) => (read.push(key), target.get(collection, key));
        if (name === 'rangeAsc' || name === 'rangeDesc')
          return async (...args: Parameters<typeof target.rangeAsc>) => {
            const docs = await target[name](...args);
            read.push(...docs.map((d) => d.key));
            return docs;
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(await openSession(counting, ann)).to.deep.include({ session_id: 'now', status: 'In Progress' });
    expect(read.filter((key) => key.includes('/2026-11/')), 'no other session of the month').to.deep.equal([`${ann}/2026-11/now`]);
  });

  it('finds the end of a session left open for months when a page begins below its later months', async () => {
    const long = appSession(ann, 'a-long', at('2026-06-10'), at('2026-06-10'), at('2026-08-02'));
    await given([...events, ...long]);
    expect((await walk(ann, 1)).flat()).to.deep.equal([...newestFirst, 'a-long']);
    const page = await historyPage(store, ann, 5, { start_time: at('2026-07-15'), session_id: 'i-jul' });
    expect(page.sessions.map((s) => s.session_id)).to.deep.equal(['a-long']);
    expect(page.sessions[0]).to.deep.include({ status: 'Ended', end_time: at('2026-08-02') });
  });
});
