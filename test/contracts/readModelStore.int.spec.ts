import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
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
      atomicCommit: true,
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

    readModelStoreContract('mongodb', () => MongoReadModelStore.connect(url!, dbName), { atomicCommit: false });
  });
});
