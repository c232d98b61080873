import type { Worker } from 'node:worker_threads';

/**
 * Waiting on a worker thread: `until(ready)` resolves once `ready()` holds, re-checked each time something arrives
 * from the thread (`arrived`), and throws the thread's failure instead: an error it threw, or its exit while
 * someone still waits (`stoppedEarly`). Used by the SQLite log reader and read-model writer threads.
 */
export class ThreadWait {
  private waiting?: () => void;
  private failure?: Error;

  constructor(worker: Worker, stoppedEarly: string) {
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error(stoppedEarly)));
  }

  /** After a change `until` may be waiting for. */
  arrived(): void {
    this.waiting?.();
    this.waiting = undefined;
  }

  /** The first failure wins; waiting stops with it. */
  fail(error: Error): void {
    this.failure ??= error;
    this.arrived();
  }

  async until(ready: () => boolean): Promise<void> {
    while (!ready()) {
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }
}
