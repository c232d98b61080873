import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { Projector } from '../../services/query/src/projector.js';
import { projections } from '../../services/query/src/projections.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { startTestServer } from '../support/server.js';
import { generateActivity } from '../support/activity.js';

const run = promisify(execFile);

async function snapshot(file: string) {
  const store = new SqliteReadModelStore(file);
  try {
    const docs: Record<string, unknown[]> = {};
    for (const p of projections) docs[p.name] = await store.list(p.name);
    const checkpoints = Object.fromEntries(await store.checkpoints(projections.map((p) => p.name)));
    return { docs, checkpoints };
  } finally {
    await store.close();
  }
}

describe('npm run replay', () => {
  it('rebuilds every read model from position 0 into exactly what the live projector built', async function () {
    // `npm run replay` starts under the tsx loader, which compiles the services anew while the suite shares the cores.
    this.timeout(150_000);
    const server = await startTestServer();
    await generateActivity(server);
    const head = await server.system.events.headPosition();
    expect(await server.system.projector.waitFor(head, 5000)).to.equal(true);
    await server.stop();
    const file = server.system.config.sqliteFile;

    const live = await snapshot(file);
    for (const p of projections) expect(live.docs[p.name], `${p.name} has docs`).to.not.have.lengthOf(0);
    expect(Object.values(live.checkpoints).every((c) => c === head)).to.equal(true);

    const { stdout } = await run('node', ['--import', 'tsx', 'scripts/replay.ts'], {
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
    });
    expect(stdout).to.match(new RegExp(`rebuilt ${projections.length} read models from ${head} events`));
    const replayed = await snapshot(file);
    expect(replayed).to.deep.equal(live);

    // A rebuild that holds at most 10 docs in memory (so it writes them out and reads them back from the store
    // again and again) ends in the same read models.
    const events = new SqliteEventStore(file);
    const readModels = new SqliteReadModelStore(file);
    try {
      await new Projector(events, readModels, projections).rebuild(undefined, { maxDocs: 10 });
    } finally {
      await readModels.close();
      await events.close();
    }
    expect(await snapshot(file)).to.deep.equal(live);
  });
});
