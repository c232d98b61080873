/**
 * `npx tsx scripts/bench/replayLog.ts FILE`: the bench's replay section over a log already written (e.g. by
 * `npm run generate`), so the same log can be measured again after a change without generating it anew. The log is
 * copied to a temp dir first (the rebuild writes read models into the file). Prints the figures as one JSON line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { flushToDisk, inChild, round, runBenchScript, tempDir } from './common.js';
import type { ReadFigures, RebuildFigures, ScanFigures } from './replay.js';

async function main() {
  const source = process.argv[2];
  if (!source || !fs.existsSync(source)) throw new Error('usage: tsx scripts/bench/replayLog.ts FILE (a SQLite event log)');
  const file = path.join(tempDir('replay-log'), 'trainer.sqlite');
  fs.copyFileSync(source, file);
  flushToDisk(file);
  const timeoutMs = 1_800_000;
  const before = await inChild<{ file: string }, ScanFigures>('scan', { file }, timeoutMs);
  const read = await inChild<{ file: string }, ReadFigures>('read', { file }, timeoutMs);
  const rebuilt = await inChild<{ file: string }, RebuildFigures>('replay', { file }, timeoutMs);
  const after = await inChild<{ file: string }, ScanFigures>('scan', { file }, timeoutMs);
  const scan = (before.rowsPerSecond + after.rowsPerSecond) / 2;
  const scanCpu = (before.rowsPerCpuSecond + after.rowsPerCpuSecond) / 2;
  process.stdout.write(
    `${JSON.stringify({
      load: os.loadavg().map((l) => round(l, 2)),
      scans: [before, after],
      read,
      readRatio: round(read.eventsPerSecond / scan, 2),
      rebuild: rebuilt,
      ratio: round(rebuilt.eventsPerSecond / scan, 2),
      cpuRatio: round(rebuilt.eventsPerCpuSecond / scanCpu, 2),
    })}\n`,
  );
}

runBenchScript(main);
