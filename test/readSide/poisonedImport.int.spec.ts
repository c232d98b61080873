import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { upcast, type AppEvent, type EventData } from '../../events/catalog.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { analyticsImportedWorkoutsProjection, type AnalyticsImportedWorkoutsDoc } from '../../services/query/src/analytics/projections.js';
import type { Projection } from '../../services/query/src/projection.js';
import { Projector } from '../../services/query/src/projector.js';
import { projections } from '../../services/query/src/projections.js';
import { importedSessionsProjection, type ImportedBatchDoc, type ImportedSessionsDoc } from '../../services/query/src/training/sessions/importedSessions.projection.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { tempDir } from '../support/server.js';
import { accountDeleted, emptyLog, importEvents, POISONED_MINUTES, writeRaw } from './poisonedImport.js';

const run = promisify(execFile);

/**
 * A 150-byte Strong import whose duration is `99999999999999h`, as the importer wrote it into the log before durations
 * were bounded at append: the read side folds it like any other import, for the person who imported it and for
 * everybody else.
 */
describe('a poisoned import in the log (an imported workout whose end is past any date)', function () {
  // `npm run replay` runs as a process of its own, compiling its TypeScript first: many seconds on a loaded machine.
  this.timeout(120_000);

  const recorded = (event: { stream: string; type: string; data: unknown }, position: number) =>
    ({ id: `e${position}`, ...event, metadata: { at: '2026-11-01T10:00:00.000Z' }, revision: 0, position }) as AppEvent;

  it('folds into importedBatches and analyticsImportedWorkouts without throwing, its duration not believed', () => {
    const [imported] = importEvents('poisoner', 'imp-p', POISONED_MINUTES);
    const event = recorded(imported!, 1);
    const batch = importedSessionsProjection.evolve(undefined, event) as ImportedBatchDoc;
    expect(batch.sessions).to.have.length(1);
    expect(batch.sessions[0]).to.include({ start_time: '2024-03-02T07:15:00.000Z', end_time: '2024-03-02T07:15:00.000Z', total_duration_minutes: 0, runtime_seconds: 0 });
    const days = analyticsImportedWorkoutsProjection.evolve(undefined, event) as AnalyticsImportedWorkoutsDoc;
    expect(days.days).to.deep.equal([{ day: '2024-03-02', workouts: 1, minutes: 0 }]);
  });

  it("is read from the log with its duration not known (0 minutes): the catalog's upcaster repairs it for every reader", () => {
    const [imported] = importEvents('poisoner', 'imp-p', POISONED_MINUTES);
    const read = upcast(recorded(imported!, 1)) as AppEvent & { type: 'WorkoutsImported' };
    expect(read.data.workouts.map((w) => w.durationMinutes)).to.deep.equal([0]);
    const sane = recorded(importEvents('someone', 'imp-s', 45)[0]!, 2);
    expect(upcast(sane), 'an event with believable durations is read as stored').to.equal(sane);
  });

  /** The end of an imported workout as the read side once computed it: it throws on the poisoned duration. */
  const endsAsBefore: Projection<{ ends: string[] }> = {
    name: 'importedEnds',
    handles: ['WorkoutsImported'],
    key: (event) => (event.data as { userId: string }).userId,
    evolve: (doc, event) => ({
      ends: [...(doc?.ends ?? []), ...(event.data as EventData<'WorkoutsImported'>).workouts.map((w) => new Date(Date.parse(w.startedAt) + w.durationMinutes * 60_000).toISOString())],
    }),
  };

  describe('over a log that holds it', () => {
    let file: string;
    let head: number;
    beforeEach(async () => {
      file = path.join(tempDir(), 'trainer.sqlite');
      await emptyLog(file);
      // Before it, an account with an import of its own; after it, another user's import, then the first account's deletion.
      writeRaw(file, importEvents('leaver', 'imp-l', 50));
      writeRaw(file, importEvents('poisoner', 'imp-p', POISONED_MINUTES));
      writeRaw(file, importEvents('bystander', 'imp-b', 45));
      head = writeRaw(file, [accountDeleted('leaver')]);
    });

    const expectEveryoneFolded = async (readModels: SqliteReadModelStore) => {
      const sessionsOf = async (userId: string) =>
        (await readModels.range<ImportedSessionsDoc>(importedSessionsProjection.name, `${userId}/`)).flatMap((d) => ('sessions' in d ? d.sessions : []));
      expect((await sessionsOf('bystander')).map((s) => s.total_duration_minutes), "another user's import").to.deep.equal([45]);
      expect((await sessionsOf('poisoner')).map((s) => s.total_duration_minutes), 'the poisoned import, its duration dropped').to.deep.equal([0]);
      expect(await readModels.range(importedSessionsProjection.name, 'leaver/'), 'the deleted account is erased').to.deep.equal([]);
      expect(await readModels.get<AnalyticsImportedWorkoutsDoc>('analyticsImportedWorkouts', 'imp-b/000000')).to.deep.include({ days: [{ day: '2024-03-02', workouts: 1, minutes: 45 }] });
    };

    it('the live projector applies it and every later event, for everyone: nothing halts, the deleted account is erased', async () => {
      const events = new SqliteEventStore(file);
      const readModels = new SqliteReadModelStore(file);
      const projector = new Projector(events, readModels, projections);
      try {
        await projector.start();
        expect(await projector.waitFor(head, 10_000), 'every projection reaches the head').to.equal(true);
        expect(projector.halted).to.deep.equal([]);
        await expectEveryoneFolded(readModels);
      } finally {
        await projector.stop();
        await readModels.close();
        await events.close();
      }
    });

    it('an account deleted after it is erased from every read model the live projector keeps', async () => {
      const events = new SqliteEventStore(file);
      const readModels = new SqliteReadModelStore(file);
      const projector = new Projector(events, readModels, projections);
      try {
        await projector.start();
        expect(await projector.waitFor(head, 10_000)).to.equal(true);
        expect(await readModels.range(importedSessionsProjection.name, 'leaver/')).to.deep.equal([]);
      } finally {
        await projector.stop();
        await readModels.close();
        await events.close();
      }
    });

    it('npm run replay finishes over it, every read model at the head and nothing halted', async () => {
      const { stdout } = await run('node', ['--import', 'tsx', 'scripts/replay.ts'], { env: { ...process.env, DATA_DIR: path.dirname(file), LOG_LEVEL: 'silent' } });
      expect(stdout).to.match(new RegExp(`rebuilt ${projections.length} read models from ${head} events`));
      expect(stdout).to.not.match(/halted/);
      const readModels = new SqliteReadModelStore(file);
      try {
        expect(Math.min(...(await readModels.checkpoints(projections.map((p) => p.name))).values())).to.equal(head);
        await expectEveryoneFolded(readModels);
      } finally {
        await readModels.close();
      }
    });

    it('a key halted on it is folded whole at the next start, as the upcaster reads it', async () => {
      const [imported] = importEvents('poisoner', 'imp-p', POISONED_MINUTES);
      expect(() => endsAsBefore.evolve(undefined, recorded(imported!, 3)), 'as stored, the event cannot be applied').to.throw(RangeError);
      const events = new SqliteEventStore(file);
      const readModels = new SqliteReadModelStore(file);
      try {
        // As a version of the code without the upcaster left it: the key halted at the event, the checkpoint at the head.
        const halt = { projection: 'importedEnds', key: 'poisoner', position: 3, eventId: 'e3', type: 'WorkoutsImported', stream: 'import-imp-p', error: 'Invalid time value', waiting: 0 };
        await readModels.commit([{ projection: 'importedEnds', docs: new Map([['bystander', { ends: ['2024-03-02T08:00:00.000Z'] }]]), checkpoint: head, halts: new Map([['poisoner', halt]]) }]);
        const projector = new Projector(events, readModels, [endsAsBefore] as Projection[]);
        await projector.start();
        await projector.stop();
        expect(projector.halted).to.deep.equal([]);
        expect(await readModels.halts(['importedEnds'])).to.deep.equal([]);
        expect(await readModels.get('importedEnds', 'poisoner')).to.deep.equal({ ends: ['2024-03-02T07:15:00.000Z'] });
        // And a rebuild of it halts nothing.
        expect(await new Projector(events, readModels, [endsAsBefore] as Projection[]).rebuild()).to.deep.equal([]);
        expect(await readModels.get('importedEnds', 'poisoner')).to.deep.equal({ ends: ['2024-03-02T07:15:00.000Z'] });
      } finally {
        await readModels.close();
        await events.close();
      }
    });

    it('a rebuild (what npm run replay runs) finishes over it, with the same read models', async () => {
      const events = new SqliteEventStore(file);
      const readModels = new SqliteReadModelStore(file);
      try {
        await new Projector(events, readModels, projections).rebuild();
        expect(Math.min(...(await readModels.checkpoints(projections.map((p) => p.name))).values())).to.equal(head);
        await expectEveryoneFolded(readModels);
      } finally {
        await readModels.close();
        await events.close();
      }
    });
  });
});
