/** A fact as it is handed to the store, before it has a place in the log. */
export interface NewEvent<T extends string = string, D = unknown> {
  /** Becomes the stored event's id; a client's Idempotency-Key lands here so a retry is not applied twice. */
  id?: string;
  type: T;
  data: D;
  metadata?: EventMetadata;
}

export interface EventMetadata {
  userId?: string;
  correlationId?: string;
  causationId?: string;
  /** ISO time the command was decided; projections read time from here, never from a clock. */
  at?: string;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata & { at: string };
  stream: string;
  /** 0-based index within its stream. */
  revision: number;
  /** Global, strictly increasing across all streams; the first event ever stored has a position above 0. */
  position: number;
}

/** `no_stream`: the stream must not exist; `any`: no check; a number: the stream's last revision must equal it. */
export type ExpectedRevision = number | 'no_stream' | 'any';

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  revision: number;
  /** Global position of the last event of the batch (or of the existing one, when all were duplicates). */
  position: number;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${expected}, found ${actual}`);
    this.name = 'ConcurrencyError';
  }
}

/**
 * A request's Idempotency-Key as the store keeps it (docs/adr/0005-idempotency-records-live-in-the-event-store.md): one
 * record per key with the hash of the request that first used it, and one entry per append the request made (its
 * `step`), so a retry is recognized whole, append by append, and a different request under the same key is refused.
 */
export interface IdempotentAppend {
  /** The caller's key, already scoped to the caller and the route. */
  key: string;
  /** Hash of the request (route, query and body): the same key with another hash is refused. */
  requestHash: string;
  /** Which append of the request this is (`<stream>#<n>`). */
  step: string;
  /** When the request was decided (ISO); a record older than IDEMPOTENCY_TTL_MS counts as gone. */
  at: string;
}

export interface AppendOptions {
  idempotency?: IdempotentAppend;
}

/** Keys are remembered for 24 hours, as Stripe does; a key reused later is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export const isExpired = (recordedAt: string, now: string) => Date.parse(now) - Date.parse(recordedAt) >= IDEMPOTENCY_TTL_MS;

/** What a key recorded: the request it was first used for and, once sent, the answer to replay. */
export interface IdempotencyRecord {
  requestHash: string;
  at: string;
  answer?: RecordedAnswer;
}

export interface RecordedAnswer {
  status: number;
  body: unknown;
}

/** The key was first used for a different request (another body, query or route). */
export class IdempotencyKeyReused extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used for a different request`);
    this.name = 'IdempotencyKeyReused';
  }
}

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events with a position strictly greater than this; 0 (or omitted) from the very start. */
  after?: number;
  onEvent(event: RecordedEvent): Promise<void> | void;
  /** Called once every event stored when the call came in has been delivered, and after each later batch. */
  onCaughtUp?(position: number): void;
  onError?(error: unknown): void;
}

/**
 * The log: appends (atomic per batch, deduplicated per stream and per request key), reads by stream, by user and
 * of everything in order, and a catch-up subscription.
 */
export interface EventLog {
  readonly kind: string;
  /**
   * Atomic for the batch. With `idempotency`, a step the key already recorded is answered from the record (nothing
   * appended) and a key recorded for another request throws IdempotencyKeyReused. Without it, a batch whose ids are
   * all stored in this stream already is a retry and is answered where it stands. Throws StoreBusy (lowlevel/sqlite.ts) when the log
   * stays locked by someone else past the store's bound.
   */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision, options?: AppendOptions): Promise<AppendResult>;
  /**
   * Every event of one stream in revision order, from `fromRevision` (inclusive, default 0) on; [] for a stream
   * that does not exist or has no event that far.
   */
  readStream(stream: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /**
   * Up to `limit` events of one stream before revision `before` (exclusive; undefined: from its end), newest first;
   * [] for a stream that does not exist: a reader of a stream's latest events (a page of the chat) pays for the page.
   */
  readStreamBackward(stream: string, before: number | undefined, limit: number): Promise<RecordedEvent[]>;
  /**
   * Up to `limit` events after `after` (exclusive) in position order; with `types`, only events of those types (as
   * read, i.e. after upcasting), so a rebuild does not fetch and parse what no projection reads.
   */
  readAll(after: number, limit: number, types?: readonly string[]): Promise<RecordedEvent[]>;
  /**
   * The events after `after`, page after page of up to `pageSize` (as `readAll`, `types` alike) until a read finds
   * no more: for a reader of the whole log (a rebuild, the analytics replay). A store may read the next pages while
   * the caller works on this one. Leaving the loop early stops the reading.
   */
  readPages(after: number, pageSize: number, types?: readonly string[]): AsyncIterable<RecordedEvent[]>;
  /** Every event whose data names `userId` (`data.userId`), in position order: one user's whole history. */
  readUser(userId: string): Promise<RecordedEvent[]>;
  /**
   * `readUser` page after page, each of up to `pageSize` events (fewer when they are large: a store may bound a page's
   * bytes, but a page is never empty), until the history read so far is through: for a reader that answers a
   * person's whole history without holding it (the exports). Leaving the loop early stops the reading.
   */
  readUserPages(userId: string, pageSize: number): AsyncIterable<RecordedEvent[]>;
  /** Position of the newest event; 0 for an empty store. */
  headPosition(): Promise<number>;
  /** Catch-up subscription to $all: first the history after `after`, then live events, in position order. */
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/** The answers sent to keyed requests, replayed to a retry of the same request (services/platform/idempotency.ts). */
export interface AnswerRecords {
  /** The live (under 24 h old at `now`) record of a key, if any. */
  idempotencyRecord(key: string, now: string): Promise<IdempotencyRecord | undefined>;
  /** Remembers the answer sent for a key's request (creating the record when the request appended nothing). */
  recordAnswer(key: string, requestHash: string, at: string, answer: RecordedAnswer): Promise<void>;
}

/** The keys that open the person's sealed fields (events/personal.ts), destroyed at erasure. */
export interface KeyVault {
  /**
   * Erasure: destroys the keys of `subjects` (events/personal.ts), so their personal fields read as FORGOTTEN from
   * now on, in every read and every replay, and drops the idempotency records (with their stored answers) of
   * requests `caller` made. The log is not rewritten, but for one thing: the embedded SQLite log rewrites the subjects'
   * events appended before their personal fields were all sealed to what they read as once forgotten (sqlite.ts);
   * an EventStoreDB log cannot be rewritten, and such events keep their words there.
   */
  forget(subjects: readonly string[], caller: string): Promise<void>;
}

/**
 * What a store adapter provides: the log, the answers of keyed requests and the key vault, in one database, because
 * a request's key is recorded in the same transaction as the events it appended, and a subject's key must go in the
 * same place as the sealed events it opens (with the requests that quoted them). Code that needs only one of them
 * asks for that one.
 */
export interface EventStore extends EventLog, AnswerRecords, KeyVault {}

/** `readPages` as consecutive `readAll` calls, for a store with nothing better to offer. */
export async function* pagesOfReadAll(store: EventLog, after: number, pageSize: number, types?: readonly string[]): AsyncIterable<RecordedEvent[]> {
  for (let from = after; ; ) {
    const page = await store.readAll(from, pageSize, types);
    if (page.length === 0) return;
    yield page;
    from = page[page.length - 1]!.position;
  }
}
