import type { Logger } from '../../../platform/logger.js';
import type { JobQueue } from './port.js';

/** BullMQ when `REDIS_URL` is set, else the in-process runner. */
export async function openJobQueue(options: { redisUrl?: string; prefix?: string }, log: Logger): Promise<JobQueue> {
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
      // BullMQ workers need blocking commands to wait forever; queues should fail fast instead (see STYLE.md).
      maxRetriesPerRequest: null,
    };
    return new BullJobQueue(connection, log, options.prefix);
  }
  const { InProcessJobQueue } = await import('./inProcess.js');
  return new InProcessJobQueue(log);
}
