import { expect } from 'chai';
import type { AppEvent, AppNewEvent } from '../../events/catalog.js';
import { Rejected } from '../../services/platform/http.js';
import type { Projection } from '../../services/query/src/projection.js';

/** Decider specification: given past events, when a command is decided, then these events (or a refusal). */
export function given<S>(evolver: { initialState: S; evolve(state: S, event: AppEvent): S }, history: AppNewEvent[]) {
  const state = history.reduce((s, e) => evolver.evolve(s, e as AppEvent), evolver.initialState);
  return {
    state,
    when(decide: (state: S) => AppNewEvent[]) {
      return {
        then(expected: AppNewEvent[]) {
          expect(decide(state)).to.deep.equal(expected);
        },
        thenThrows(kind: Rejected['kind'], message?: string) {
          let thrown: unknown;
          try {
            decide(state);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'the command should be refused').to.be.instanceOf(Rejected);
          expect((thrown as Rejected).kind).to.equal(kind);
          if (message) expect((thrown as Rejected).message).to.equal(message);
        },
      };
    },
  };
}

/** Projection specification: the doc each key holds after the events, keyed as the projector keys them. */
export function project<D>(projection: Projection<D>, events: AppNewEvent[]): Map<string, D | undefined> {
  const docs = new Map<string, D | undefined>();
  events.forEach((event, i) => {
    const recorded = { ...event, id: `e${i}`, metadata: { at: '' }, stream: 's', revision: i, position: i + 1 } as AppEvent;
    if (!projection.handles.includes(recorded.type)) return;
    const key = projection.key(recorded);
    docs.set(key, projection.evolve(docs.get(key), recorded));
  });
  return docs;
}
