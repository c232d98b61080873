import type { Logger } from '../../../platform/logger.js';
import type { BullWorkerOptions } from './bullmq.js';
import type { JobQueue } from './port.js';

export interface JobQueueOptions {
  redisUrl?: string;
  prefix?: string;
  /** The clock the in-process scheduler reads (BullMQ's schedules run on Redis time). */
  now?: () => Date;
  workerOptions?: BullWorkerOptions;
}

/** BullMQ when `REDIS_URL` is set, else the in-process runner. */
export async function openJobQueue(options: JobQueueOptions, log: Logger): Promise<JobQueue> {
  if (options.redisUrl) {
    const { BullJobQueue } = await import('./bullmq.js');
    const url = new URL(options.redisUrl);
    const connection = {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
      tls: url.protocol === 'rediss:' ? {} : undefined,
      // Every connection, the queues' too, waits across reconnects for a command already sent (BullMQ requires it for
      // the workers' blocking commands). A queue still fails fast: bullmq.ts opens it without the offline queue, so a
      // job added while Redis is away is refused at once, and the dispatcher tries that event again later.
      maxRetriesPerRequest: null,
    };
    return new BullJobQueue(connection, log, options.prefix, options.workerOptions);
  }
  const { InProcessJobQueue } = await import('./inProcess.js');
  return new InProcessJobQueue(log, options.now);
}
