import { randomUUID } from 'node:crypto';
import type { AppEvent, AppNewEvent } from '../../../events/catalog.js';
import { uuidFrom } from '../../../events/ids.js';
import { Rejected } from '../../../events/rejected.js';
import {
  type AppendResult,
  type EventMetadata,
  type EventLog,
  type EventStore,
  type ExpectedRevision,
} from '../../../events/store/port.js';
import { keyReused } from '../../platform/idempotency.js';
import { deepFreeze } from '../../platform/deepFreeze.js';

export interface Evolver<S> {
  initialState: S;
  evolve(state: S, event: AppEvent): S;
}

export interface Loaded<S> {
  state: S;
  expected: ExpectedRevision;
  /** Global position of the stream's last event; 0 when it has none. */
  position: number;
}

/**
 * A stream's state, folded from its log. The fold is kept as a snapshot (see `snapshots`), so a command reads only
 * the events after it and its cost does not grow with the stream's length.
 */
export async function load<S>(store: EventLog, stream: string, evolver: Evolver<S>): Promise<Loaded<S>> {
  const kept = snapshots.get(store, evolver, stream);
  // The snapshot's own last event is read again: if it is not there as remembered, the snapshot is not this log's.
  const tail = kept ? ((await store.readStream(stream, kept.revision)) as AppEvent[]) : [];
  const fromSnapshot = kept !== undefined && tail[0]?.id === kept.lastEventId;
  const history = fromSnapshot ? tail.slice(1) : ((await store.readStream(stream)) as AppEvent[]);
  const state = history.reduce(evolver.evolve, fromSnapshot ? (kept.state as S) : evolver.initialState);
  const last = history[history.length - 1] ?? (fromSnapshot ? tail[0] : undefined);
  if (last && last !== tail[0]) snapshots.keep(store, evolver, stream, { state, revision: last.revision, lastEventId: last.id, position: last.position });
  return {
    state,
    expected: last ? last.revision : 'no_stream',
    position: last ? last.position : 0,
  };
}

interface Snapshot {
  state: unknown;
  revision: number;
  lastEventId: string;
  position: number;
}

/**
 * Snapshots of folded streams, in memory, per store and evolver (an evolver is one fold of one version of the code,
 * so a snapshot can only be reused by the fold that made it). Only a cache of the log: a load always reads the
 * events after it from the log, whoever appended them, and one that does not match the log is dropped for a fold
 * from revision 0. Bounded: the least recently used stream goes first.
 */
export const snapshots = {
  byStore: new WeakMap<EventLog, WeakMap<Evolver<unknown>, Map<string, Snapshot>>>(),
  streamsKept: 20_000,

  get(store: EventLog, evolver: Evolver<unknown>, stream: string): Snapshot | undefined {
    const byStream = this.byStore.get(store)?.get(evolver);
    const snapshot = byStream?.get(stream);
    if (snapshot) {
      byStream!.delete(stream);
      byStream!.set(stream, snapshot);
    }
    return snapshot;
  },

  keep(store: EventLog, evolver: Evolver<unknown>, stream: string, snapshot: Snapshot) {
    let byEvolver = this.byStore.get(store);
    if (!byEvolver) this.byStore.set(store, (byEvolver = new WeakMap()));
    let byStream = byEvolver.get(evolver);
    if (!byStream) byEvolver.set(evolver, (byStream = new Map<string, Snapshot>()));
    byStream.delete(stream);
    // Frozen: every later load starts from this very object, so a fold or decider that changed it in place would
    // corrupt the streams' next answers (a pure one never does).
    byStream.set(stream, deepFreeze(snapshot));
    if (byStream.size > this.streamsKept) byStream.delete(byStream.keys().next().value!);
  },
};

export interface CommandContext {
  store: EventStore;
  metadata: EventMetadata;
  /** The caller's Idempotency-Key, scoped to the caller and the route: new aggregate ids derive from it (`newId`). */
  idempotencyKey?: string;
  /** The request as its key's record knows it; every append of the request goes through `appendIn` with it. */
  idempotency?: RequestIdempotency;
}

