import fs from 'node:fs';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { projections } from '../../services/query/src/projections.js';
import { InMemoryFold } from '../../services/query/src/fold.js';
import { openSqliteFile } from '../../events/store/sqliteFile.js';
fs.copyFileSync(process.argv[2]!, '/tmp/perf-prof/exp.sqlite');
const file = '/tmp/perf-prof/exp.sqlite';
const t = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
{
  const db = openSqliteFile(file); const t0 = t(); let n = 0;
  for (const row of db.prepare<[], { data: string; metadata: string }>('SELECT * FROM events ORDER BY position').iterate()) { JSON.parse(row.data); JSON.parse(row.metadata); n++; }
  console.log('scan', n, (t() - t0).toFixed(0)); db.close();
}
const events = new SqliteEventStore(file);
const fold = new InMemoryFold(projections);
const types = fold.types;
for (const mode of ['read', 'read+fold']) {
  const t0 = t(); let after = 0; let n = 0; let fe = 0;
  for (;;) { const page = await events.readAll(after, 5000, types); if (!page.length) break; n += page.length; after = page[page.length-1]!.position;
    if (mode !== 'read') { const t1 = t(); for (const e of page) fold.apply(e); fe += t() - t1; } }
  console.log(mode, n, (t() - t0).toFixed(0), 'fold', fe.toFixed(0));
}
{ const t0 = t(); let bytes = 0; for (const p of projections) for (const d of fold.list(p.name)) bytes += JSON.stringify(d).length; console.log('stringify all docs', (t()-t0).toFixed(0), 'bytes', bytes); }
{
  const all: any[] = []; let after = 0;
  for (;;) { const page = await events.readAll(after, 5000, types); if (!page.length) break; all.push(...page); after = page[page.length-1]!.position; }
  for (const p of projections) {
    const docs = new Map<string, unknown>(); const t0 = t(); let n = 0;
    for (const e of all) { if (!p.handles.includes(e.type)) continue; n++; const k = p.key(e); const d = p.evolve(docs.get(k), e); docs.set(k, d); }
    console.log(p.name.padEnd(20), n, (t() - t0).toFixed(0));
  }
}
