import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EsdbEventStore } from '../../events/store/esdb.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { SqliteSubjectKeys } from '../../events/store/shredding.js';
import { openSqliteFile } from '../../lowlevel/sqlite.js';
import { eventStoreContract } from './eventStore.contract.js';

describe('event store adapters', () => {
  describe('sqlite', () => {
    let dir: string;
    let opened = 0;
    before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'event-store-contract-'))));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    // A new file per test: the store is empty and this process is its only writer.
    eventStoreContract('sqlite', async () => new SqliteEventStore(path.join(dir, `events-${(opened += 1)}.db`)), { isolated: true });
  });

  describe('sqlite in memory', () => {
    // No file for the log reader thread to open: readPages reads on the store's own connection.
    eventStoreContract('sqlite in memory', async () => new SqliteEventStore(':memory:'), { isolated: true });
  });

  describe('esdb', function () {
    const url = process.env.EVENTSTORE_URL;
    before(function () {
      if (url) return;
      console.log('    esdb event store contract: SKIPPED (EVENTSTORE_URL not set)');
      this.skip();
    });

    // A shared server: other data and other writers may be there, so the suite checks only what it wrote.
    // The subjects' keys in a SQLite file of their own, as `openEventStore` keeps them without MongoDB.
    eventStoreContract('esdb', () => EsdbEventStore.connect(url!, new SqliteSubjectKeys(openSqliteFile(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'esdb-keys-')), 'keys.sqlite')))), { isolated: false });
  });
});
