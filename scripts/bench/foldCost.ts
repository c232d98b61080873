/**
 * `node --max-semi-space-size=64 --import tsx scripts/bench/foldCost.ts FILE [PROJECTION]`: where a rebuild's folding
 * goes, projection by projection. Reads the whole log of FILE (e.g. one profileRebuild.ts or `npm run generate`
 * wrote) into memory once, then folds each projection's events into docs held in a Map, with no store: the CPU time of
 * each projection's fold and of turning its docs into JSON, and the JSON's size. Prints one line per projection.
 */
import { SqliteEventStore } from '../../events/store/sqlite.js';
import type { AppEvent } from '../../events/catalog.js';
import { projections } from '../../services/query/src/projections.js';
import { keysOf } from '../../services/query/src/projection.js';
import { round, runBenchScript } from './common.js';

const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};

async function main() {
  const [file, only] = process.argv.slice(2);
  if (!file) throw new Error('usage: foldCost.ts FILE [PROJECTION]');
  const store = new SqliteEventStore(file);
  const events: AppEvent[] = [];
  const read0 = process.cpuUsage();
  try {
    for await (const page of store.readPages(0, 1000)) for (const event of page) events.push(event as AppEvent);
  } finally {
    await store.close();
  }
  process.stdout.write(`read ${events.length} events in ${round(cpuSeconds(read0), 2)} CPU-s (this thread and the reader's)\n`);
  let folds = 0;
  let json = 0;
  for (const p of projections) {
    if (only && p.name !== only) continue;
    const handles = new Set<string>(p.handles);
    const docs = new Map<string, unknown>();
    let count = 0;
    const fold0 = process.cpuUsage();
    for (const event of events) {
      if (!handles.has(event.type)) continue;
      count += 1;
      if (p.erases?.(event) !== undefined) continue;
      for (const key of keysOf(p, event)) docs.set(key, p.evolve(docs.get(key), event, key));
    }
    const fold = cpuSeconds(fold0);
    const json0 = process.cpuUsage();
    let bytes = 0;
    for (const doc of docs.values()) if (doc !== undefined) bytes += JSON.stringify(doc).length;
    const stringify = cpuSeconds(json0);
    folds += fold;
    json += stringify;
    process.stdout.write(`${p.name.padEnd(26)} ${String(count).padStart(8)} events  fold ${fold.toFixed(2).padStart(6)} CPU-s  JSON ${stringify.toFixed(2).padStart(5)} CPU-s  ${(bytes / 1e6).toFixed(1).padStart(6)} MB\n`);
  }
  process.stdout.write(`all folds ${round(folds, 2)} CPU-s, JSON ${round(json, 2)} CPU-s\n`);
}

runBenchScript(main);
