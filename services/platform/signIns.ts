import type Database from 'better-sqlite3';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { openSqliteFile, whenWritable, DEFAULT_WRITE_WAIT_MS } from '../../lowlevel/sqlite.js';

/** One signed-in device: what a session token names in its `sid` claim, and what /prof lists. */
export interface SignIn {
  id: string;
  userId: string;
  /** ISO time of the login. */
  signedInAt: string;
  /** The browser's User-Agent at login (cut to 300 characters), to tell the devices apart. */
  userAgent: string;
}

/**
 * Where live sign-ins are kept, shared by every instance: Redis when `REDIS_URL` is set, else the SQLite file in
 * DATA_DIR. A token whose sign-in is not here is refused, so ending a sign-in ends its token everywhere. Sign-ins
 * are not events: they are operational state with a device's User-Agent in it, which has no business in the
 * permanent log, and a device signed out leaves nothing behind.
 */
export interface SignInStore {
  readonly kind: string;
  /** Records a new sign-in and returns it. */
  start(userId: string, userAgent: string, at: Date): Promise<SignIn>;
  isLive(id: string): Promise<boolean>;
  /** The user's live sign-ins, oldest first. */
  list(userId: string): Promise<SignIn[]>;
  /** Ends one sign-in of the user; false when the user has no such sign-in (someone else's counts as none). */
  end(userId: string, id: string): Promise<boolean>;
  /** Ends every sign-in of the user but `keep`. */
  endAll(userId: string, keep?: string): Promise<void>;
  close(): Promise<void>;
}

const userAgentOf = (raw: string | undefined) => (raw ?? '').slice(0, 300);

/** Sign-ins in a table of the embedded SQLite file; rows older than a token's lifetime are dropped as it goes. */
export class SqliteSignIns implements SignInStore {
  readonly kind = 'sqlite';
  private db?: Database.Database;

  constructor(
    private readonly file: string,
    private readonly ttlSeconds: number,
    private readonly writeWaitMs = DEFAULT_WRITE_WAIT_MS,
  ) {}

  // Opened on first use: the workers hold Tokens for mail links only and never touch sign-ins.
  private open(): Database.Database {
    if (this.db) return this.db;
    // A deleted row's bytes are overwritten, not left in a free page (an ended sign-in names a device): the file's
    // connections all do that.
    const db = openSqliteFile(this.file, (db) =>
      db.exec(`CREATE TABLE IF NOT EXISTS sign_ins (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, signed_in_at TEXT NOT NULL, user_agent TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS sign_ins_by_user ON sign_ins (user_id);`),
    );
    this.db = db;
    return db;
  }

  async start(userId: string, userAgent: string, at: Date): Promise<SignIn> {
    const db = this.open();
    const signIn = { id: randomUUID(), userId, signedInAt: at.toISOString(), userAgent: userAgentOf(userAgent) };
    const expired = new Date(Date.now() - this.ttlSeconds * 1000).toISOString();
    await whenWritable(
      () =>
        db
          .transaction(() => {
            db.prepare('DELETE FROM sign_ins WHERE user_id = ? AND signed_in_at < ?').run(userId, expired);
            db.prepare('INSERT INTO sign_ins (id, user_id, signed_in_at, user_agent) VALUES (?, ?, ?, ?)').run(signIn.id, userId, signIn.signedInAt, signIn.userAgent);
          })
          .immediate(),
      this.writeWaitMs,
    );
    return signIn;
  }

  async isLive(id: string): Promise<boolean> {
    return this.open().prepare('SELECT 1 FROM sign_ins WHERE id = ?').get(id) !== undefined;
  }

  async list(userId: string): Promise<SignIn[]> {
    const rows = this.open()
      .prepare<[string], { id: string; signed_in_at: string; user_agent: string }>('SELECT id, signed_in_at, user_agent FROM sign_ins WHERE user_id = ? ORDER BY signed_in_at, id')
      .all(userId);
    return rows.map((r) => ({ id: r.id, userId, signedInAt: r.signed_in_at, userAgent: r.user_agent }));
  }

  async end(userId: string, id: string): Promise<boolean> {
    const db = this.open();
    const info = await whenWritable(() => db.prepare('DELETE FROM sign_ins WHERE id = ? AND user_id = ?').run(id, userId), this.writeWaitMs);
    return info.changes > 0;
  }

  async endAll(userId: string, keep?: string): Promise<void> {
    const db = this.open();
    await whenWritable(() => db.prepare('DELETE FROM sign_ins WHERE user_id = ? AND id != ?').run(userId, keep ?? ''), this.writeWaitMs);
  }

  async close(): Promise<void> {
    this.db?.close();
    this.db = undefined;
  }
}

/** Sign-ins in Redis: `sign-in:<id>` (JSON, expiring with the token) and the set `sign-ins:<userId>` of the ids. */
export class RedisSignIns implements SignInStore {
  readonly kind = 'redis';

  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  async start(userId: string, userAgent: string, at: Date): Promise<SignIn> {
    const signIn = { id: randomUUID(), userId, signedInAt: at.toISOString(), userAgent: userAgentOf(userAgent) };
    await this.redis
      .multi()
      .set(`sign-in:${signIn.id}`, JSON.stringify(signIn), 'EX', this.ttlSeconds)
      .sadd(`sign-ins:${userId}`, signIn.id)
      .expire(`sign-ins:${userId}`, this.ttlSeconds)
      .exec();
    return signIn;
  }

  async isLive(id: string): Promise<boolean> {
    return (await this.redis.exists(`sign-in:${id}`)) === 1;
  }

  async list(userId: string): Promise<SignIn[]> {
    const ids = await this.redis.smembers(`sign-ins:${userId}`);
    if (ids.length === 0) return [];
    const values = await this.redis.mget(ids.map((id) => `sign-in:${id}`));
    const gone = ids.filter((_, i) => values[i] === null);
    if (gone.length > 0) await this.redis.srem(`sign-ins:${userId}`, ...gone);
    return values
      .filter((v): v is string => v !== null)
      .map((v) => JSON.parse(v) as SignIn)
      .sort((a, b) => a.signedInAt.localeCompare(b.signedInAt) || a.id.localeCompare(b.id));
  }

  async end(userId: string, id: string): Promise<boolean> {
    if ((await this.redis.srem(`sign-ins:${userId}`, id)) === 0) return false;
    await this.redis.del(`sign-in:${id}`);
    return true;
  }

  async endAll(userId: string, keep?: string): Promise<void> {
    const ids = (await this.redis.smembers(`sign-ins:${userId}`)).filter((id) => id !== keep);
    if (ids.length === 0) return;
    await this.redis
      .multi()
      .del(...ids.map((id) => `sign-in:${id}`))
      .srem(`sign-ins:${userId}`, ...ids)
      .exec();
  }

  async close(): Promise<void> {}
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android": the browser and system a User-Agent names, in words a person recognizes their device by. */
export function describeDevice(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}
