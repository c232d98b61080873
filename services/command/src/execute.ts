import { createHash, randomUUID } from 'node:crypto';
import type { AppEvent, AppNewEvent } from '../../../events/catalog.js';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
} from '../../../events/store/port.js';
import { conflict } from '../../platform/http.js';
import { keyReused } from '../../platform/idempotency.js';

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

export async function load<S>(store: EventStore, stream: string, { initialState, evolve }: Evolver<S>): Promise<Loaded<S>> {
  const history = (await store.readStream(stream)) as AppEvent[];
  const last = history[history.length - 1];
  return {
    state: history.reduce(evolve, initialState),
    expected: last ? last.revision : 'no_stream',
    position: last ? last.position : 0,
  };
}

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
 * more; a second conflict is a 409. Returns the position of what was appended (or of the stream, when nothing was).
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
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
  throw conflict('Someone else changed this at the same time. Please try again.');
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

/** A stable UUID for any string (EventStoreDB wants UUID event ids). */
export function uuidFrom(value: string): string {
  const hex = createHash('sha256').update(value).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
