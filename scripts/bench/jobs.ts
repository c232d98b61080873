import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../services/platform/logger.js';
import { openJobQueue } from '../../services/workers/src/jobs/open.js';
import type { JobQueue } from '../../services/workers/src/jobs/port.js';
import { note, now, round } from './common.js';

export interface JobRunFigures {
  jobs: number;
  /** `queue.add` calls per second, as many in flight as `inFlight`. */
  addsPerSecond: number;
  /** From the first add to the last job done, over the jobs. */
  jobsPerSecond: number;
  seconds: number;
}

export type JobFigures =
  | { redisUrl: string; inFlight: number; bullmq: JobRunFigures; inProcess: JobRunFigures }
  | { skipped: string; inProcess: JobRunFigures };

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** N no-op jobs through the real JobQueue adapter (the one the dispatcher adds to and the workers take from). */
async function run(queue: JobQueue, jobs: number, inFlight: number): Promise<JobRunFigures> {
  let done = 0;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  queue.work('bench', async () => {
    done += 1;
    if (done === jobs) allDone();
  });
  const started = now();
  let next = 0;
  const adder = async () => {
    while (next < jobs) {
      const i = next++;
      await queue.add({ id: `job-${i}`, queue: 'bench', name: 'noop', data: { i } });
    }
  };
  await Promise.all(Array.from({ length: inFlight }, adder));
  const added = now();
  await finished;
  const ended = now();
  await queue.close();
  return {
    jobs,
    addsPerSecond: Math.round(jobs / ((added - started) / 1000)),
    jobsPerSecond: Math.round(jobs / ((ended - started) / 1000)),
    seconds: round((ended - started) / 1000, 2),
  };
}

/** jobs/s through BullMQ on the Redis at REDIS_URL (else 127.0.0.1:6379), beside the in-process runner. */
export async function measureJobs(settings: { jobs: number; inFlight: number }): Promise<JobFigures> {
  note(`jobs: ${settings.jobs} no-op jobs in-process`);
  const inProcess = await run(await openJobQueue({}, silent), settings.jobs, settings.inFlight);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    probe.disconnect();
    const skipped = `no Redis at ${redisUrl} (${(error as Error).message}): BullMQ jobs/s not measured`;
    note(`jobs: ${skipped}`);
    return { skipped, inProcess };
  }
  // A prefix of its own, removed afterwards, so the bench never touches another deployment's queues.
  const prefix = `bench-${randomBytes(6).toString('hex')}`;
  try {
    note(`jobs: ${settings.jobs} no-op jobs through BullMQ at ${redisUrl}`);
    const bullmq = await run(await openJobQueue({ redisUrl, prefix }, silent), settings.jobs, settings.inFlight);
    return { redisUrl, inFlight: settings.inFlight, bullmq, inProcess };
  } finally {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await probe.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await probe.del(...keys);
      cursor = nextCursor;
    } while (cursor !== '0');
    probe.disconnect();
  }
}

// `npx tsx scripts/bench/jobs.ts` measures only this.
if (import.meta.url === `file://${process.argv[1]}`) {
  void measureJobs({ jobs: Number(process.env.BENCH_JOBS ?? 5000), inFlight: 50 }).then((figures) => {
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    process.exit(0);
  });
}
