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

export interface EventStore {
  readonly kind: string;
  /** Atomic for the batch. Events whose id is already stored are skipped (idempotency). */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Every event of one stream in revision order, from `fromRevision` (inclusive, default 0) on; [] for a stream
   * that does not exist or has no event that far.
   */
  readStream(stream: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /** Up to `limit` events after `after` (exclusive) in position order. */
  readAll(after: number, limit: number): Promise<RecordedEvent[]>;
  /** Position of the newest event; 0 for an empty store. */
  headPosition(): Promise<number>;
  /** Catch-up subscription to $all: first the history after `after`, then live events, in position order. */
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}
