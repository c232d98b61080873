import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { SqliteSubjectKeys, type SubjectKeys } from '../../events/store/shredding.js';
import { MongoSubjectKeys } from '../../events/store/mongoSubjectKeys.js';
import { openSqliteFile } from '../../lowlevel/sqlite.js';
import { tempDir } from '../support/server.js';

/** What every store of the subjects' keys promises (events/store/shredding.ts). */
function subjectKeysContract(name: string, open: () => Promise<SubjectKeys>) {
  describe(`${name} subject keys contract`, () => {
    it('makes a 256-bit key once per subject, gives the same one back, and destroys it for good', async () => {
      const keys = await open();
      try {
        const [ann, bob] = [`user:${randomUUID()}`, `user:${randomUUID()}`];
        expect((await keys.keysOf([ann], false)).size).to.equal(0);
        const made = await keys.keysOf([ann, bob], true);
        expect(made.get(ann)).to.have.length(32);
        expect(made.get(ann)!.equals(made.get(bob)!)).to.equal(false);
        const again = await keys.keysOf([ann, bob], true);
        expect(again.get(ann)!.equals(made.get(ann)!)).to.equal(true);

        await keys.destroy([ann]);
        const left = await keys.keysOf([ann, bob], false);
        expect([...left.keys()]).to.deep.equal([bob]);
        // A subject forgotten and seen again gets a new key, never the old one.
        const fresh = (await keys.keysOf([ann], true)).get(ann)!;
        expect(fresh.equals(made.get(ann)!)).to.equal(false);
      } finally {
        await keys.close();
      }
    });
  });
}

describe('subject key stores', () => {
  subjectKeysContract('sqlite', async () => new SqliteSubjectKeys(openSqliteFile(path.join(tempDir(), 'keys.sqlite'))));

  describe('mongodb', function () {
    const url = process.env.MONGO_URL;
    before(function () {
      if (url) return;
      console.log('    mongodb subject keys contract: SKIPPED (MONGO_URL not set)');
      this.skip();
    });
    subjectKeysContract('mongodb', () => MongoSubjectKeys.connect(url!, `test_${randomUUID().slice(0, 8)}`));
  });
});
