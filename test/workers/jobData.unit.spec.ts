import { expect } from 'chai';
import fc from 'fast-check';
import type { EventType } from '../../events/catalog.js';
import { PERSONAL_FIELDS } from '../../events/personal.js';
import { jobRoutes } from '../../services/workers/src/workers.js';
import { arbitraryEvent } from '../readSide/arbitraryEvents.js';

/** Every string at one of the type's personal paths (`name`, `days[].summary`, …) of `data`. */
function personalValues(type: EventType, data: unknown): string[] {
  const values: string[] = [];
  const walk = (node: unknown, steps: string[]) => {
    if (node === null || node === undefined) return;
    if (steps.length === 0) {
      if (typeof node === 'string') values.push(node);
      else if (typeof node === 'object') for (const value of Object.values(node)) walk(value, []);
      return;
    }
    const [step, ...rest] = steps as [string, ...string[]];
    const each = step.endsWith('[]');
    const value = (node as Record<string, unknown>)[each ? step.slice(0, -2) : step];
    if (each) for (const item of Array.isArray(value) ? value : []) walk(item, rest);
    else walk(value, rest);
  };
  for (const path of PERSONAL_FIELDS[type] ?? []) walk(data, path.split('.'));
  return values;
}

/** Every string the job's data holds, however deep. */
const strings = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : typeof node === 'object' && node !== null ? Object.values(node).flatMap(strings) : [];

/**
 * A queue keeps a job's data after it ran (BullMQ: finished jobs a day, failed ones a month), where no erasure
 * reaches: jobs carry ids, and whoever handles one reads an address or a text from the log as it runs.
 */
describe('jobs made from the log carry ids, never what a person wrote or who they are', () => {
  it('no job made from an event with personal fields holds one of its personal values', () => {
    const types = Object.keys(PERSONAL_FIELDS) as EventType[];
    fc.assert(
      fc.property(arbitraryEvent(types), (event) => {
        // A generated value may stand at a personal path and at an id's too: only what stands at personal paths alone counts.
        const count = (values: string[]) => values.reduce((counts, v) => counts.set(v, (counts.get(v) ?? 0) + 1), new Map<string, number>());
        const everywhere = count([event.id, ...strings(event.data)]);
        const atPersonal = count(personalValues(event.type, event.data));
        const personal = new Set([...atPersonal].filter(([value, n]) => value.length >= 6 && everywhere.get(value) === n).map(([value]) => value));
        for (const job of jobRoutes.flatMap((route) => route(event))) {
          const leaked = strings(job.data).filter((value) => personal.has(value));
          expect(leaked, `${job.queue}/${job.name} from ${event.type}`).to.deep.equal([]);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});
