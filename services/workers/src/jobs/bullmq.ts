import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from '../../../platform/logger.js';
import type { Job, JobHandler, JobQueue } from './port.js';

/** Jobs through BullMQ on Redis: one Queue and one Worker per queue name, retried with exponential backoff. */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq';
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly connection: ConnectionOptions,
    private readonly log: Logger,
    private readonly prefix = 'trainer',
  ) {}

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (error) => this.log.error(`queue ${name} error`, error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add(job: Job): Promise<void> {
    await this.queue(job.queue).add(job.name, job.data, {
      jobId: job.id,
      attempts: 3,
      backoff: { type: 'exponential', delay: 500 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  work(queue: string, handler: JobHandler): void {
    const worker = new Worker(
      queue,
      async (job) => handler({ id: job.id ?? '', queue, name: job.name, data: job.data }),
      { connection: this.connection, prefix: this.prefix, concurrency: 4 },
    );
    worker.on('error', (error) => this.log.error(`worker ${queue} error`, error));
    worker.on('failed', (job, error) => this.log.warn(`job ${queue}/${job?.name} ${job?.id} failed`, error));
    this.workers.push(worker);
  }

  /** Waits until no queue has waiting, delayed or active jobs. */
  async drain(): Promise<void> {
    for (;;) {
      const counts = await Promise.all(
        [...this.queues.values()].map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
      );
      if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
