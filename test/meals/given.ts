import { expect } from 'chai';
import { validateForAppend, type AppEvent, type AppNewEvent } from '../../events/catalog.js';
import { Rejected } from '../../services/platform/http.js';
import type { Evolver } from '../../services/command/src/execute.js';

/** New events as the store would hand them back: ids, metadata and positions filled in. */
export function recorded(events: AppNewEvent[], stream = 'test-stream'): AppEvent[] {
  return events.map(
    (event, index) =>
      ({ id: `event-${index}`, type: event.type, data: event.data, metadata: { at: '2026-11-01T00:00:00.000Z' }, stream, revision: index, position: index + 1 }) as AppEvent,
  );
}

/** given(history).when(command).then(events) | .thenRejects(kind, message), after Emmett's DeciderSpecification. */
export function given<S>(evolver: Evolver<S>, ...history: AppNewEvent[]) {
  const state = recorded(history).reduce(evolver.evolve, evolver.initialState);
  return {
    when(decide: (state: S) => AppNewEvent[]) {
      return {
        then(expected: AppNewEvent[]) {
          const events = decide(state);
          expect(events).to.deep.equal(expected);
          // What a decider returns must also be storable: the catalog validates it on append.
          validateForAppend(events);
          return events;
        },
        thenRejects(kind: Rejected['kind'], message?: string) {
          let thrown: unknown;
          try {
            decide(state);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'the command should be refused').to.be.instanceOf(Rejected);
          expect((thrown as Rejected).kind).to.equal(kind);
          if (message !== undefined) expect((thrown as Rejected).message).to.equal(message);
        },
      };
    },
  };
}
