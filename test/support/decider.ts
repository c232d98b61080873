import { expect } from 'chai';
import type { AppEvent, AppNewEvent } from '../../events/catalog.js';
import { Rejected } from '../../services/platform/http.js';
import type { Evolver } from '../../services/command/src/execute.js';

/** Recorded-looking events from plain `{type, data}` pairs, for the `given` part of a decider test. */
export const recorded = (events: Array<Pick<AppNewEvent, 'type' | 'data'>>, stream = 'test'): AppEvent[] =>
  events.map((event, index) => ({
    id: `event-${index}`,
    type: event.type,
    data: event.data,
    metadata: { at: '2026-11-18T12:00:00.000Z' },
    stream,
    revision: index,
    position: index + 1,
  })) as AppEvent[];

/**
 * Emmett-style decider specification:
 * `given(evolver, [events]).when(state => decide(state, command)).then([events])` or `.thenThrows(kind, /text/)`.
 */
export function given<S>(evolver: Evolver<S>, history: Array<Pick<AppNewEvent, 'type' | 'data'>>) {
  const state = recorded(history).reduce(evolver.evolve, evolver.initialState);
  return {
    when(decide: (state: S) => AppNewEvent[]) {
      const run = () => decide(state).map(({ type, data }) => ({ type, data }));
      return {
        then(expected: Array<Pick<AppNewEvent, 'type' | 'data'>>) {
          expect(run()).to.deep.equal(expected.map(({ type, data }) => ({ type, data })));
        },
        thenThrows(kind: Rejected['kind'], message?: RegExp) {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'the decider should refuse').to.be.instanceOf(Rejected);
          expect((thrown as Rejected).kind).to.equal(kind);
          if (message) expect((thrown as Rejected).message).to.match(message);
        },
      };
    },
  };
}

/** Folds events through a projection's evolve the way the projector does: `then` the doc. */
export function project<D>(projection: { evolve(doc: D | undefined, event: AppEvent): D | undefined }, history: Array<Pick<AppNewEvent, 'type' | 'data'>>) {
  return recorded(history).reduce<D | undefined>((doc, event) => projection.evolve(doc, event), undefined);
}
