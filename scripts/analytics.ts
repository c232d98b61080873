import { SingleBar, Presets } from 'cli-progress';
import fs from 'node:fs';
import path from 'node:path';
import { openEventStore } from '../events/store/open.js';
import { ConfigError, loadConfig } from '../services/platform/config.js';
import { renderReport } from '../services/query/src/analytics/report.js';
import { replayAnalytics } from '../services/query/src/analytics/replay.js';
import { computeSeries, fullRange, toCsv } from '../services/query/src/analytics/series.js';
import { SERIES } from '../contract/analytics/seriesNames.js';
import { parseDay, rangeWithin } from '../services/query/src/analytics/range.js';
import { parseArgs, UsageError } from './args.js';

const USAGE = 'usage: npm run analytics -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out DIR]';

/**
 * `npm run analytics`: replays the log in this process into the analytics series (the live read models are not
 * touched), then writes DIR/report.html (self-contained, d3-drawn SVG charts) and one CSV per series.
 */
export async function runAnalytics(argv: string[], env: NodeJS.ProcessEnv = process.env, quiet = false) {
  const args = parseArgs(argv, ['from', 'to', 'out'], USAGE);
  const from = args.from === undefined ? undefined : parseDay(args.from, '--from', (m) => new UsageError(`${m}\n${USAGE}`));
  const to = args.to === undefined ? undefined : parseDay(args.to, '--to', (m) => new UsageError(`${m}\n${USAGE}`));
  if (from && to && from > to) throw new UsageError(`--from must not be after --to\n${USAGE}`);
  const config = loadConfig(env);
  const out = path.resolve(args.out ?? path.join(config.dataDir, 'analytics'));
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile: config.sqliteFile });
  try {
    const bar = new SingleBar({ format: 'replay [{bar}] {percentage}% | position {value}/{total} | {eta_formatted} left', hideCursor: true }, Presets.shades_classic);
    const started = performance.now();
    if (!quiet) bar.start(await events.headPosition(), 0);
    const { docs, events: read } = await replayAnalytics(events, { to, onProgress: quiet ? undefined : (position) => bar.update(position) });
    if (!quiet) bar.stop();
    const replaySeconds = (performance.now() - started) / 1000;
    const t0 = performance.now();
    const today = new Date().toISOString().slice(0, 10);
    const range = rangeWithin({ from, to }, fullRange(docs), today);
    const series = SERIES.map((name) => computeSeries(name, docs, range, today));
    fs.mkdirSync(out, { recursive: true });
    for (const s of series) fs.writeFileSync(path.join(out, `${s.name}.csv`), toCsv(s));
    fs.writeFileSync(path.join(out, 'report.html'), renderReport(series, range, new Date().toISOString(), read));
    const reportSeconds = (performance.now() - t0) / 1000;
    if (!quiet) {
      console.log(`replayed ${read} events in ${replaySeconds.toFixed(1)} s (${Math.round(read / replaySeconds)} events/s); report ${reportSeconds.toFixed(2)} s`);
      console.log(`wrote ${path.join(out, 'report.html')} and ${series.length} CSV files (${range.from} to ${range.to})`);
    }
    return { out, range, series, events: read, replaySeconds, reportSeconds };
  } finally {
    await events.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  runAnalytics(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof ConfigError || error instanceof UsageError ? error.message : error);
    process.exit(1);
  });
}
