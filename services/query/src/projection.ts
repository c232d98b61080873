import type { AppEvent, EventType } from '../../../events/catalog.js';

/**
 * A read model as a pure fold over the log: which events it reads, which doc each one changes, and how.
 * No clock and no I/O: time-dependent answers are computed at query time from the dated facts kept here.
 */
export interface Projection<D = unknown> {
  /** Also the collection its docs live in. */
  name: string;
  /**
   * Which fold this is (1 when unset): raised whenever `evolve` writes something else from the same events, so the
   * projector rebuilds the read model from the log at its next start instead of answering from docs of the old rule.
   */
  version?: number;
  handles: readonly EventType[];
  key(event: AppEvent): string;
  /**
   * The docs an event changes when it changes several, each named by the event alone (a batch of an import changes
   * the records of every exercise in it); undefined, or absent, where the event changes the one doc `key` names.
   */
  keys?(event: AppEvent): readonly string[] | undefined;
  /** The doc after the event; undefined deletes it. `key` is the doc's, which an event of several docs (`keys`) needs. */
  evolve(doc: D | undefined, event: AppEvent, key?: string): D | undefined;
  /**
   * The owner whose every doc this event erases (the doc keyed by the owner and every doc keyed under `<owner>/`,
   * see chunks.ts), for events after which nothing of a person may stay (an erased account), or nothing of one thing
   * of theirs kept in many docs (an undone import: `<userId>/<importId>`); undefined for events that erase nothing.
   * Such an event is listed in `handles` too, and `key`/`evolve` are not asked about it.
   */
  erases?(event: AppEvent): string | undefined;
}

/** The keys of the docs an event changes in a projection that does not erase with it: `keys`, else `key`'s one. */
export const keysOf = (projection: Pick<Projection, 'key' | 'keys'>, event: AppEvent): readonly string[] => projection.keys?.(event) ?? [projection.key(event)];

/** Whether `key` is the owner's own doc or one of their chunks. */
export const ownedBy = (key: string, owner: string) => key === owner || key.startsWith(`${owner}/`);


/** `erases` for a read model of one person's things: an erased account takes all of its docs. */
export const erasesAccount = (event: AppEvent): string | undefined => (event.type === 'AccountDeleted' ? event.data.userId : undefined);
