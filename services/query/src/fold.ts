import type { AppEvent } from '../../../events/catalog.js';
import type { RecordedEvent } from '../../../events/store/port.js';
import { keysOf, ownedBy, type Projection } from './projection.js';

/**
 * Projections folded in memory: the same `key` and `evolve` the projector runs, over whatever events the caller
 * hands in (the whole log for analytics, one user's history for time travel and export), nothing stored.
 */
export class InMemoryFold {
  private readonly docs = new Map<string, Map<string, unknown>>();
  private readonly byType = new Map<string, Projection[]>();

  constructor(
    readonly projections: Projection[],
    /** Which docs to keep, e.g. only those of one user; all when absent. */
    private readonly keep: (projection: Projection, key: string) => boolean = () => true,
  ) {
    for (const p of projections) {
      this.docs.set(p.name, new Map());
      for (const type of p.handles) this.byType.set(type, [...(this.byType.get(type) ?? []), p]);
    }
  }

  /** Every event type some projection here reads. */
  get types(): string[] {
    return [...this.byType.keys()];
  }

  apply(event: RecordedEvent): void {
    const readers = this.byType.get(event.type);
    if (!readers) return;
    const app = event as AppEvent;
    for (const p of readers) {
      const owner = p.erases?.(app);
      if (owner !== undefined) {
        const docs = this.docs.get(p.name)!;
        for (const key of docs.keys()) if (ownedBy(key, owner)) docs.delete(key);
        continue;
      }
      const docs = this.docs.get(p.name)!;
      for (const key of keysOf(p, app)) {
        if (!this.keep(p, key)) continue;
        const doc = p.evolve(docs.get(key), app, key);
        if (doc === undefined) docs.delete(key);
        else docs.set(key, doc);
      }
    }
  }

  get<D>(projection: string, key: string): D | undefined {
    return this.docs.get(projection)?.get(key) as D | undefined;
  }

  /** The docs whose key starts with `prefix`, ordered by key (as `ReadModelStore.range`). */
  range<D>(projection: string, prefix: string): D[] {
    const docs = [...(this.docs.get(projection) ?? [])].filter(([key]) => key.startsWith(prefix));
    return docs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, doc]) => doc) as D[];
  }

  list<D>(projection: string): D[] {
    return [...(this.docs.get(projection)?.values() ?? [])] as D[];
  }
}
