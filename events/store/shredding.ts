import type Database from 'better-sqlite3';
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import type { EventType } from '../catalog.js';
import { DISTINCT_WHEN_FORGOTTEN, FORGOTTEN, isPersonal, PERSONAL_FIELDS, RETIRED_PERSONAL_TYPES, subjectOf } from '../personal.js';
import type { NewEvent, RecordedEvent } from './port.js';
import { aad, eventAad, IV_BYTES, SEALED_EVENT, SEALED_FIELD, unseal } from './unseal.mjs';

/**
 * Crypto-shredding of personal fields (events/personal.ts), shared by every EventStore adapter: on append the values
 * at an event's personal paths are sealed together, as one JSON value, with AES-256-GCM under a 256-bit key of the
 * event's subject, into the data field `sealed` (`sealed:v2:` + base64(iv | tag | ciphertext)); in their places the
 * stored event holds what they read as once forgotten (FORGOTTEN, `{}`, or a stand-in of the value,
 * events/personal.ts), so the stored data still fits its schema. On read the values are put back, or, once the
 * subject's key is destroyed, the stand-ins stay and `sealed` is dropped. One seal per event, however many sets an
 * import's batch holds. The subject and type are bound in as associated data, so a value copied into another event
 * does not open.
 *
 * Events appended before nested fields were sealed hold each top-level personal field sealed on its own
 * (`sealed:v1:` in the field itself) and the rest in plain text; they are read as before, and an erasure rewrites
 * what is plain in them where the log allows it (`forgottenForm`, SqliteEventStore.forget).
 */
/** The data field of a stored event that holds its sealed values; never in an event as read. */
const ENVELOPE = 'sealed';

