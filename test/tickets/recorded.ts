import type { AppEvent, AppNewEvent } from '../../events/catalog.js';

let position = 0;

/** Events as the store would hand them back: each with an id, its stream, revision and a rising global position. */
export function recorded(stream: string, events: AppNewEvent[], at = '2026-11-18T15:00:00.000Z'): AppEvent[] {
  return events.map(
    (event, revision) =>
      ({ id: `e${++position}`, ...event, metadata: { at }, stream, revision, position }) as AppEvent,
  );
}

/** Given these events, folded into a state. */
export const given = <S>(evolver: { initialState: S; evolve(state: S, event: AppEvent): S }, events: AppEvent[]) =>
  events.reduce(evolver.evolve, evolver.initialState);

/** Given these events, folded into a projection's docs by key. */
export function project<D>(projection: { key(e: AppEvent): string; evolve(doc: D | undefined, e: AppEvent): D | undefined }, events: AppEvent[]) {
  const docs = new Map<string, D>();
  for (const event of events) {
    const key = projection.key(event);
    const doc = projection.evolve(docs.get(key), event);
    if (doc === undefined) docs.delete(key);
    else docs.set(key, doc);
  }
  return docs;
}