export interface RequestIdempotency {
  /** The key as the client sent it, for messages. */
  clientKey: string;
  /** Scoped to caller and route. */
  key: string;
  requestHash: string;
  at: string;
  /** How many appends this request made to each stream so far, which names each append's step. Shared by steps. */
  appends: Map<string, number>;
}

/**
 * Loads a stream, decides, appends with the revision it read. On a concurrent write it reloads and decides once
 * more; a second conflict is refused as a `conflict` (the HTTP layer answers 409). Returns the position of what was appended (or of the stream, when nothing was).
 */
export async function execute<S>(
  ctx: CommandContext,
  stream: string,
  evolver: Evolver<S>,
  decide: (state: S) => AppNewEvent[],
): Promise<{ position: number; events: AppNewEvent[] }> {
  const step = nextStep(ctx, stream);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const { state, expected, position } = await load(ctx.store, stream, evolver);
    const events = decide(state);
    if (events.length === 0) return { position, events };
    try {
      const result = await appendIn(ctx, stream, events, expected, step);
      return { position: result.position, events };
    } catch (error) {
      // By name, as `appendIn` tells a reused key: the store's error may come from another copy of port.ts.
      if ((error as Error).name !== 'ConcurrencyError') throw error;
    }
  }
  throw new Rejected('conflict', 'Someone else changed this at the same time. Please try again.');
}

/** Names the request's next append to `stream`, so a retry of the request recognizes each append as the same. */
export function nextStep(ctx: CommandContext, stream: string): string | undefined {
  const appends = ctx.idempotency?.appends;
  if (!appends) return undefined;
  const n = appends.get(stream) ?? 0;
  appends.set(stream, n + 1);
  return `${stream}#${n}`;
}

/**
 * Appends one batch of the request. With an Idempotency-Key the batch is recorded under the key in the same write:
 * a retry of the request gets the stored result back and appends nothing; the key on a different request is a 422.
 */
export async function appendIn(
  ctx: CommandContext,
  stream: string,
  events: AppNewEvent[],
  expected: ExpectedRevision,
  step = nextStep(ctx, stream),
): Promise<AppendResult> {
  const idem = ctx.idempotency;
  try {
    if (!idem || !step) return await ctx.store.append(stream, withIds(ctx, events), expected);
    const idempotency = { key: idem.key, requestHash: idem.requestHash, at: idem.at, step };
    return await ctx.store.append(stream, withIds({ metadata: ctx.metadata }, events), expected, { idempotency });
  } catch (error) {
    // By name: the store may come from another copy of port.ts (a separate service's bundle, a script).
    if ((error as Error).name === 'IdempotencyKeyReused' && idem) throw keyReused(idem.clientKey);
    throw error;
  }
}

/**
 * Event ids. Where the request has a key record, retries are recognized by it and ids are random. A caller that
 * appends on its own with a key still gets ids derived from key and request, which the store recognizes per stream.
 */
export function withIds(ctx: Pick<CommandContext, 'metadata' | 'idempotencyKey' | 'idempotency'>, events: AppNewEvent[]): AppNewEvent[] {
  const derive = ctx.idempotencyKey && ctx.idempotency ? `${ctx.idempotencyKey}:${ctx.idempotency.requestHash}` : undefined;
  return events.map((event, index) => ({
    ...event,
    id: event.id ?? (derive ? uuidFrom(`${derive}:${index}`) : randomUUID()),
    metadata: { ...ctx.metadata, ...event.metadata },
  }));
}

/**
 * A new aggregate id. With an Idempotency-Key it derives from the key, so a retried request lands on the same
 * stream and the decider sees it already happened.
 */
export const newId = (ctx: CommandContext, purpose: string) =>
  ctx.idempotencyKey ? uuidFrom(`${ctx.idempotencyKey}:${purpose}`) : randomUUID();

/** One request that appends to several streams: each step gets its own key, so event ids never collide. */
export const stepContext = (ctx: CommandContext, step: string): CommandContext => ({
  ...ctx,
  idempotencyKey: ctx.idempotencyKey ? `${ctx.idempotencyKey}:${step}` : undefined,
});
