/** One unit of background work, addressed by queue and name; `id` de-duplicates (derived from the event id). */
export interface Job<D = unknown> {
  id: string;
  queue: string;
  name: string;
  data: D;
  /**
   * A job that must be done however long it takes (an erased account's clean-up): tried again until it succeeds,
   * the waits growing up to `MAX_BACKOFF_MS`, never given up after `JOB_ATTEMPTS`.
   */
  untilDone?: boolean;
}

export type JobHandler = (job: Job) => Promise<void>;

/** A recurring job: a cron pattern read in an IANA time zone (08:00 stays 08:00 local across DST changes). */
export interface Schedule {
  pattern: string;
  tz: string;
}

/** What each run of a scheduler queues (its id is made by the queue: one per run). */
export interface JobTemplate<D = unknown> {
  name: string;
  data: D;
}

/** BullMQ on Redis in production; an in-process runner calling the same handlers on the embedded default. */
export interface JobQueue {
  readonly kind: string;
  add(job: Job): Promise<void>;
  /** Registers the one handler of a queue and starts working it. */
  work(queue: string, handler: JobHandler): void;
  /** Creates the scheduler or changes its schedule and template; one scheduler per id and queue. */
  upsertScheduler(queue: string, schedulerId: string, schedule: Schedule, template: JobTemplate): Promise<void>;
  /** Removes the scheduler and its next run; a scheduler that does not exist is not an error. */
  removeScheduler(queue: string, schedulerId: string): Promise<void>;
  /** Resolves when every job added so far has finished (for tests and orderly shutdown). */
  drain(): Promise<void>;
  /** Stops taking jobs and waits for the ones running to finish. */
  close(): Promise<void>;
}

/** The same for both runners: three attempts, 0.5 s then 1 s apart (a job `untilDone`: attempts without end). */
export const JOB_ATTEMPTS = 3;
export const BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 60_000;
/** BullMQ counts attempts; a job `untilDone` gets this many, which at `MAX_BACKOFF_MS` apart is beyond any outage. */
export const UNTIL_DONE_ATTEMPTS = Number.MAX_SAFE_INTEGER;

/** The wait before the attempt after `attempt` (1 for the first): doubling from `BACKOFF_MS`, at most `MAX_BACKOFF_MS`. */
export const backoffAfter = (attempt: number): number => Math.min(BACKOFF_MS * 2 ** Math.min(attempt - 1, 30), MAX_BACKOFF_MS);

/**
 * What of a job's data the log may show: its ids, numbers and flags. An address, a name or a text (a mail's) stays
 * out: the log outlives the account it belongs to.
 */
const loggable = (data: unknown) =>
  typeof data === 'object' && data !== null
    ? Object.fromEntries(Object.entries(data).filter(([field, value]) => typeof value === 'number' || typeof value === 'boolean' || (/Id$/.test(field) && typeof value === 'string')))
    : {};

/**
 * The dead-letter view: a job that used its last attempt is logged at error level with what an operator needs to
 * find it (BullMQ keeps it in the queue's failed set; the in-process runner only has this line).
 */
export function logDeadLetter(log: { error(message: string, extra?: unknown): void }, job: Job, error: unknown): void {
  const data = JSON.stringify(loggable(job.data));
  log.error(`job ${job.queue}/${job.name} ${job.id} failed its last attempt`, {
    deadLetter: true,
    queue: job.queue,
    id: job.id,
    name: job.name,
    data: data.length > 300 ? `${data.slice(0, 300)}…` : data,
    error: error instanceof Error ? error.message : String(error),
  });
}
