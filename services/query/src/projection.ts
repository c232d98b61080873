import type { AppEvent, EventType } from '../../../events/catalog.js';

/**
 * A read model as a pure fold over the log: which events it reads, which doc each one changes, and how.
 * No clock and no I/O: time-dependent answers are computed at query time from the dated facts kept here.
 */
export interface Projection<D = unknown> {
  /** Also the collection its docs live in. */
  name: string;
  handles: readonly EventType[];
  key(event: AppEvent): string;
  /** The doc after the event; undefined deletes it. */
  evolve(doc: D | undefined, event: AppEvent): D | undefined;
}

/** Narrows an event to one of the types a projection handles. */
export function isOneOf<T extends EventType>(event: AppEvent, types: readonly T[]): event is Extract<AppEvent, { type: T }> {
  return (types as readonly string[]).includes(event.type);
}
