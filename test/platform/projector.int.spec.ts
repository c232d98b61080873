import { expect } from 'chai';
import path from 'node:path';
import { newEvent } from '../../events/catalog.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { openSqliteFile } from '../../lowlevel/sqlite.js';
import { Projector } from '../../services/query/src/projector.js';
import { CHUNK_REVISIONS, chunkKey, chunksOf, joinChunks } from '../../services/query/src/chunks.js';
import { measurementsProjection, type MeasurementsDoc } from '../../services/query/src/accounts/profile/measurements.projection.js';
import { activityProjection } from '../../services/query/src/progress/activity.projection.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { tempDir } from '../support/server.js';

const measured = (i: number) =>
  newEvent('MeasurementRecorded', { userId: 'u1', measuredAt: `2026-11-${String(i).padStart(2, '0')}T08:00:00.000Z`, weightLb: 200 - i, bodyFatPercentage: null, musclePercentage: null });

/** Every event here falls in the user's first chunk (chunks.ts). */
const firstChunk = chunkKey('u1', 0);

describe('projector', () => {
  it('applies each event once even when a doc was stored ahead of its checkpoint (a crash between the two)', async () => {
    const file = path.join(tempDir(), 'log.sqlite');
    const events = new SqliteEventStore(file);
    const readModels = new SqliteReadModelStore(file);
    for (let i = 1; i <= 6; i += 1) await events.append('user-u1', [measured(i)], 'any');

    const first = new Projector(events, readModels, [measurementsProjection]);
    await first.rebuild();
    const built = await readModels.get<MeasurementsDoc>('measurements', firstChunk);
    expect(built!.history).to.have.length(6);
    // What a crash leaves on a store without one transaction: the doc written at 6, the checkpoint still at 3.
    const raw = openSqliteFile(file);
    raw.prepare("UPDATE checkpoints SET position = 3 WHERE projection = 'measurements'").run();
    raw.close();
    expect(await readModels.checkpoints(['measurements'])).to.deep.equal(new Map([['measurements', 3]]));
    // One batch now spans events the doc already holds (4–6) and one it does not (7).
    await events.append('user-u1', [measured(7)], 'any');
    const afterCrash = new Projector(events, readModels, [measurementsProjection]);
    await afterCrash.start();
    expect(await afterCrash.waitFor(7, 2000)).to.equal(true);
    await afterCrash.stop();
    const doc = await readModels.get<MeasurementsDoc>('measurements', firstChunk);
    expect(doc!.history.map((m) => m.weight_lb)).to.deep.equal([199, 198, 197, 196, 195, 194, 193]);
    await readModels.close();
    await events.close();
  });

  it('leaves a doc unwritten by a live event that changes nothing (a second visit in a quarter hour already shown up)', async () => {
    const file = path.join(tempDir(), 'log.sqlite');
    const events = new SqliteEventStore(file);
    const readModels = new SqliteReadModelStore(file);
    const visit = (at: string) => newEvent('UserShowedUp', { userId: 'u1', day: at.slice(0, 10), shownUpAt: at });
    const projector = new Projector(events, readModels, [activityProjection]);
    await projector.start();
    await events.append('user-u1', [visit('2026-11-18T08:01:00.000Z')], 'any');
    expect(await projector.waitFor(1, 2000)).to.equal(true);
    // The user's doc of the UTC year 2026 (activity.projection.ts keys a year by its owner and year).
    const key = 'u1/2026';
    const first = await readModels.entry('activity', key);
    expect(first).to.not.equal(undefined);

    await events.append('user-u1', [visit('2026-11-18T08:09:00.000Z')], 'any');
    expect(await projector.waitFor(2, 2000)).to.equal(true);
    const same = await readModels.entry('activity', key);
    expect(same, 'the same quarter hour: the doc as it was stored at 1').to.deep.equal(first);
    expect(await readModels.checkpoints(['activity'])).to.deep.equal(new Map([['activity', 2]]));

    await events.append('user-u1', [visit('2026-11-18T08:16:00.000Z')], 'any');
    expect(await projector.waitFor(3, 2000)).to.equal(true);
    const next = await readModels.entry('activity', key);
    expect(next!.position, 'a new quarter hour: written').to.equal(3);
    expect(next!.doc).to.not.deep.equal(first!.doc);
    await projector.stop();
    await readModels.close();
    await events.close();
  });

  it('rebuilds at start a read model whose fold changed (its version), then goes on live', async () => {
    const file = path.join(tempDir(), 'log.sqlite');
    const events = new SqliteEventStore(file);
    const readModels = new SqliteReadModelStore(file);
    for (let i = 1; i <= 3; i += 1) await events.append('user-u1', [measured(i)], 'any');
    const first = new Projector(events, readModels, [measurementsProjection]);
    await first.start();
    expect(await first.waitFor(3, 2000)).to.equal(true);
    await first.stop();
    // The same events read by a new rule: every weight kept in kilograms.
    const inKg: typeof measurementsProjection = {
      ...measurementsProjection,
      evolve: (doc, event) => {
        const next = measurementsProjection.evolve(doc, event);
        return next && { ...next, history: next.history.map((m) => (m.weight_lb === null || m.weight_lb < 100 ? m : { ...m, weight_lb: Math.round(m.weight_lb * 0.4536) })) };
      },
    };
    const logged: string[] = [];
    const unchanged = new Projector(events, readModels, [inKg], (m) => logged.push(m));
    await unchanged.start();
    await unchanged.stop();
    expect((await readModels.get<MeasurementsDoc>('measurements', firstChunk))!.history.map((m) => m.weight_lb), 'the same version: the docs stand').to.deep.equal([199, 198, 197]);
    expect(logged).to.deep.equal([]);

    const changed = new Projector(events, readModels, [{ ...inKg, version: 2 }], (m) => logged.push(m));
    await changed.start();
    expect((await readModels.get<MeasurementsDoc>('measurements', firstChunk))!.history.map((m) => m.weight_lb)).to.deep.equal([90, 90, 89]);
    expect(logged.some((m) => m.includes('measurements 1 → 2'))).to.equal(true);
    await events.append('user-u1', [measured(4)], 'any');
    expect(await changed.waitFor(4, 2000)).to.equal(true);
    await changed.stop();
    expect((await readModels.get<MeasurementsDoc>('measurements', firstChunk))!.history.map((m) => m.weight_lb), 'and goes on live').to.deep.equal([90, 90, 89, 89]);

    // Started again at version 2: nothing to rebuild.
    logged.length = 0;
    const again = new Projector(events, readModels, [{ ...inKg, version: 2 }], (m) => logged.push(m));
    await again.start();
    await again.stop();
    expect(logged).to.deep.equal([]);
    await readModels.close();
    await events.close();
  });

  it('catches up live events in order and lets a reader wait for a position', async () => {
    const file = path.join(tempDir(), 'log.sqlite');
    const events = new SqliteEventStore(file);
    const readModels = new SqliteReadModelStore(file);
    const projector = new Projector(events, readModels, [measurementsProjection]);
    await projector.start();
    let last = 0;
    for (let i = 1; i <= 20; i += 1) last = (await events.append('user-u1', [measured(i)], 'any')).position;
    expect(await projector.waitFor(last, 2000)).to.equal(true);
    expect((await readModels.get<MeasurementsDoc>('measurements', firstChunk))!.history).to.have.length(20);
    expect(await projector.waitFor(last + 1, 100)).to.equal(false);
    await projector.stop();
    await readModels.close();
    await events.close();
  });

  it('keeps a long history in chunks of the stream, written one chunk per event, read back whole and in order', async () => {
    const file = path.join(tempDir(), 'log.sqlite');
    const events = new SqliteEventStore(file);
    const readModels = new SqliteReadModelStore(file);
    const count = CHUNK_REVISIONS + 10;
    const weights = Array.from({ length: count }, (_, i) => newEvent('MeasurementRecorded', { ...measured(1).data, weightLb: i }));
    await events.append('user-u1', weights.slice(0, CHUNK_REVISIONS - 5), 'any');
    const projector = new Projector(events, readModels, [measurementsProjection]);
    await projector.start();
    // The live projector then folds a batch that crosses into the second chunk.
    const { position } = await events.append('user-u1', weights.slice(CHUNK_REVISIONS - 5), 'any');
    expect(await projector.waitFor(position, 2000)).to.equal(true);
    await projector.stop();
    const live = await readModels.range<MeasurementsDoc>('measurements', chunksOf('u1'));
    expect(live.map((c) => c.history.length)).to.deep.equal([CHUNK_REVISIONS, 10]);
    expect(joinChunks(live, 'history')!.history.map((m) => m.weight_lb)).to.deep.equal(Array.from({ length: count }, (_, i) => i));
    await new Projector(events, readModels, [measurementsProjection]).rebuild();
    expect(await readModels.range<MeasurementsDoc>('measurements', chunksOf('u1'))).to.deep.equal(live);
    await readModels.close();
    await events.close();
  });
});
