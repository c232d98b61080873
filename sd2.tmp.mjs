import Database from 'better-sqlite3';
import fs from 'node:fs';
let leaks = 0;
for (let trial = 0; trial < 200; trial++) {
  const file = '/tmp/sd2.sqlite';
  for (const f of [file, file + '-wal', file + '-shm']) fs.rmSync(f, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL'); db.pragma('secure_delete = ON');
  db.exec('create table read_models (collection text not null, key text not null, doc text not null, position integer not null, primary key (collection, key))');
  const put = db.prepare('insert into read_models (collection, key, doc, position) values (?, ?, ?, ?) on conflict (collection, key) do update set doc = excluded.doc, position = excluded.position');
  const rnd = (n) => Math.floor(Math.random() * n);
  for (let i = 0; i < 60; i++) put.run('c' + rnd(5), 'k' + rnd(40), JSON.stringify({ i, pad: 'x'.repeat(rnd(400)) }), 1);
  put.run('analyticsUsers', 'u', JSON.stringify({ reason: 'too dear zqmk29x', pad: 'y'.repeat(rnd(300)) }), 2);
  for (let i = 0; i < 30; i++) put.run('c' + rnd(5), 'k' + rnd(60), JSON.stringify({ i, pad: 'x'.repeat(rnd(400)) }), 1);
  put.run('analyticsUsers', 'u', JSON.stringify({ reason: '[deleted]', pad: 'y'.repeat(rnd(300)) }), 3);
  for (let i = 0; i < 30; i++) put.run('c' + rnd(5), 'k' + rnd(60), JSON.stringify({ i, pad: 'x'.repeat(rnd(400)) }), 1);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  if (fs.readFileSync(file).includes('zqmk29x')) leaks++;
}
console.log('leaks', leaks, 'of 200');
