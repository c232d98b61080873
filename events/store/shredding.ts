import type Database from 'better-sqlite3';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { FORGOTTEN, isPersonal, PERSONAL_FIELDS, subjectOf } from '../personal.js';
import type { NewEvent, RecordedEvent } from './port.js';

/**
 * Crypto-shredding of personal fields (events/personal.ts), shared by every EventStore adapter: on append each
 * personal field is sealed with AES-256-GCM under a 256-bit key of the event's subject; on read it is opened again,
 * or, once the subject's key is destroyed, read as FORGOTTEN. The log itself is never rewritten.
 * A sealed value is `sealed:v1:` + base64(iv | tag | ciphertext); the subject, type and field are bound in as
 * associated data, so a value copied into another field or another person's event does not open.
 */
const SEALED = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The keys of subjects: made on first need, destroyed for good on erasure. */
export interface SubjectKeys {
  /** The keys of `subjects` that exist; with `create`, a missing one is made. */
  keysOf(subjects: readonly string[], create: boolean): Promise<Map<string, Buffer>>;
  /** Destroys the keys: what they sealed can never be read again. */
  destroy(subjects: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export const newSubjectKey = () => randomBytes(32);

const aad = (subject: string, type: string, field: string) => Buffer.from(`${subject}\n${type}\n${field}`);

function seal(key: Buffer, associated: Buffer, value: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/**
 * The value, or FORGOTTEN when the key is gone, or is a later key of the same subject (one made after the subject was
 * forgotten, for its new events), under which the old value does not authenticate.
 */
function open(key: Buffer | undefined, associated: Buffer, value: string): string {
  if (!key) return FORGOTTEN;
  const bytes = Buffer.from(value.slice(SEALED.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(associated);
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return FORGOTTEN;
  }
}

/** The subjects whose keys sealing these events needs (one appended batch). */
export const subjectsToSeal = (stream: string, events: readonly NewEvent[]) =>
  [...new Set(events.map((e) => subjectOf(e.type, e.data, stream)).filter((s): s is string => s !== undefined))];

/** The events with their personal fields sealed; `keyOf` gives (or makes) the subject's key. */
export function sealEvents(stream: string, events: NewEvent[], keyOf: (subject: string) => Buffer): NewEvent[] {
  return events.map((event) => {
    const fields = PERSONAL_FIELDS[event.type as keyof typeof PERSONAL_FIELDS];
    const subject = subjectOf(event.type, event.data, stream);
    if (!fields || !subject) return event;
    const data = { ...(event.data as Record<string, unknown>) };
    let key: Buffer | undefined;
    for (const field of fields) {
      const value = data[field];
      if (!isPersonal(event.type, value)) continue;
      key ??= keyOf(subject);
      data[field] = seal(key, aad(subject, event.type, field), value);
    }
    return key ? { ...event, data } : event;
  });
}

/** The subject whose key opens this stored event, when it holds sealed fields. */
export function subjectToOpen(event: RecordedEvent): string | undefined {
  const fields = PERSONAL_FIELDS[event.type as keyof typeof PERSONAL_FIELDS];
  if (!fields) return undefined;
  const data = event.data as Record<string, unknown>;
  return fields.some((f) => typeof data[f] === 'string' && (data[f]).startsWith(SEALED)) ? subjectOf(event.type, data, event.stream) : undefined;
}

/** The event with its sealed fields opened; a field whose subject's key is gone reads FORGOTTEN. */
export function openEvent(event: RecordedEvent, keyOf: (subject: string) => Buffer | undefined): RecordedEvent {
  const subject = subjectToOpen(event);
  if (!subject) return event;
  const key = keyOf(subject);
  const data = { ...(event.data as Record<string, unknown>) };
  for (const field of PERSONAL_FIELDS[event.type as keyof typeof PERSONAL_FIELDS]!) {
    const value = data[field];
    if (typeof value === 'string' && value.startsWith(SEALED)) data[field] = open(key, aad(subject, event.type, field), value);
  }
  return { ...event, data };
}

/**
 * Keys in a table of a SQLite file: the log's own file on the embedded default (created in the append's own
 * transaction), or a file of their own beside another log. A destroyed key's bytes are overwritten (secure_delete)
 * and the WAL that held them is truncated.
 */
export class SqliteSubjectKeys implements SubjectKeys {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    db.pragma('secure_delete = ON');
    db.exec('CREATE TABLE IF NOT EXISTS subject_keys (subject TEXT PRIMARY KEY, key BLOB NOT NULL)');
    this.statements = {
      get: db.prepare<[string], { key: Buffer }>('SELECT key FROM subject_keys WHERE subject = ?'),
      insert: db.prepare('INSERT OR IGNORE INTO subject_keys (subject, key) VALUES (?, ?)'),
      remove: db.prepare('DELETE FROM subject_keys WHERE subject = ?'),
    };
  }

  /** The subject's key, or undefined (synchronous: the SQLite log reads and appends with it inside its transactions). */
  get(subject: string): Buffer | undefined {
    return this.statements.get.get(subject)?.key;
  }

  /** The subject's key, made now when missing; inside a write transaction. */
  getOrCreate(subject: string): Buffer {
    const found = this.get(subject);
    if (found) return found;
    this.statements.insert.run(subject, newSubjectKey());
    return this.get(subject)!;
  }

  /** A lookup that asks the table once per subject: for one read call (never kept longer, see destroy). */
  lookup(): (subject: string) => Buffer | undefined {
    const seen = new Map<string, Buffer | undefined>();
    return (subject) => {
      if (!seen.has(subject)) seen.set(subject, this.get(subject));
      return seen.get(subject);
    };
  }

  destroySync(subjects: readonly string[]): void {
    this.db.transaction(() => subjects.forEach((s) => this.statements.remove.run(s))).immediate();
    // The WAL still holds the pages as they were before the delete; truncating it drops them. A reader in the middle
    // of a read can keep the checkpoint from finishing; the workers truncate again once the read models have forgotten.
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async keysOf(subjects: readonly string[], create: boolean): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    const make = () => {
      for (const s of subjects) {
        const key = create ? this.getOrCreate(s) : this.get(s);
        if (key) keys.set(s, key);
      }
    };
    if (create) this.db.transaction(make).immediate();
    else make();
    return keys;
  }

  async destroy(subjects: readonly string[]): Promise<void> {
    this.destroySync(subjects);
  }

  async close(): Promise<void> {}
}
