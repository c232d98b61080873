/**
 * `node --max-semi-space-size=64 --import tsx [--cpu-prof --cpu-prof-dir DIR] scripts/bench/profileRebuild.ts FILE
 * [USERS DAYS]`: with no FILE yet, writes a log of USERS users over DAYS days there with the bench's generator
 * (fixtures.ts) and stops; with one, times a raw scan and `rebuild` over a copy of it by CPU time, in this one process
 * (under --cpu-prof, the profile shows where the rebuild spends it). THREADS=1 runs the rebuild with the CPU time of
 * each thread of the process (the log reader's, V8's helpers'); SIZES=1 adds each read model's size and a digest of
 * every doc written, which tells whether a change to the folds wrote anything else.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { openSqliteFile } from '../../lowlevel/sqlite.js';
import { Projector } from '../../services/query/src/projector.js';
import { projections } from '../../services/query/src/projections.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { rebuildAndMeasure, scanAndMeasure } from './replay.js';
import { runBenchScript, tempDir, removeTempDir } from './common.js';

async function main() {
  const [source, users = '300', days = '365'] = process.argv.slice(2);
  if (!source) throw new Error('usage: profileRebuild.ts FILE [USERS DAYS]');
  if (!fs.existsSync(source)) {
    const { productionHistory } = await import('./fixtures.js');
    const history = productionHistory({ users: Number(users), days: Number(days) });
    const store = new SqliteEventStore(source);
    try {
      for (let i = 0; i < history.appends.length; i += 1000) store.importAppends(history.appends.slice(i, i + 1000));
    } finally {
      await store.close();
    }
    process.stderr.write(`wrote ${history.events} events of ${history.users} users to ${source}\n`);
    return;
  }
  const dir = tempDir('profile-rebuild');
  const file = path.join(dir, 'trainer.sqlite');
  try {
    fs.copyFileSync(source, file);
    const scan = await scanAndMeasure({ file });
    const rebuilt = process.env.THREADS ? await rebuildByThread(file) : await rebuildAndMeasure({ file });
    const ratio = Math.round((rebuilt.eventsPerCpuSecond / scan.rowsPerCpuSecond) * 100) / 100;
    process.stdout.write(`${JSON.stringify({ scan, rebuild: { ...rebuilt, docs: undefined }, cpuRatio: ratio })}\n`);
    if (process.env.SIZES) {
      const db = openSqliteFile(file);
      const sizes = db.prepare('SELECT collection, count(*) AS docs, sum(length(doc)) AS bytes FROM read_models GROUP BY collection ORDER BY bytes DESC').all();
      // A digest of every doc as stored, to tell whether a change to the folds wrote anything else.
      const hash = createHash('sha256');
      for (const row of db.prepare<[], { collection: string; key: string; doc: string }>('SELECT collection, key, doc FROM read_models ORDER BY collection, key').iterate()) {
        hash.update(`${row.collection}\u0000${row.key}\u0000${row.doc}\u0000`);
      }
      process.stdout.write(`digest ${hash.digest('hex')}\n`);
      db.close();
      process.stdout.write(`${JSON.stringify(sizes)}\n`);
    }
  } finally {
    removeTempDir(dir);
  }
}

/** The rebuild with the CPU time of each thread of the process (read from /proc while it runs), in ms. */
async function rebuildByThread(file: string) {
  const threads = new Map<string, number>();
  const sample = () => {
    for (const tid of fs.readdirSync('/proc/self/task')) {
      try {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        threads.set(`${tid} ${name}`, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
      } catch {
        // the thread ended meanwhile
      }
    }
  };
  sample();
  const before = new Map(threads);
  const events = new SqliteEventStore(file);
  const readModels = new SqliteReadModelStore(file);
  const cpu0 = process.cpuUsage();
  await new Projector(events, readModels, projections).rebuild(() => sample(), undefined);
  sample();
  const cpu = process.cpuUsage(cpu0);
  const head = await events.headPosition();
  await readModels.close();
  await events.close();
  const byThread = Object.fromEntries([...threads].map(([k, v]) => [k, v - (before.get(k) ?? 0)]).filter(([, v]) => (v as number) > 0));
  return { events: head, eventsPerCpuSecond: Math.round(head / ((cpu.user + cpu.system) / 1e6)), cpuMs: Math.round((cpu.user + cpu.system) / 1000), byThread };
}

runBenchScript(main);
