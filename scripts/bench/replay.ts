import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { openSqliteFile } from '../../lowlevel/sqlite.js';
import { Projector, REBUILD_PAGE } from '../../services/query/src/projector.js';
import { projections } from '../../services/query/src/projections.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { flushToDisk, inChild, MB, note, now, removeTempDir, round, tempDir } from './common.js';

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
  /** Of `seconds`: reading and folding the log (up to the last page folded), then writing the docs out (the commit). */
  foldSeconds: number;
  commitSeconds: number;
  eventsPerSecond: number;
  /** RSS / heap used of the replay process right before the rebuild (after a GC) and the highest seen during it. */
  rssBeforeMb: number;
  peakRssMb: number;
  heapUsedBeforeMb: number;
  peakHeapUsedMb: number;
  /**
   * Samples are taken after every `MEMORY_SAMPLE_PAGES`th page of 1000 events and after the commit; maxRSS is the OS's
   * peak for the whole (single-purpose) process.
   */
  maxRssMb: number;
  /** Events per second of this process's own CPU time. */
  eventsPerCpuSecond: number;
  docs: Record<string, number>;
}

/** A plain scan of the log: every row read in position order and both JSON columns parsed, nothing else. */
export interface ScanFigures {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** Rows per second of this process's own CPU time: less swayed by other work on a shared machine. */
  rowsPerCpuSecond: number;
}

/**
 * The rebuild's own reading of the log, without its folds: the pages it asks for read, parsed and their seals opened,
 * as `Projector.rebuild` gets them. What a rebuild cannot go below on this machine whatever its folds cost.
 */
export interface ReadFigures {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  eventsPerCpuSecond: number;
}

/** `npm run analytics`'s replay and report over the same log, in a process of its own. */
export interface AnalyticsFigures {
  events: number;
  replaySeconds: number;
  eventsPerSecond: number;
  reportSeconds: number;
  maxRssMb: number;
}

export interface ReplayFigures extends RebuildFigures {
  users: number;
  eventTypes: Record<string, number>;
  /** Writing the log first: one append per command as the API makes them, a thousand appends per transaction. */
  seed: { appends: number; generateSeconds: number; seconds: number; eventsPerSecond: number; appendsPerSecond: number };
  /** Raw scans right before and right after the rebuild; the ratio is taken against their mean. */
  scans: ScanFigures[];
  /** Rebuild events/s ÷ raw scan rows/s, by wall time and by CPU time. */
  ratio: number;
  cpuRatio: number;
  /** The rebuild's reading alone (`readAndMeasure`), and its events/s ÷ the raw scan's rows/s by wall time. */
  read: ReadFigures;
  readRatio: number;
  analytics: AnalyticsFigures;
}

/** Memory is sampled every this many pages: a sample after every page would weigh on the rebuild it measures. */
const MEMORY_SAMPLE_PAGES = 10;

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
    const cpu0 = process.cpuUsage();
    let folded: number | undefined;
    let reports = 0;
    await projector.rebuild((position) => {
      // The first report at the head is the last page's, made before the commit; the rebuild reports again after it.
      if (position >= head) folded ??= now();
      reports += 1;
      if (reports % MEMORY_SAMPLE_PAGES !== 0 && position < head) return;
      const m = process.memoryUsage();
      if (m.rss > peakRss) peakRss = m.rss;
      if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
    });
    const ended = now();
    const seconds = (ended - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const docs: Record<string, number> = {};
    for (const p of projections) docs[p.name] = (await readModels.list(p.name)).length;
    return {
      events: head,
      seconds: round(seconds, 2),
      foldSeconds: round(((folded ?? ended) - t0) / 1000, 2),
      commitSeconds: round((ended - (folded ?? ended)) / 1000, 2),
      eventsPerSecond: Math.round(head / seconds),
      rssBeforeMb: round(before.rss / MB),
      peakRssMb: round(peakRss / MB),
      heapUsedBeforeMb: round(before.heapUsed / MB),
      peakHeapUsedMb: round(peakHeap / MB),
      maxRssMb: round((process.resourceUsage().maxRSS * 1024) / MB),
      eventsPerCpuSecond: Math.round(head / ((cpu.user + cpu.system) / 1e6)),
      docs,
    };
  } finally {
    await readModels.close();
    await events.close();
  }
}

