import Database from 'better-sqlite3';
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { SignJWT } from 'jose';
import { newEvent, type AppEvent, type AppNewEvent } from '../../events/catalog.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { userStream } from '../../events/streams.js';
import { signUp } from '../../services/command/src/accounts/decide.js';
import { newAccountOf, signupInput } from '../../services/command/src/accounts/signupInput.js';
import { user } from '../../services/command/src/accounts/user.js';
import { load, snapshots, withIds } from '../../services/command/src/execute.js';
import { Tokens } from '../../services/platform/auth.js';
import { SqliteSignIns } from '../../services/platform/signIns.js';
import { SqliteReadModelStore } from '../../services/query/src/store/sqlite.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

/** The real SQLite store, recording which revision each readStream started from. */
class RecordingStore extends SqliteEventStore {
  readonly reads: number[] = [];
  override readStream(stream: string, fromRevision = 0) {
    this.reads.push(fromRevision);
    return super.readStream(stream, fromRevision);
  }
}

describe('hot paths', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perf-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('command snapshots', () => {
    const userId = randomUUID();
    const stream = userStream(userId);
    const input = signupInput.parse({ email: `${userId}@example.com`, username: null, password: 'secret123', age: 30, height: 66, weight: 160, primaryGoal: 'Lose weight', activityLevel: 'Very active', timeZone: 'UTC' });
    const measured = (i: number) =>
      newEvent('MeasurementRecorded', { userId, measuredAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), weightLb: 150 + i / 10, bodyFatPercentage: null, musclePercentage: null });
    const append = async (store: SqliteEventStore, events: AppNewEvent[]) =>
      store.append(stream, withIds({ metadata: { userId } }, events), 'any');
    const fullFold = async (store: SqliteEventStore) => ((await store.readStream(stream)) as AppEvent[]).reduce(user.evolve, user.initialState);

    it('a load folds only the events after its snapshot, and gives the state a fold from revision 0 gives', async () => {
      // Given a user stream of 300 events, loaded once (which keeps a snapshot at its last revision)
      const store = new RecordingStore(path.join(dir, 'events.db'));
      try {
        const signedUp = signUp(user.initialState, { userId, ...newAccountOf(input), passwordHash: 'hash', now: '2026-01-01T00:00:00.000Z' });
        await append(store, signedUp);
        await append(store, Array.from({ length: 300 - signedUp.length }, (_, i) => measured(i)));
        const first = await load(store, stream, user);
        expect(first.expected).to.equal(299);
        expect(snapshots.get(store, user, stream)?.revision).to.equal(299);

        // When two more events are appended, through another connection to the same file (as another process would)
        const other = new SqliteEventStore(path.join(dir, 'events.db'));
        const appended = await append(other, [measured(1000), measured(1001)]);
        await other.close();
        store.reads.length = 0;
        const second = await load(store, stream, user);

        // Then the load read from the snapshot's revision on, and its state is the full fold's
        expect(store.reads).to.deep.equal([299]);
        expect(second).to.deep.equal({ state: await fullFold(store), expected: 301, position: appended.position });
        expect((second.state as { measured: { weightLb: number } }).measured.weightLb).to.equal(250.1);
      } finally {
        await store.close();
      }
    });

    it('a snapshot that does not match the log is dropped for a fold from revision 0', async () => {
      // Given a stream and a snapshot whose last event is not the log's event at its revision
      const store = new RecordingStore(path.join(dir, 'events.db'));
      try {
        const signedUp = signUp(user.initialState, { userId, ...newAccountOf(input), passwordHash: 'hash', now: '2026-01-01T00:00:00.000Z' });
        await append(store, [...signedUp, measured(1)]);
        snapshots.keep(store, user, stream, { state: user.initialState, revision: 1, lastEventId: randomUUID(), position: 2 });

        // When it is loaded
        store.reads.length = 0;
        const loaded = await load(store, stream, user);

        // Then the stream was read again from 0 and the state is the full fold
        expect(store.reads).to.deep.equal([1, 0]);
        expect(loaded.state).to.deep.equal(await fullFold(store));
        expect(loaded.state.status).to.equal('unverified');
      } finally {
        await store.close();
      }
    });
  });

  describe('verified-token cache', () => {
    it('answers a token it verified until the token expires, then refuses it', async () => {
      // Given a session token that expires in 2 seconds, verified once
      const tokens = new Tokens(SECRET, 3600, new SqliteSignIns(':memory:', 3600));
      const exp = Math.floor(Date.now() / 1000) + 2;
      const token = await new SignJWT({ name: 'Ann', role: 1, sid: 's-1' }).setProtectedHeader({ alg: 'HS256' }).setSubject('u-1').setExpirationTime(exp).sign(new TextEncoder().encode(SECRET));
      expect(await tokens.verifySessionCached(token)).to.deep.equal({ id: 'u-1', name: 'Ann', role: 1, sid: 's-1' });
      expect(await tokens.verifySessionCached(token)).to.deep.equal({ id: 'u-1', name: 'Ann', role: 1, sid: 's-1' });

      // When its exp has passed
      await delay(Math.max(0, exp * 1000 - Date.now()) + 50);

      // Then the cached answer is not given: the token is refused
      expect(await tokens.verifySessionCached(token)).to.equal(undefined);
    });

    it('never remembers a token that failed: a changed signature is refused every time', async () => {
      const tokens = new Tokens(SECRET, 3600, new SqliteSignIns(':memory:', 3600));
      const token = await tokens.session({ id: 'u-1', name: 'Ann', role: 1 }, 's-1');
      expect(await tokens.verifySessionCached(token)).to.deep.include({ id: 'u-1' });
      const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(await tokens.verifySessionCached(forged)).to.equal(undefined);
      expect(await tokens.verifySessionCached(forged)).to.equal(undefined);
    });
  });

  describe('parsed-doc cache of the SQLite read models', () => {
    it("moves a reader's version mark when another store of this process commits, and only then", async () => {
      // Given two stores on one file, and the reader's mark
      const file = path.join(dir, 'read-models.db');
      const writer = new SqliteReadModelStore(file);
      const reader = new SqliteReadModelStore(file);
      try {
        const before = reader.version();
        await Promise.resolve();
        expect(reader.version()).to.equal(before);

        // When the writer commits
        await writer.commit([{ projection: 'profiles', docs: new Map([['u-1', { v: 1 }]]), checkpoint: 10 }]);

        // Then the reader's next mark is another
        expect(reader.version()).to.not.equal(before);
      } finally {
        await writer.close();
        await reader.close();
      }
    });

    it('a reader never answers a doc older than the one stored, when another store of this process wrote it', async () => {
      // Given two stores on one file; the reader has parsed v1
      const file = path.join(dir, 'read-models.db');
      const writer = new SqliteReadModelStore(file);
      const reader = new SqliteReadModelStore(file);
      try {
        await writer.commit([{ projection: 'profiles', docs: new Map([['u-1', { v: 1, tags: ['a'] }]]), checkpoint: 10 }]);
        expect(await reader.get('profiles', 'u-1')).to.deep.equal({ v: 1, tags: ['a'] });

        // When the writer commits v2 at a later position
        await writer.commit([{ projection: 'profiles', docs: new Map([['u-1', { v: 2, tags: ['b'] }]]), checkpoint: 11 }]);

        // Then the reader answers v2 at once, and after a delete, nothing
        expect(await reader.get('profiles', 'u-1')).to.deep.equal({ v: 2, tags: ['b'] });
        await writer.commit([{ projection: 'profiles', docs: new Map([['u-1', undefined]]), checkpoint: 12 }]);
        expect(await reader.get('profiles', 'u-1')).to.equal(undefined);
      } finally {
        await writer.close();
        await reader.close();
      }
    });

    it("the same for an owner's chunks, and for what the reader's own connection commits", async () => {
      const file = path.join(dir, 'read-models.db');
      const writer = new SqliteReadModelStore(file);
      const reader = new SqliteReadModelStore(file);
      try {
        await writer.commit([{ projection: 'logins', docs: new Map([['u-1/000000', { at: ['a'] }]]), checkpoint: 10 }]);
        expect(await reader.range('logins', 'u-1/')).to.deep.equal([{ at: ['a'] }]);
        expect(await reader.get('logins', 'u-1/000001')).to.equal(undefined);

        await writer.commit([{ projection: 'logins', docs: new Map([['u-1/000001', { at: ['b'] }]]), checkpoint: 11 }]);
        expect(await reader.range('logins', 'u-1/')).to.deep.equal([{ at: ['a'] }, { at: ['b'] }]);
        expect(await reader.get('logins', 'u-1/000001')).to.deep.equal({ at: ['b'] });

        await reader.commit([{ projection: 'logins', docs: new Map([['u-1/000000', { at: ['a', 'c'] }]]), checkpoint: 12 }]);
        expect(await reader.range('logins', 'u-1/')).to.deep.equal([{ at: ['a', 'c'] }, { at: ['b'] }]);
        expect(await reader.get('logins', 'u-1/000000')).to.deep.equal({ at: ['a', 'c'] });
      } finally {
        await writer.close();
        await reader.close();
      }
    });

    it("sees another process's commit from its next turn, and at once once it has read the checkpoints", async () => {
      // Given a reader that has read v1, and a connection of its own standing for another process (its commits are
      // known to the reader only through SQLite's data_version)
      const file = path.join(dir, 'read-models.db');
      const reader = new SqliteReadModelStore(file);
      const other = new Database(file);
      const write = (v: number, position: number) => {
        other.prepare('UPDATE read_models SET doc = ?, position = ? WHERE collection = ? AND key = ?').run(JSON.stringify({ v }), position, 'profiles', 'u-1');
        other.prepare('UPDATE checkpoints SET position = ? WHERE projection = ?').run(position, 'profiles');
      };
      try {
        await reader.commit([{ projection: 'profiles', docs: new Map([['u-1', { v: 1 }]]), checkpoint: 10 }]);
        await new Promise(setImmediate);
        const before = reader.version();
        expect(await reader.get('profiles', 'u-1')).to.deep.equal({ v: 1 });

        // When the other process commits v2 within the reader's turn
        write(2, 11);

        // Then the reader answers v2 from its next turn on
        await new Promise(setImmediate);
        expect(reader.version()).to.not.equal(before);
        expect(await reader.get('profiles', 'u-1')).to.deep.equal({ v: 2 });

        // And a reader that learns of a commit from the checkpoints (a GET waiting for X-Min-Position) answers what
        // they count, in the same turn
        write(3, 12);
        expect((await reader.checkpoints(['profiles'])).get('profiles')).to.equal(12);
        expect(await reader.get('profiles', 'u-1')).to.deep.equal({ v: 3 });
      } finally {
        other.close();
        await reader.close();
      }
    });

    it('hands out one shared copy that cannot be changed in place', async () => {
      const store = new SqliteReadModelStore(path.join(dir, 'read-models.db'));
      try {
        await store.commit([{ projection: 'profiles', docs: new Map([['u-1', { v: 1, tags: ['a'] }]]), checkpoint: 10 }]);
        const doc = await store.get<{ tags: string[] }>('profiles', 'u-1');
        expect(() => doc!.tags.push('b')).to.throw(TypeError);
        expect(await store.get('profiles', 'u-1')).to.deep.equal({ v: 1, tags: ['a'] });
      } finally {
        await store.close();
      }
    });
  });
});
