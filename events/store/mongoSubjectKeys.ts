import { Binary, MongoClient, type Collection } from 'mongodb';
import { newSubjectKey, type SubjectKeys } from './shredding.js';

interface KeyDoc {
  _id: string;
  /** Read back as BSON Binary (written from a Buffer). */
  key: Binary | Buffer;
}

const bytesOf = (key: Binary | Buffer) => (Buffer.isBuffer(key) ? key : Buffer.from(key.buffer));

/**
 * The subjects' keys in MongoDB, for a log in EventStoreDB (the production stack): one place every service shares,
 * where a deleted document is gone from the next compaction of its collection (and from backups as they rotate).
 */
export class MongoSubjectKeys implements SubjectKeys {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDoc>,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoSubjectKeys> {
    const client = await MongoClient.connect(url);
    return new MongoSubjectKeys(client, client.db(dbName).collection<KeyDoc>('subject_keys'));
  }

  async keysOf(subjects: readonly string[], create: boolean): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    if (subjects.length === 0) return keys;
    if (create) {
      // Insert-if-missing: two appends racing for a new subject both end with the one key stored first.
      await this.keys.bulkWrite(
        subjects.map((s) => ({ updateOne: { filter: { _id: s }, update: { $setOnInsert: { key: newSubjectKey() } }, upsert: true } })),
        { ordered: false },
      );
    }
    for (const doc of await this.keys.find({ _id: { $in: [...subjects] } }).toArray()) keys.set(doc._id, bytesOf(doc.key));
    return keys;
  }

  async destroy(subjects: readonly string[]): Promise<void> {
    await this.keys.deleteMany({ _id: { $in: [...subjects] } });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
