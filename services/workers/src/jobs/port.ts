/** One unit of background work, addressed by queue and name; `id` de-duplicates (derived from the event id). */
export interface Job<D = unknown> {
  id: string;
  queue: string;
  name: string;
  data: D;
}

export type JobHandler = (job: Job) => Promise<void>;

/** BullMQ on Redis in production; an in-process runner calling the same handlers on the embedded default. */
export interface JobQueue {
  readonly kind: string;
  add(job: Job): Promise<void>;
  /** Registers the one handler of a queue and starts working it. */
  work(queue: string, handler: JobHandler): void;
  /** Resolves when every job added so far has finished (for tests and orderly shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}
