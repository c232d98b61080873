import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { MongoReadModelStore } from '../../services/query/src/store/mongodb.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';
import { readModelStoreContract } from './readModelStore.contract.js';

describe('read model store adapters', () => {
  describe('sqlite', () => {
    let dir: string;
    let opened = 0;
    before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-model-contract-'))));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    readModelStoreContract('sqlite', async () => new SqliteReadModelStore(path.join(dir, `read-models-${(opened += 1)}.db`)), {
      atomicCommit: 'whole',
      versionMark: true,
    });

    // Every commit through the writer thread that writes a rebuild's large commits.
    readModelStoreContract(
      'sqlite, commits by the writer thread',
      async () => new SqliteReadModelStore(path.join(dir, `read-models-${(opened += 1)}.db`), { writerThreadFrom: 1 }),
      { atomicCommit: 'batch', versionMark: true },
    );

    it('writes a commit of many docs through the writer thread in chunks, deletes and checkpoints included', async () => {
      const store = new SqliteReadModelStore(path.join(dir, `read-models-${(opened += 1)}.db`), { writerThreadFrom: 100 });
      try {
        const docs = new Map<string, unknown>(Array.from({ length: 1_234 }, (_, i) => [`k${String(i).padStart(5, '0')}`, { i }]));
        await store.commit([{ projection: 'many', docs, checkpoint: 10 }, { projection: 'other', docs: new Map(), checkpoint: 10 }]);
        const later = new Map<string, unknown>([...docs.keys()].map((key, i) => [key, i % 2 === 0 ? undefined : { i, later: true }]));
        await store.commit([{ projection: 'many', docs: later, checkpoint: 20 }]);
        const kept = await store.list<{ i: number; later: boolean }>('many');
        expect(kept).to.have.length(617);
        expect(kept.every((doc) => doc.i % 2 === 1 && doc.later)).to.equal(true);
        expect(await store.get('many', 'k00001')).to.deep.equal({ i: 1, later: true });
        expect(await store.checkpoints(['many', 'other'])).to.deep.equal(new Map([['many', 20], ['other', 10]]));
      } finally {
        await store.close();
      }
    });

    it('leaves no byte of an erased owner\'s docs in the file, whichever connection erased them', async () => {
      for (const writerThreadFrom of [1_000, 1]) {
        const file = path.join(dir, `read-models-${(opened += 1)}.db`);
        const store = new SqliteReadModelStore(file, { writerThreadFrom });
        try {
          const words = 'Zephyrine wrote this about her knee '.repeat(40);
          await store.commit([{ projection: 'notes', docs: new Map([['u1', { words }], ['u1/a', { words }], ['u2', { words: 'kept' }]]), checkpoint: 1 }]);
          await store.commit([{ projection: 'notes', docs: new Map([['u2', { words: 'kept too' }]]), checkpoint: 2, erasedOwners: ['u1'] }]);
          expect(await store.list('notes')).to.deep.equal([{ words: 'kept too' }]);
        } finally {
          await store.close();
        }
        // Closing the last connection checkpoints the WAL into the file: what is left is in the file's pages.
        expect(fs.readFileSync(file).includes('Zephyrine'), `erased by ${writerThreadFrom === 1 ? 'the writer thread' : 'the store'}`).to.equal(false);
      }
    });

    it('opens a file whose docs are in the first (WITHOUT ROWID) table: same docs and checkpoints, rowid table', async () => {
      const file = path.join(dir, 'without-rowid.db');
      const old = new Database(file);
      old.exec(`
        CREATE TABLE read_models (collection TEXT NOT NULL, key TEXT NOT NULL, doc TEXT NOT NULL, position INTEGER NOT NULL,
          PRIMARY KEY (collection, key)) WITHOUT ROWID;
        CREATE TABLE checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL);
        INSERT INTO read_models VALUES ('profiles', 'u1', '{"name":"Ann"}', 7), ('profiles', 'u2', '{"name":"Bo"}', 9);
        INSERT INTO checkpoints VALUES ('profiles', 9);
      `);
      old.close();

      const store = new SqliteReadModelStore(file);
      try {
        expect(await store.entry('profiles', 'u1')).to.deep.equal({ doc: { name: 'Ann' }, position: 7 });
        expect(await store.list('profiles')).to.deep.equal([{ name: 'Ann' }, { name: 'Bo' }]);
        expect(await store.checkpoints(['profiles'])).to.deep.equal(new Map([['profiles', 9]]));
      } finally {
        await store.close();
      }
      const db = new Database(file, { readonly: true });
      const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'read_models'").pluck().get() as string;
      db.close();
      expect(sql).to.not.match(/WITHOUT ROWID/i);
      // Opened again: nothing left to copy, the docs stay.
      const again = new SqliteReadModelStore(file);
      expect(await again.list('profiles')).to.have.length(2);
      await again.close();
    });
  });

  describe('mongodb', function () {
    const url = process.env.MONGO_URL;
    // A database of its own for this run, dropped afterwards, so a shared server keeps no test data.
    const dbName = `contract-${randomUUID().slice(0, 8)}`;
    before(function () {
      if (url) return;
      console.log('    mongodb read model store contract: SKIPPED (MONGO_URL not set)');
      this.skip();
    });
    after(async () => {
      if (!url) return;
      const client = await MongoClient.connect(url);
      await client.db(dbName).dropDatabase();
      await client.close();
    });

    readModelStoreContract('mongodb', () => MongoReadModelStore.connect(url!, dbName), { atomicCommit: false, versionMark: false });
  });
});
