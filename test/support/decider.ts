import { expect } from 'chai';
import { validateForAppend, type AppEvent, type AppNewEvent } from '../../events/catalog.js';
import { Rejected } from '../../events/rejected.js';
import type { Evolver } from '../../services/command/src/execute.js';
import { chunksOf, joinChunks } from '../../services/query/src/chunks.js';
import { keysOf, ownedBy, type Projection } from '../../services/query/src/projection.js';

const AT = '2026-11-18T12:00:00.000Z';

/**
 * New events as the store hands them back: each with an id (its own, if it has one), metadata.at, the stream,
 * its revision and a rising global position.
 */
export function recorded(events: AppNewEvent[], stream = 'test'): AppEvent[] {
  return events.map(
    (event, index) =>
      ({
        ...event,
        id: event.id ?? `event-${index}`,
        metadata: { ...event.metadata, at: event.metadata?.at ?? AT },
        stream,
        revision: index,
        position: index + 1,
      }),
  );
}

/** The state after these events, folded the way `load` folds a stream. */
export const stateOf = <S>(evolver: Evolver<S>, events: AppNewEvent[]): S => recorded(events).reduce(evolver.evolve, evolver.initialState);

/**
 * Decider specification, after Emmett's DeciderSpecification:
 * `given(evolver, [events]).when(state => decide(state, command)).then([events])` or `.thenThrows(kind, message)`.
 */
export function given<S>(evolver: Evolver<S>, history: AppNewEvent[]) {
  const state = stateOf(evolver, history);
  return {
    state,
    when(decide: (state: S) => AppNewEvent[]) {
      return {
        /** The decider returns exactly these events, and they are storable (the catalog validates them on append). */
        then(expected: AppNewEvent[]) {
          const events = decide(state);
          expect(events).to.deep.equal(expected);
          validateForAppend(events);
          return events;
        },
        /** The decider refuses with this kind; a string message must equal the refusal's, a RegExp match it. */
        thenThrows(kind: Rejected['kind'], message?: string | RegExp) {
          let thrown: unknown;
          try {
            decide(state);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'the command should be refused').to.be.instanceOf(Rejected);
          expect((thrown as Rejected).kind).to.equal(kind);
          if (message instanceof RegExp) expect((thrown as Rejected).message).to.match(message);
          else if (message !== undefined) expect((thrown as Rejected).message).to.equal(message);
        },
      };
    },
  };
}

/**
 * Projection specification: the docs after the events, keyed as the projector keys them. Events the projection
 * does not handle are skipped; a doc evolved to undefined is removed.
 */
/** `project` for a projection kept in chunks (services/query/src/chunks.ts): the owner's chunks joined, in key order. */
export function projectChunks<D, K extends keyof D>(projection: Pick<Projection<D>, 'handles' | 'key' | 'evolve'>, events: AppNewEvent[], owner: string, field: K): D | undefined {
  const docs = [...project(projection, events)].filter(([key]) => key.startsWith(chunksOf(owner)));
  return joinChunks(docs.sort(([a], [b]) => (a < b ? -1 : 1)).map(([, doc]) => doc), field);
}

/**
 * The docs after these events; `streamOf` names each event's stream where a projection keys its docs by stream. An
 * event the projection erases by (`erases`) drops the owner's docs, as the projector does.
 */
export function project<D>(projection: Pick<Projection<D>, 'handles' | 'key' | 'keys' | 'evolve' | 'erases'>, events: AppNewEvent[], streamOf?: (event: AppNewEvent) => string): Map<string, D> {
  const docs = new Map<string, D>();
  for (const event of recorded(events).map((e, i) => (streamOf ? { ...e, stream: streamOf(events[i]!) } : e))) {
    if (!projection.handles.includes(event.type)) continue;
    const owner = projection.erases?.(event);
    if (owner !== undefined) {
      for (const key of docs.keys()) if (ownedBy(key, owner)) docs.delete(key);
      continue;
    }
    for (const key of keysOf(projection, event)) {
      const doc = projection.evolve(docs.get(key), event, key);
      if (doc === undefined) docs.delete(key);
      else docs.set(key, doc);
    }
  }
  return docs;
}
