import { expect } from 'chai';
import fc from 'fast-check';
import type { AppEvent } from '../../events/catalog.js';
import { keysOf, ownedBy, type Projection } from '../../services/query/src/projection.js';
import { projections } from '../../services/query/src/projections.js';
import { arbitraryEvent } from './arbitraryEvents.js';

/** Runs per projection and event type; the soak may ask for more. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

/** Folds events as the projector does: an erasing event drops its owner's docs, any other is keyed and evolved. */
function fold(projection: Projection, docs: Map<string, unknown>, event: AppEvent) {
  const owner = projection.erases?.(event);
  if (owner !== undefined) {
    for (const key of [...docs.keys()]) if (ownedBy(key, owner)) docs.delete(key);
    return;
  }
  for (const key of keysOf(projection, event)) {
    expect(key, `${projection.name} keys ${event.type}`).to.be.a('string');
    const next = projection.evolve(docs.get(key), event, key);
    // What the store keeps is the doc's JSON: a doc without one (a BigInt, a cycle) could not be committed.
    if (next === undefined) docs.delete(key);
    else docs.set(key, JSON.parse(JSON.stringify(next)));
  }
}

/**
 * Every projection is total over what the catalog accepts: any event whose data its schema admits folds without
 * throwing, into no doc (a key's first event) or into a doc made by earlier events of the projection's types.
 */
describe('every projection folds every event the catalog accepts', function () {
  this.timeout(120_000);
  for (const projection of projections) {
    describe(projection.name, () => {
      for (const type of projection.handles) {
        it(`folds ${type}`, () => {
          fc.assert(
            fc.property(fc.array(arbitraryEvent(projection.handles), { maxLength: 5 }), arbitraryEvent([type]), (earlier, event) => {
              const docs = new Map<string, unknown>();
              for (const e of earlier) fold(projection, docs, e);
              fold(projection, docs, event);
            }),
            { numRuns: RUNS, endOnFailure: true, ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}) },
          );
        });
      }
    });
  }
});
