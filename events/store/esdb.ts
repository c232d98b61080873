import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { upcast, validateForAppend } from '../catalog.js';
import { openEvent, sealEvents, subjectsToSeal, subjectToOpen, type SubjectKeys } from './shredding.js';
import {
  ConcurrencyError,
  IdempotencyKeyReused,
  isExpired,
  pagesOfReadAll,
  type AppendOptions,
  type AppendResult,
  type IdempotencyRecord,
  type RecordedAnswer,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.js';

const PAGE = 500;
/** The subscription stops reading from the server while this many events wait for `onEvent`. */
const QUEUE_HIGH = 1000;
const RETRY_MS = 1000;

/**
 * Our positions are JS numbers: the event's commit position in the transaction log (a byte offset). They stay
 * exact below 2^53, i.e. for a log under 8 PiB; past that we fail loudly rather than hand out positions that
 * collide. Each event appended over gRPC has a commit position of its own (commit = prepare unless the legacy
 * TCP transactions were used, which this app never does), so it identifies the event.
 */
function toPosition(commit: bigint): number {
  if (commit > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`EventStoreDB position ${commit} is beyond 2^53`);
  return Number(commit);
}
const logPosition = (position: number): ReadPosition =>
  position > 0 ? { commit: BigInt(position), prepare: BigInt(position) } : START;

/** System events (`$`-types, links) and events of `$`-streams are the server's, never the app's. */
const isAppEvent = (event: EsdbRecordedEvent) =>
  event.isJson && !event.type.startsWith('$') && !event.streamId.startsWith('$');

/**
 * An Idempotency-Key's records live in a system stream (`$` prefix: admin-only, and skipped by `isAppEvent`, so no
 * projection or subscriber ever sees them); the key is hashed, as it may hold characters a stream name should not.
 */
const keyStream = (key: string) => `$idempotency-${createHash('sha256').update(key).digest('hex')}`;
const KEY_CLAIMED = 'IdempotencyKeyClaimed';
const STEP_DONE = 'IdempotentStepAppended';
const ANSWER_RECORDED = 'IdempotentAnswerRecorded';

/** A stable UUID for a string (EventStoreDB wants UUID event ids). */
function uuidOf(value: string): string {
  const hex = createHash('sha256').update(value).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const toEsdbRevision = (expected: ExpectedRevision): AppendStreamState =>
  expected === 'no_stream' ? NO_STREAM : expected === 'any' ? ANY : BigInt(expected);

/**
 * The event log in EventStoreDB (needs 22.6+ for positions on stream reads, 23.10+ for the `caughtUp` signal of
 * subscriptions). Reading `$all` needs a user allowed to: put admin credentials in the connection string.
 */
export class EsdbEventStore implements EventStore {
  readonly kind = 'esdb';
  private readonly subscriptions = new Set<Subscription>();

  private constructor(
    private readonly client: KurrentDBClient,
    private readonly keys: SubjectKeys,
  ) {}

  /**
   * Connects and reads once, so a wrong URL or missing rights fail at start-up, not on the first command. `keys`
   * hold the subjects' keys of the personal fields (events/store/shredding.ts): they live outside EventStoreDB,
   * whose streams cannot forget a single key for good, in a store that can (MongoDB in the production stack).
   */
  static async connect(url: string, keys: SubjectKeys): Promise<EsdbEventStore> {
    const client = KurrentDBClient.connectionString(url);
    try {
      for await (const _event of client.readAll({ maxCount: 1 })) break;
    } catch (error) {
      await client.dispose();
      throw error;
    }
    return new EsdbEventStore(client, keys);
  }

  /** The events with their personal fields sealed under their subjects' keys (made when missing). */
  private async seal(stream: string, events: NewEvent[]): Promise<NewEvent[]> {
    const keys = await this.keys.keysOf(subjectsToSeal(stream, events), true);
    return sealEvents(stream, events, (subject) => keys.get(subject)!);
  }

  /** The events with their personal fields opened; those of a forgotten subject read FORGOTTEN. */
  private async open(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const subjects = [...new Set(events.map(subjectToOpen).filter((s): s is string => s !== undefined))];
    if (subjects.length === 0) return events;
    const keys = await this.keys.keysOf(subjects, false);
    return events.map((event) => openEvent(event, (subject) => keys.get(subject)));
  }

  /**
   * Destroys the subjects' keys. The caller's idempotency records stay: their streams are named by a hash of the key,
   * which cannot be found from the caller; they expire from use after 24 hours (docs/adr/0005-idempotency-records-live-in-the-event-store.md). Events
   * appended before their personal fields were all sealed keep what is plain in them: EventStoreDB rewrites no event.
   */
  async forget(subjects: readonly string[], _caller: string): Promise<void> {
    await this.keys.destroy(subjects);
  }

  /**
   * EventStoreDB dedupes by event id only when a write is replayed with the expected revision it first had. Our
   * command side retries with the revision it reloaded (after the first write), so we look the ids up in the stream
   * first: all stored is a retry, answered where it stands; some stored is refused, as sqlite does (ids are per
   * stream on both). This costs one extra read of the stream per append, and two retries racing with `any` rely on
   * the server's best-effort dedupe.
   */
  async append(stream: string, plain: NewEvent[], expected: ExpectedRevision, options: AppendOptions = {}): Promise<AppendResult> {
    if (plain.length === 0) throw new Error('append needs at least one event');
    validateForAppend(plain);
    const events = await this.seal(stream, plain);
    const idem = options.idempotency;
    if (!idem) return this.appendBatch(stream, events, expected);
    // EventStoreDB cannot write two streams in one transaction, so the key's stream is written around the events:
    // first the claim (expected revision: the key unused), then the events, then the step. The events' ids derive
    // from key, request and step, so a crash between the events and the step is healed by the id lookup of the
    // retry, which then records the step. A claim by another request answers IdempotencyKeyReused.
    for (let attempt = 0; ; attempt += 1) {
      const record = await this.readKey(idem.key, idem.at);
      if (record.state && record.state.requestHash !== idem.requestHash) throw new IdempotencyKeyReused(idem.key);
      const done = record.state?.steps.get(idem.step);
      if (done) return done;
      if (!record.state) {
        try {
          await this.client.appendToStream(keyStream(idem.key), [jsonEvent({ type: KEY_CLAIMED, data: { requestHash: idem.requestHash, at: idem.at } })], {
            streamState: record.revision === undefined ? NO_STREAM : record.revision,
          });
        } catch (error) {
          // Another attempt of some request claimed the key first: read again and judge by its hash.
          if (error instanceof WrongExpectedVersionError && attempt < 3) continue;
          throw error;
        }
      }
      const derived = events.map((event, index) => ({ ...event, id: uuidOf(`${idem.key}:${idem.requestHash}:${idem.step}:${index}`) }));
      const result = await this.appendBatch(stream, derived, expected);
      await this.client.appendToStream(keyStream(idem.key), [jsonEvent({ type: STEP_DONE, data: { step: idem.step, ...result } })]);
      return result;
    }
  }

  /** The live state of a key's stream; an expired claim reads as none (a new claim then follows it). */
  private async readKey(key: string, now: string) {
    let state: { requestHash: string; at: string; answer?: RecordedAnswer; steps: Map<string, AppendResult> } | undefined;
    let revision: bigint | undefined;
    try {
      for await (const { event } of this.client.readStream(keyStream(key))) {
        if (!event) continue;
        revision = event.revision;
        const data = event.data as { requestHash: string; at: string; step: string; revision: number; position: number; answer: RecordedAnswer };
        if (event.type === KEY_CLAIMED) state = { requestHash: data.requestHash, at: data.at, steps: new Map() };
        else if (event.type === STEP_DONE) state?.steps.set(data.step, { revision: data.revision, position: data.position });
        else if (event.type === ANSWER_RECORDED && state && !state.answer) state.answer = data.answer;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return { state: state && !isExpired(state.at, now) ? state : undefined, revision };
  }

  async idempotencyRecord(key: string, now: string): Promise<IdempotencyRecord | undefined> {
    const { state } = await this.readKey(key, now);
    return state && { requestHash: state.requestHash, at: state.at, answer: state.answer };
  }

  async recordAnswer(key: string, requestHash: string, at: string, answer: RecordedAnswer): Promise<void> {
    const { state, revision } = await this.readKey(key, at);
    if (state && state.requestHash !== requestHash) return;
    const claim = state ? [] : [jsonEvent({ type: KEY_CLAIMED, data: { requestHash, at } })];
    try {
      await this.client.appendToStream(keyStream(key), [...claim, jsonEvent({ type: ANSWER_RECORDED, data: { answer: answer as unknown as JSONType } })], {
        streamState: state ? ANY : revision === undefined ? NO_STREAM : revision,
      });
    } catch (error) {
      // A racing request claimed the key meanwhile; its answer wins.
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
  }

  private async appendBatch(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const batch = events.map((event) => ({ ...event, id: event.id ?? randomUUID() }));
    const lastId = batch[batch.length - 1]!.id;
    const stored = await this.findStored(stream, batch.map((e) => e.id));
    if (stored.size === batch.length) return stored.get(lastId)!;
    // A batch is appended whole or recognized whole as a retry (port.ts), never partly.
    if (stored.size > 0) throw new Error(`stream ${stream}: ${stored.size} of the batch's ${batch.length} events are stored already`);
    const fresh = batch;
    const at = new Date().toISOString();
    try {
      await this.client.appendToStream(
        stream,
        fresh.map(({ id, type, data, metadata }) =>
          jsonEvent({ id, type, data: data as JSONType, metadata: { ...metadata, at: metadata?.at ?? at } }),
        ),
        { streamState: toEsdbRevision(expected) },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const actual = error.actualState === NO_STREAM ? 'no_stream' : Number(error.actualState);
      throw new ConcurrencyError(stream, expected, actual);
    }
    // Read the last event back rather than trusting the append's answer: an idempotent write (a racing retry of
    // this very batch) answers without a position.
    const lastFresh = fresh[fresh.length - 1]!.id;
    const written = (await this.findStored(stream, [lastFresh])).get(lastFresh);
    if (!written) throw new Error(`stream ${stream}: event ${lastFresh} was appended but cannot be found`);
    return written;
  }

  /** Where each of these ids sits in the stream, reading backwards and stopping once all are found. */
  private async findStored(stream: string, ids: string[]): Promise<Map<string, AppendResult>> {
    const wanted = new Set(ids);
    const found = new Map<string, AppendResult>();
    const reading = this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END });
    try {
      for await (const { event, commitPosition } of reading) {
        if (!event || !wanted.has(event.id)) continue;
        found.set(event.id, { revision: Number(event.revision), position: positionOf(event, commitPosition) });
        if (found.size === wanted.size) break;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return found;
      throw error;
    }
    // Leaving the loop early has closed the read.
    return found;
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const { event, commitPosition } of this.client.readStream(stream, { fromRevision: fromRevision > 0 ? BigInt(fromRevision) : START })) {
        if (event) events.push(toRecorded(event, positionOf(event, commitPosition)));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return this.open(events);
  }

  async readStreamBackward(stream: string, before: number | undefined, limit: number): Promise<RecordedEvent[]> {
    if (before !== undefined && before <= 0) return [];
    const events: RecordedEvent[] = [];
    try {
      const from = before === undefined ? END : BigInt(before - 1);
      for await (const { event, commitPosition } of this.client.readStream(stream, { direction: BACKWARDS, fromRevision: from, maxCount: limit })) {
        if (event) events.push(toRecorded(event, positionOf(event, commitPosition)));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return this.open(events);
  }

  /** `$all` has no server-side filter on reads, so system events are skipped here, page after page. */
  async readAll(after: number, limit: number, types?: readonly string[]): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from = logPosition(after);
    // A read from a position may include the event at it: everything at or below `seen` was handled already.
    let seen = BigInt(after);
    while (events.length < limit) {
      const pageSize = Math.max(limit - events.length + 1, PAGE);
      let count = 0;
      let last: Position | undefined;
      for await (const { event } of this.client.readAll({ fromPosition: from, maxCount: pageSize })) {
        count += 1;
        if (!event) continue;
        last = event.position;
        if (event.position.commit <= seen) continue;
        seen = event.position.commit;
        if (events.length < limit && isAppEvent(event)) {
          const recorded = toRecorded(event, toPosition(event.position.commit));
          if (!types || types.includes(recorded.type)) events.push(recorded);
        }
      }
      if (count < pageSize || !last) break;
      from = last;
    }
    return this.open(events);
  }

  /**
   * EventStoreDB has no index on a field of the data, so this reads `$all` through: fine for one export or one
   * time-travel question on a modest log; a server-side projection (by user) would be the next step at scale.
   */
  readPages(after: number, pageSize: number, types?: readonly string[]): AsyncIterable<RecordedEvent[]> {
    return pagesOfReadAll(this, after, pageSize, types);
  }

  async readUser(userId: string): Promise<RecordedEvent[]> {
    const mine: RecordedEvent[] = [];
    for await (const page of this.readUserPages(userId, PAGE)) mine.push(...page);
    return mine;
  }

  /** `$all` read through as `readUser` does, the user's events handed over as each page of the log is read. */
  async *readUserPages(userId: string, pageSize: number): AsyncIterable<RecordedEvent[]> {
    let mine: RecordedEvent[] = [];
    for (let after = 0; ; ) {
      const page = await this.readAll(after, PAGE);
      if (page.length === 0) break;
      for (const event of page) {
        if ((event.data as { userId?: unknown } | null)?.userId !== userId) continue;
        mine.push(event);
        if (mine.length === pageSize) {
          yield mine;
          mine = [];
        }
      }
      after = page[page.length - 1]!.position;
    }
    if (mine.length > 0) yield mine;
  }

  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    let below: bigint | undefined;
    for (;;) {
      let count = 0;
      let last: Position | undefined;
      let head: bigint | undefined;
      for await (const { event } of this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: PAGE })) {
        count += 1;
        if (!event) continue;
        last = event.position;
        if (below !== undefined && event.position.commit >= below) continue;
        below = event.position.commit;
        if (head === undefined && isAppEvent(event)) head = event.position.commit;
      }
      if (head !== undefined) return toPosition(head);
      if (count < PAGE || !last) return 0;
      from = last;
    }
  }

  /**
   * A catch-up subscription to `$all` without system events. Events are queued as they arrive and handed to
   * `onEvent` one at a time (the server is paused while the queue is full). A failing `onEvent` is reported and
   * retried with the same event, and a dropped subscription is reported and re-opened after the last delivered
   * event, as the polling subscription of sqlite does, so callers can count on at-least-once delivery in order.
   */
  subscribe({ after = 0, onEvent, onCaughtUp, onError }: SubscribeOptions): Subscription {
    const stop = new AbortController();
    const stopped = new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
    const pause = () => sleep(RETRY_MS, undefined, { signal: stop.signal }).catch(() => {});
    let position = after;

    const deliver = async (event: RecordedEvent): Promise<boolean> => {
      while (!stop.signal.aborted) {
        try {
          await onEvent(event);
          return true;
        } catch (error) {
          onError?.(error);
          await pause();
        }
      }
      return false;
    };

    /** Follows one server subscription until it fails (throws) or we close (returns). */
    const follow = async () => {
      const subscription = this.client.subscribeToAll({ fromPosition: logPosition(position), filter: excludeSystemEvents() });
      const queue: AllStreamResolvedEvent[] = [];
      let received = 0;
      let handled = 0;
      let reportedAt = -1;
      // `caughtUp` is emitted as the server's message is read, possibly before the events ahead of it left the
      // stream's buffer: remember how many events precede it and report once that many have been handled.
      let caughtUpAt: number | undefined;
      let live = false;
      let failure: { error: unknown } | undefined;
      let signal = () => {};
      subscription
        .on('data', (resolved: AllStreamResolvedEvent) => {
          received += 1;
          queue.push(resolved);
          if (queue.length >= QUEUE_HIGH) subscription.pause();
          signal();
        })
        .on('caughtUp', () => {
          caughtUpAt = received + subscription.readableLength;
          signal();
        })
        .on('fellBehind', () => {
          live = false;
        })
        .on('error', (error) => {
          failure = { error };
          signal();
        })
        .on('end', () => {
          failure ??= { error: new Error('EventStoreDB ended the subscription') };
          signal();
        });
      const report = () => {
        reportedAt = handled;
        onCaughtUp?.(position);
      };
      try {
        while (!stop.signal.aborted) {
          if (caughtUpAt !== undefined && handled >= caughtUpAt) {
            caughtUpAt = undefined;
            live = true;
            report();
          } else if (live && queue.length === 0 && handled > reportedAt) {
            report();
          }
          const next = queue.shift();
          if (!next) {
            if (failure) throw failure.error;
            if (subscription.isPaused()) subscription.resume();
            await Promise.race([new Promise<void>((resolve) => (signal = resolve)), stopped]);
            continue;
          }
          handled += 1;
          if (queue.length < QUEUE_HIGH / 2 && subscription.isPaused()) subscription.resume();
          const event = next.event;
          if (!event || !isAppEvent(event) || event.position.commit <= BigInt(position)) continue;
          const [recorded] = await this.open([toRecorded(event, toPosition(event.position.commit))]);
          if (!(await deliver(recorded!))) return;
          position = recorded!.position;
        }
      } finally {
        await subscription.unsubscribe();
      }
    };

    const running = (async () => {
      while (!stop.signal.aborted) {
        try {
          await follow();
        } catch (error) {
          if (stop.signal.aborted) return;
          onError?.(error);
          await pause();
        }
      }
    })();

    const handle: Subscription = {
      close: async () => {
        stop.abort();
        await running;
        this.subscriptions.delete(handle);
      },
    };
    this.subscriptions.add(handle);
    return handle;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
    await this.keys.close();
  }
}

function positionOf(event: EsdbRecordedEvent, commitPosition: bigint | undefined): number {
  const commit = event.position?.commit ?? commitPosition;
  if (commit === undefined) throw new Error('EventStoreDB sent an event without its position (server older than 22.6?)');
  return toPosition(commit);
}

function toRecorded(event: EsdbRecordedEvent, position: number): RecordedEvent {
  const custom = event.metadata;
  const metadata = (custom && typeof custom === 'object' && !(custom instanceof Uint8Array) ? custom : {}) as EventMetadata;
  return upcast({
    id: event.id,
    type: event.type,
    data: event.data,
    // Every append here stamps `at`; an event written by another tool gets the server's time instead.
    metadata: { ...metadata, at: metadata.at ?? event.created.toISOString() },
    stream: event.streamId,
    revision: Number(event.revision),
    position,
  });
}