export async function readAndMeasure({ file }: { file: string }): Promise<ReadFigures> {
  const events = new SqliteEventStore(file);
  try {
    const types = [...new Set(projections.flatMap((p) => p.handles))];
    const head = await events.headPosition();
    const t0 = now();
    const cpu0 = process.cpuUsage();
    let read = 0;
    for await (const page of events.readPages(0, REBUILD_PAGE, types)) read += page.length;
    const seconds = (now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    // By the log's events, as the rebuild counts them, so the two rates compare.
    return { events: read, seconds: round(seconds, 2), eventsPerSecond: Math.round(head / seconds), eventsPerCpuSecond: Math.round(head / ((cpu.user + cpu.system) / 1e6)) };
  } finally {
    await events.close();
  }
}

export async function scanAndMeasure({ file }: { file: string }): Promise<ScanFigures> {
  const db = openSqliteFile(file);
  try {
    const t0 = now();
    const cpu0 = process.cpuUsage();
    let rows = 0;
    for (const row of db.prepare<[], { data: string; metadata: string }>('SELECT * FROM events ORDER BY position').iterate()) {
      JSON.parse(row.data);
      JSON.parse(row.metadata);
      rows += 1;
    }
    const seconds = (now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return { rows, seconds: round(seconds, 2), rowsPerSecond: Math.round(rows / seconds), rowsPerCpuSecond: Math.round(rows / ((cpu.user + cpu.system) / 1e6)) };
  } finally {
    db.close();
  }
}

export async function analyticsAndMeasure({ file }: { file: string }): Promise<AnalyticsFigures> {
  const { runAnalytics } = await import('../analytics.js');
  const dir = path.dirname(file);
  const result = await runAnalytics(['--out', path.join(dir, 'analytics')], { DATA_DIR: dir }, true);
  return {
    events: result.events,
    replaySeconds: round(result.replaySeconds, 2),
    eventsPerSecond: Math.round(result.events / result.replaySeconds),
    reportSeconds: round(result.reportSeconds, 2),
    maxRssMb: round((process.resourceUsage().maxRSS * 1024) / MB),
  };
}

/**
 * Writes a realistic log (`users` users over `days` days, at least `minEvents` events) to a temp SQLite file, then
 * in separate processes: a raw scan, the full rebuild, a raw scan again, and the analytics replay and report.
 */
export async function measureReplay(options: ReplayOptions): Promise<ReplayFigures> {
  const dir = tempDir('replay');
  const file = path.join(dir, 'trainer.sqlite');
  try {
    // Loaded here, not at the top: the rebuild child imports this module and should not carry the generator.
    const { productionHistory } = await import('./fixtures.js');
    const g0 = now();
    const history = productionHistory({ users: options.users, days: options.days, minEvents: options.minEvents });
    const generateSeconds = (now() - g0) / 1000;
    note(`replay: writing ${history.events} events (${history.appends.length} appends) for ${history.users} users (generated in ${round(generateSeconds)} s)`);
    const store = new SqliteEventStore(file);
    const t0 = now();
    try {
      for (let i = 0; i < history.appends.length; i += 1000) store.importAppends(history.appends.slice(i, i + 1000));
    } finally {
      await store.close();
    }
    const seedTime = now() - t0;
    flushToDisk(file);
    const appends = history.appends.length;
    history.appends.length = 0;
    note("replay: raw scan, the rebuild's reading alone, rebuild, raw scan, analytics, each in a child process");
    const before = await inChild<{ file: string }, ScanFigures>('scan', { file }, options.timeoutMs);
    const read = await inChild<{ file: string }, ReadFigures>('read', { file }, options.timeoutMs);
    const rebuilt = await inChild<{ file: string }, RebuildFigures>('replay', { file }, options.timeoutMs);
    const after = await inChild<{ file: string }, ScanFigures>('scan', { file }, options.timeoutMs);
    const analytics = await inChild<{ file: string }, AnalyticsFigures>('analytics', { file }, options.timeoutMs);
    const scanRate = (before.rowsPerSecond + after.rowsPerSecond) / 2;
    const scanCpuRate = (before.rowsPerCpuSecond + after.rowsPerCpuSecond) / 2;
    return {
      ...rebuilt,
      users: history.users,
      eventTypes: history.counts,
      seed: {
        appends,
        generateSeconds: round(generateSeconds, 1),
        seconds: round(seedTime / 1000, 2),
        eventsPerSecond: Math.round(history.events / (seedTime / 1000)),
        appendsPerSecond: Math.round(appends / (seedTime / 1000)),
      },
      scans: [before, after],
      ratio: round(rebuilt.eventsPerSecond / scanRate, 2),
      cpuRatio: round(rebuilt.eventsPerCpuSecond / scanCpuRate, 2),
      read,
      readRatio: round(read.eventsPerSecond / scanRate, 2),
      analytics,
    };
  } finally {
    removeTempDir(dir);
  }
}
