import { createHash, randomUUID } from 'node:crypto';
import type { AppEvent, AppNewEvent } from '../../../events/catalog.js';
import { ConcurrencyError, type EventMetadata, type EventStore, type ExpectedRevision } from '../../../events/store/port.js';
import { conflict } from '../../platform/http.js';

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
  /** The caller's Idempotency-Key: the first event's id derives from it, so a retried request is not applied twice. */
  idempotencyKey?: string;
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
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const { state, expected, position } = await load(ctx.store, stream, evolver);
    const events = decide(state);
    if (events.length === 0) return { position, events };
    try {
      const result = await ctx.store.append(stream, withIds(ctx, events), expected);
      return { position: result.position, events };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
  throw conflict('Someone else changed this at the same time. Please try again.');
}

export function withIds(ctx: Pick<CommandContext, 'metadata' | 'idempotencyKey'>, events: AppNewEvent[]): AppNewEvent[] {
  return events.map((event, index) => ({
    ...event,
    id: event.id ?? (ctx.idempotencyKey ? uuidFrom(`${ctx.idempotencyKey}:${index}`) : randomUUID()),
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
