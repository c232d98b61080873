import { Queue, Worker, type ConnectionOptions, type WorkerOptions } from 'bullmq';
import type { Logger } from '../../../platform/logger.js';
import { backoffAfter, JOB_ATTEMPTS, logDeadLetter, UNTIL_DONE_ATTEMPTS, type Job, type JobHandler, type JobQueue, type JobTemplate, type Schedule } from './port.js';

/** What every job gets: retries with backoff; finished jobs kept a day, failed ones (the dead letters) a month. */
const JOB_OPTIONS = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: 'capped' },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600, count: 10_000 },
} as const;

/**
 * How long `close` waits for the graceful close of the workers (their jobs in flight) and the queues. Past it the
 * close stops waiting: with Redis out of reach a worker's close never ends (its client, parked reconnecting, never
 * says it ended), which held a stopping app forever, and a job it could not finish is taken up again once its lock
 * runs out, as after a crash.
 */
export const CLOSE_WAIT_MS = 20_000;

/** Tuning a test may change (short lock and stall check to see a killed worker's job picked up). */
export type BullWorkerOptions = Pick<WorkerOptions, 'concurrency' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;

/** Jobs through BullMQ on Redis: one Queue and one Worker per queue name, retried with exponential backoff. */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq';
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly connection: ConnectionOptions,
    private readonly log: Logger,
    private readonly prefix = 'trainer',
    private readonly workerOptions: BullWorkerOptions = {},
    private readonly closeWaitMs = CLOSE_WAIT_MS,
  ) {}

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      // A producer fails fast while Redis is away (BullMQ's advice): the dispatcher keeps its place and tries again.
      queue = new Queue(name, { connection: { ...this.connection, enableOfflineQueue: false }, prefix: this.prefix });
      queue.on('error', (error) => this.log.error(`queue ${name} error`, error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async ready(name: string): Promise<Queue> {
    const queue = this.queue(name);
    await queue.waitUntilReady();
    return queue;
  }

  async add(job: Job): Promise<void> {
    await (await this.ready(job.queue)).add(job.name, job.data, { jobId: job.id, ...JOB_OPTIONS, ...(job.untilDone ? { attempts: UNTIL_DONE_ATTEMPTS } : {}) });
  }

  async upsertScheduler(queue: string, schedulerId: string, schedule: Schedule, template: JobTemplate): Promise<void> {
    await (await this.ready(queue)).upsertJobScheduler(
      schedulerId,
      { pattern: schedule.pattern, tz: schedule.tz },
      { name: template.name, data: template.data, opts: JOB_OPTIONS },
    );
  }

  async removeScheduler(queue: string, schedulerId: string): Promise<void> {
    await (await this.ready(queue)).removeJobScheduler(schedulerId);
  }

  /** BullMQ's own scheduler record, for checks and tests. */
  async scheduler(queue: string, schedulerId: string) {
    return (await this.ready(queue)).getJobScheduler(schedulerId);
  }

  /** The dead letters of a queue: jobs that used their last attempt, kept in BullMQ's failed set. */
  async failedJobs(queue: string) {
    return (await this.ready(queue)).getFailed();
  }

  work(queue: string, handler: JobHandler): void {
    const worker = new Worker(
      queue,
      async (job) => handler({ id: job.id ?? '', queue, name: job.name, data: job.data }),
      // The one backoff of both runners (port.ts): doubling, capped, so a job tried until done keeps coming back.
      { connection: this.connection, prefix: this.prefix, concurrency: 4, settings: { backoffStrategy: backoffAfter }, ...this.workerOptions },
    );
    worker.on('error', (error) => this.log.error(`worker ${queue} error`, error));
    worker.on('failed', (job, error) => {
      if (!job) return this.log.error(`a job of ${queue} failed`, error);
      const failed = { id: job.id ?? '', queue, name: job.name, data: job.data as unknown };
      // Retries left: the job waits for its next attempt. Otherwise it stays in the failed set: a dead letter.
      if (job.attemptsMade < (job.opts.attempts ?? 1) && !/stalled more than/.test(error.message)) {
        this.log.warn(`job ${queue}/${job.name} ${job.id} failed (attempt ${job.attemptsMade} of ${job.opts.attempts})`, error);
      } else logDeadLetter(this.log, failed, error);
    });
    this.workers.push(worker);
  }

  /** Waits until no queue has waiting, active or delayed jobs; a scheduler's next run does not count (it always has one). */
  async drain(): Promise<void> {
    for (;;) {
      const busy = await Promise.all(
        [...this.queues.values()].map(async (q) => {
          const counts = await q.getJobCounts('waiting', 'active', 'prioritized');
          if (Object.values(counts).some((n) => n > 0)) return true;
          return (await q.getDelayed()).some((job) => !job.repeatJobKey);
        }),
      );
      if (!busy.includes(true)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * `worker.close()` lets the jobs in flight finish (BullMQ's graceful shutdown), then the queues close; for at most
   * `closeWaitMs` (`CLOSE_WAIT_MS`).
   */
  async close(): Promise<void> {
    const closing = (async () => {
      await Promise.all(this.workers.map((w) => w.close()));
      await Promise.all([...this.queues.values()].map((q) => q.close()));
      return true;
    })();
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.closeWaitMs)));
    const closed = await Promise.race([closing.catch((error: unknown) => (this.log.warn('the job queues did not close cleanly', error), true)), gaveUp]);
    clearTimeout(timer);
    if (!closed) this.log.warn(`the job queues did not close within ${this.closeWaitMs} ms (is Redis out of reach?): stopping without them; a job in flight is taken up again once its lock runs out`);
  }
}
