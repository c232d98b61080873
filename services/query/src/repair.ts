import type { AppEvent } from '../../../events/catalog.js';
import type { EventStore } from '../../../events/store/port.js';
import type { Projection } from './projection.js';

/**
 * A stored doc as the log makes it, at the position the store says it stood at: what the store writes in place of a
 * doc that no longer parses. A read model is a cache of the log, so such a row is a reason to fold the log again for
 * that key, never to stop serving or starting.
 */
export type DocRebuilder = (collection: string, key: string, upTo: number) => Promise<unknown>;

const PAGE = 1000;

/**
 * Folds the events the collection's projection reads, up to `upTo`, keeping those keyed to `key`. It reads every
 * event of those types, since a key follows from each event and not from its stream: a repair costs a scan of part
 * of the log, which is rare (a row damaged on disk or by hand) and runs between turns of the event loop.
 */
export function docRebuilder(events: EventStore, projections: readonly Projection[], log: (message: string) => void): DocRebuilder {
  const byName = new Map(projections.map((p) => [p.name, p]));
  return async (collection, key, upTo) => {
    const projection = byName.get(collection);
    if (!projection) throw new Error(`no projection keeps the collection ${collection}`);
    log(`the read model doc ${collection}/${key} does not parse; it is rebuilt from the log up to position ${upTo}`);
    let doc: unknown;
    for await (const page of events.readPages(0, PAGE, projection.handles)) {
      for (const event of page) {
        if (event.position > upTo) return doc;
        const app = event as AppEvent;
        if (projection.key(app) === key) doc = projection.evolve(doc, app);
      }
    }
    return doc;
  };
}
