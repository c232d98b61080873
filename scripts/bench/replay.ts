import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { Projector } from '../../services/query/src/projector.js';
import { projections } from '../../services/query/src/projections.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { inChild, MB, note, now, removeTempDir, round, tempDir } from './common.js';

export interface ReplayOptions {
  users: number;
  /** The span of the generated history. */
  days: number;
  minEvents: number;
  /** Bound on the rebuild child process. */
  timeoutMs: number;
}

export interface RebuildFigures {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** RSS / heap used of the replay process right before the rebuild (after a GC) and the highest seen during it. */
  rssBeforeMb: number;
  peakRssMb: number;
  heapUsedBeforeMb: number;
  peakHeapUsedMb: number;
  /** Samples are taken after each 1000-event page; maxRSS is the OS's peak for the whole (single-purpose) process. */
  maxRssMb: number;
  docs: Record<string, number>;
}

export interface ReplayFigures extends RebuildFigures {
  users: number;
  eventTypes: Record<string, number>;
  /** Writing the log first, one append per command as the API does (interleaved users, expected revisions). */
  seed: { appends: number; seconds: number; eventsPerSecond: number; appendsPerSecond: number };
}

/** Runs in a child process (fresh heap): `new Projector(events, readModels, projections).rebuild()` over `file`. */
export async function rebuildAndMeasure({ file }: { file: string }): Promise<RebuildFigures> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const events = new SqliteEventStore(file);
  const readModels = new SqliteReadModelStore(file);
  try {
    const head = await events.headPosition();
    gc();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const projector = new Projector(events, readModels, projections);
    const t0 = now();
    await projector.rebuild(() => {
      const m = process.memoryUsage();
      if (m.rss > peakRss) peakRss = m.rss;
      if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
    });
    const seconds = (now() - t0) / 1000;
    const docs: Record<string, number> = {};
    for (const p of projections) docs[p.name] = (await readModels.list(p.name)).length;
    return {
      events: head,
      seconds: round(seconds, 2),
      eventsPerSecond: Math.round(head / seconds),
      rssBeforeMb: round(before.rss / MB),
      peakRssMb: round(peakRss / MB),
      heapUsedBeforeMb: round(before.heapUsed / MB),
      peakHeapUsedMb: round(peakHeap / MB),
      maxRssMb: round((process.resourceUsage().maxRSS * 1024) / MB),
      docs,
    };
  } finally {
    await readModels.close();
    await events.close();
  }
}

/** Writes a realistic log of `users` users (≥ `minEvents` events) to a temp SQLite file, then times a full rebuild. */
export async function measureReplay(options: ReplayOptions): Promise<ReplayFigures> {
  const dir = tempDir('replay');
  const file = path.join(dir, 'trainer.sqlite');
  try {
    // Loaded here, not at the top: the rebuild child imports this module and should not carry the generator.
    const { productionHistory } = await import('./fixtures.js');
    const history = productionHistory({ users: options.users, days: options.days, minEvents: options.minEvents });
    note(`replay: writing ${history.events} events (${history.appends.length} appends) for ${options.users} users`);
    const store = new SqliteEventStore(file);
    let seedTime = 0;
    try {
      for (const a of history.appends) {
        const t0 = now();
        await store.append(a.stream, a.events, a.expected);
        seedTime += now() - t0;
      }
    } finally {
      await store.close();
    }
    const appends = history.appends.length;
    history.appends.length = 0;
    note(`replay: rebuilding read models in a child process`);
    const rebuilt = await inChild<{ file: string }, RebuildFigures>('replay', { file }, options.timeoutMs);
    return {
      ...rebuilt,
      users: options.users,
      eventTypes: history.counts,
      seed: {
        appends,
        seconds: round(seedTime / 1000, 2),
        eventsPerSecond: Math.round(history.events / (seedTime / 1000)),
        appendsPerSecond: Math.round(appends / (seedTime / 1000)),
      },
    };
  } finally {
    removeTempDir(dir);
  }
}
