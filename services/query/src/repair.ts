import type { AppEvent } from '../../../events/catalog.js';
import type { EventStore, RecordedEvent } from '../../../events/store/port.js';
import { keysOf, ownedBy, type Projection } from './projection.js';

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
    const result = (await foldKeys(events, projection, new Set([key]), upTo)).get(key)!;
    if ('failed' in result) throw new Error(`${collection}/${key} cannot be rebuilt: event ${result.failed.position} (${result.failed.type}) fails: ${result.error}`);
    return result.doc;
  };
}

/**
 * The docs of some keys of a projection as its events up to `upTo` make them (an erasure of a key's owner leaves it
 * none), or, for a key whose event cannot be applied, that event.
 */
export async function foldKeys(
  events: EventStore,
  projection: Projection,
  keys: ReadonlySet<string>,
  upTo: number,
): Promise<Map<string, { doc: unknown } | { failed: RecordedEvent; error: string }>> {
  const results = new Map<string, { doc: unknown } | { failed: RecordedEvent; error: string }>([...keys].map((k) => [k, { doc: undefined }]));
  for await (const page of events.readPages(0, PAGE, projection.handles)) {
    for (const event of page) {
      if (event.position > upTo) return results;
      const app = event as AppEvent;
      const owner = projection.erases?.(app);
      if (owner !== undefined) {
        for (const key of keys) if (ownedBy(key, owner)) results.set(key, { doc: undefined });
        continue;
      }
      for (const key of keysOf(projection, app)) {
        const result = results.get(key);
        if (!result || 'failed' in result) continue;
        try {
          results.set(key, { doc: projection.evolve(result.doc, app, key) });
        } catch (error) {
          results.set(key, { failed: event, error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
  }
  return results;
}
