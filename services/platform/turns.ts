import { performance } from 'node:perf_hooks';

/**
 * Work whose cost grows with a person's history or a file's size gives up the event loop in slices of about this
 * long, so no other request waits behind it for more than a slice.
 */
export const SLICE_MS = 4;

/** The next turn of the event loop: whatever waits (other requests, I/O) runs first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Gives up the loop once `SLICE_MS` of work has run since it last did. */
export class Slices {
  private since = performance.now();

  /** Cheap enough to call after every small piece of work (a row, an event). */
  async check(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await this.yield();
  }

  async yield(): Promise<void> {
    await nextTurn();
    this.since = performance.now();
  }
}