/** The keys of subjects: made on first need, destroyed for good on erasure. */
export interface SubjectKeys {
  /** The keys of `subjects` that exist; with `create`, a missing one is made. */
  keysOf(subjects: readonly string[], create: boolean): Promise<Map<string, Buffer>>;
  /** Destroys the keys: what they sealed can never be read again. */
  destroy(subjects: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export const newSubjectKey = () => randomBytes(32);

function seal(key: Buffer, associated: Buffer, value: string, prefix: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** A personal path's end: the field as it is listed (events/personal.ts) and whether it reads as a stand-in of its own. */
interface Leaf {
  path: string;
  distinct: boolean;
}
/** The personal paths of a type as a tree, in the order they are listed: a field is a leaf, or an array to go through. */
type Branch = [field: string, step: { leaf: Leaf } | { each: Branch }][];

function branchOf(type: EventType, paths: readonly string[]): Branch {
  const root: Branch = [];
  for (const path of paths) {
    const fields = path.split('[].');
    let branch = root;
    fields.forEach((field, i) => {
      if (i === fields.length - 1) return branch.push([field, { leaf: { path, distinct: DISTINCT_WHEN_FORGOTTEN[type]?.has(path) ?? false } }]);
      let found = branch.find(([f, step]) => f === field && 'each' in step)?.[1] as { each: Branch } | undefined;
      if (!found) branch.push([field, (found = { each: [] })]);
      branch = found.each;
    });
  }
  return root;
}

const BRANCHES = new Map<string, Branch>(Object.entries(PERSONAL_FIELDS).map(([type, paths]) => [type, branchOf(type as EventType, paths)]));
for (const [retired, successor] of Object.entries(RETIRED_PERSONAL_TYPES)) BRANCHES.set(retired, BRANCHES.get(successor)!);

/**
 * A copy of `node` with each leaf of `branch` replaced by what `visit` makes of it (the objects and arrays on the way
 * are copied, nothing of the caller's is changed), visited in the branch's order, the elements of an array in theirs:
 * sealing and opening meet the values in the same order.
 */
function rewrite(node: unknown, branch: Branch, visit: (value: unknown, leaf: Leaf) => unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const copy: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  for (const [field, step] of branch) {
    const value = copy[field];
    if ('leaf' in step) {
      const next = visit(value, step.leaf);
      if (next !== value) copy[field] = next;
    } else if (Array.isArray(value)) copy[field] = value.map((item) => rewrite(item, step.each, visit));
  }
  return copy;
}

/** What an event's seal holds: its distinct personal values, and for each leaf met the place of its value (-1: none). */
export interface Sealed {
  values: unknown[];
  at: number[];
}

/** A stand-in of a value for one subject: a keyed hash, which cannot be told from the value once the key is gone. */
const standIn = (key: Buffer, value: string) => `${FORGOTTEN} ${createHmac('sha256', key).update(value).digest('hex').slice(0, 16)}`;

/** What a personal value reads as once forgotten, and is stored as in its place (events/personal.ts). */
const forgottenValue = (value: string | object, leaf: Leaf, standInOf: (value: string) => string): unknown =>
  typeof value !== 'string' ? {} : leaf.distinct ? standInOf(value) : FORGOTTEN;

/** The subjects whose keys sealing these events needs (one appended batch). */
export const subjectsToSeal = (stream: string, events: readonly NewEvent[]) =>
  [...new Set(events.map((e) => subjectOf(e.type, e.data, stream)).filter((s): s is string => s !== undefined))];

/**
 * The events with their personal fields sealed; `keyOf` gives (or makes) the subject's key. An event with personal
 * fields and no subject is refused: its words could never be forgotten.
 */
export function sealEvents(stream: string, events: NewEvent[], keyOf: (subject: string) => Buffer): NewEvent[] {
  const standIns = new Map<string, Map<string, string>>();
  return events.map((event) => {
    const branch = BRANCHES.get(event.type);
    if (!branch) return event;
    const subject = subjectOf(event.type, event.data, stream);
    if (!subject) throw new Error(`${event.type} holds personal fields and names no user whose key could seal them`);
    let key: Buffer | undefined;
    let madeFor = standIns.get(subject);
    if (!madeFor) standIns.set(subject, (madeFor = new Map<string, string>()));
    // Each distinct value once, and for each leaf met its value's place (-1: left as stored): an import's batch
    // names the same few exercises thousands of times.
    const distinct: unknown[] = [];
    const places = new Map<unknown, number>();
    const at: number[] = [];
    const standInOf = (value: string) => {
      let made = madeFor.get(value);
      if (made === undefined) madeFor.set(value, (made = standIn(key!, value)));
      return made;
    };
    const data = rewrite(event.data, branch, (value, leaf) => {
      if (!isPersonal(event.type, value)) {
        at.push(-1);
        return value;
      }
      key ??= keyOf(subject);
      let place = places.get(value);
      if (place === undefined) places.set(value, (place = distinct.push(value) - 1));
      at.push(place);
      return forgottenValue(value, leaf, standInOf);
    }) as Record<string, unknown>;
    if (distinct.length === 0) return event;
    data[ENVELOPE] = seal(key!, eventAad(subject, event.type), JSON.stringify({ values: distinct, at } satisfies Sealed), SEALED_EVENT);
    return { ...event, data };
  });
}

/** The stored types whose events may hold personal values, retired ones included: what an erasure looks through. */
export const typesWithPersonalFields = () => [...BRANCHES.keys()];

/**
 * The stored data of an event appended before its fields were sealed together (it has no `sealed`), with each
 * personal value still in plain text replaced by what it reads as once forgotten (stand-ins made under `key`), or
 * undefined when it holds none. Top-level fields sealed on their own stay as they are.
 */
export function forgottenForm(type: string, data: Record<string, unknown>, key: Buffer): Record<string, unknown> | undefined {
  const branch = BRANCHES.get(type);
  if (!branch || typeof data[ENVELOPE] === 'string') return undefined;
  const standIns = new Map<string, string>();
  const standInOf = (value: string) => {
    let made = standIns.get(value);
    if (made === undefined) standIns.set(value, (made = standIn(key, value)));
    return made;
  };
  let changed = false;
  const forgotten = rewrite(data, branch, (value, leaf) => {
    if (!isPersonal(type, value) || (typeof value === 'string' && value.startsWith(SEALED_FIELD))) return value;
    changed = true;
    return forgottenValue(value, leaf, standInOf);
  }) as Record<string, unknown>;
  return changed ? forgotten : undefined;
}

/** The top-level personal fields of each type, where events appended before nested ones were sealed hold them sealed. */
const TOP_LEVEL = new Map(Object.entries(PERSONAL_FIELDS).map(([type, paths]) => [type, paths.filter((path) => !path.includes('[]'))]));
const topLevel = (type: string): readonly string[] => TOP_LEVEL.get(type) ?? [];

/** The subject whose key opens this stored event, when it holds sealed fields. */
export function subjectToOpen(event: RecordedEvent): string | undefined {
  if (!BRANCHES.has(event.type)) return undefined;
  const data = event.data as Record<string, unknown>;
  const sealed = typeof data[ENVELOPE] === 'string' || topLevel(event.type).some((f) => typeof data[f] === 'string' && (data[f]).startsWith(SEALED_FIELD));
  return sealed ? subjectOf(event.type, data, event.stream) : undefined;
}

/** The data with the values of its seal put back in their places. */
function withSealed(type: string, data: Record<string, unknown>, { values, at }: Sealed): Record<string, unknown> {
  let leaf = 0;
  return rewrite(data, BRANCHES.get(type)!, (value) => {
    const place = at[leaf++] ?? -1;
    return place < 0 ? value : values[place];
  }) as Record<string, unknown>;
}

/**
 * The event with its sealed fields opened; one whose subject's key is gone reads as forgotten (events/personal.ts).
 * `opened`: its one seal, opened already by the log reader thread (sqliteLogReader.mjs), which opens only events with
 * no field sealed on its own and may have taken the seal out of the data; `keyOf` is then not asked.
 */
export function openEvent(event: RecordedEvent, keyOf: (subject: string) => Buffer | undefined, opened?: Sealed): RecordedEvent {
  if (opened !== undefined) {
    const data = event.data as Record<string, unknown>;
    if (!(ENVELOPE in data)) return { ...event, data: withSealed(event.type, data, opened) };
    const { [ENVELOPE]: _, ...stored } = data;
    return { ...event, data: withSealed(event.type, stored, opened) };
  }
  const subject = subjectToOpen(event);
  if (!subject) return event;
  const { [ENVELOPE]: envelope, ...stored } = event.data as Record<string, unknown>;
  let data = stored;
  if (typeof envelope === 'string') {
    const text = unseal(keyOf(subject), eventAad(subject, event.type), envelope, SEALED_EVENT);
    if (text !== undefined) data = withSealed(event.type, data, JSON.parse(text) as Sealed);
  }
  for (const field of topLevel(event.type)) {
    const value = data[field];
    if (typeof value === 'string' && value.startsWith(SEALED_FIELD)) data[field] = unseal(keyOf(subject), aad(subject, event.type, field), value, SEALED_FIELD) ?? FORGOTTEN;
  }
  return { ...event, data };
}

/** The keys of the subjects in a JSON array, as rows of subject and key (the log reader thread runs it too). */
export const FOUND_KEYS = 'SELECT subject, key FROM subject_keys WHERE subject IN (SELECT value FROM json_each(?))';

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
      found: db.prepare<[string], { subject: string; key: Buffer }>(FOUND_KEYS),
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

  /** The keys of those of `subjects` that have one, in one query: for one read call (never kept longer, see destroy). */
  found(subjects: readonly string[]): Map<string, Buffer> {
    return new Map(this.statements.found.all(JSON.stringify(subjects)).map((row) => [row.subject, row.key]));
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
