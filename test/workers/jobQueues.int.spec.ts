import { expect } from 'chai';
import type { Redis } from 'ioredis';
import type { Logger } from '../../services/platform/logger.js';
import type { BullJobQueue } from '../../services/workers/src/jobs/bullmq.js';
import { openJobQueue } from '../../services/workers/src/jobs/open.js';
import { JOB_ATTEMPTS, type Job, type JobQueue } from '../../services/workers/src/jobs/port.js';
import { forgetAccountRoute } from '../../services/workers/src/accounts/forget.js';
import { dropPrefix, redisOrSkip, testRedisPrefix, testRedisUrl } from '../platform/redis.js';
import { until } from './support.js';

/** A logger that keeps what it is told, to read the dead-letter lines back. */
function capturingLog() {
  const entries: Array<{ level: string; message: string; extra?: unknown }> = [];
  const at = (level: string) => (message: string, extra?: unknown) => void entries.push({ level, message, extra });
  const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, entries };
}

const runners = [
  { name: 'in-process', redis: false },
  { name: 'BullMQ', redis: true },
];

for (const runner of runners) {
  describe(`workers: the ${runner.name} job queue`, function () {
    this.timeout(30_000);
    let redis: Redis | undefined;
    let prefix: string;
    let queue: JobQueue;
    let captured: ReturnType<typeof capturingLog>;

    beforeEach(async function () {
      if (runner.redis) redis = await redisOrSkip(this);
      prefix = testRedisPrefix();
      captured = capturingLog();
      queue = await openJobQueue({ redisUrl: runner.redis ? testRedisUrl : undefined, prefix }, captured.log);
    });
    afterEach(async () => {
      await queue?.close();
      if (redis) await dropPrefix(redis, prefix);
      redis?.disconnect();
    });

    it(`retries a failing job ${JOB_ATTEMPTS} times with backoff, then logs it as a dead letter`, async () => {
      // given a handler that always fails
      const attempts: number[] = [];
      queue.work('flaky', async () => {
        attempts.push(Date.now());
        throw new Error('the mail server said no');
      });
      // when a job is added
      const job: Job = { id: 'job-1', queue: 'flaky', name: 'send', data: { userId: 'u-1', position: 7, email: 'ann@example.com', note: 'x'.repeat(1000) } };
      await queue.add(job);
      await until('the dead letter', () => captured.entries.some((e) => e.level === 'error'), 15_000);
      // then it ran three times, waiting longer each time
      expect(attempts).to.have.length(JOB_ATTEMPTS);
      expect(attempts[1]! - attempts[0]!).to.be.at.least(400);
      expect(attempts[2]! - attempts[1]!).to.be.at.least(attempts[1]! - attempts[0]!);
      // and the last failure is one error line naming queue, id, the data's ids and numbers (no address, no text), and the error
      const errors = captured.entries.filter((e) => e.level === 'error');
      expect(errors).to.have.length(1);
      expect(errors[0]!.message).to.equal('job flaky/send job-1 failed its last attempt');
      const extra = errors[0]!.extra as Record<string, unknown>;
      expect(extra).to.include({ deadLetter: true, queue: 'flaky', id: 'job-1', name: 'send', error: 'the mail server said no' });
      expect(extra.data).to.equal('{"userId":"u-1","position":7}');
      expect(captured.entries.filter((e) => e.level === 'warn')).to.have.length(JOB_ATTEMPTS - 1);
      if (runner.redis) {
        // BullMQ keeps it in the failed set, where it can be inspected and retried
        const failed = await (queue as BullJobQueue).failedJobs('flaky');
        expect(failed.map((j) => [j.id, j.attemptsMade, j.failedReason])).to.deep.equal([['job-1', JOB_ATTEMPTS, 'the mail server said no']]);
      }
    });

    it(`tries a job to be done until done past ${JOB_ATTEMPTS} attempts, and the forget-account job is one`, async () => {
      // given a handler that fails one time more than a job's attempts, then succeeds
      const attempts: number[] = [];
      queue.work('forget', async () => {
        attempts.push(Date.now());
        if (attempts.length <= JOB_ATTEMPTS) throw new Error('the read models have not reached the deletion yet');
      });
      // when the job deletion's clean-up adds is added
      const [job] = forgetAccountRoute({ type: 'AccountDeleted', id: 'deleted-1', data: { userId: 'u-1', deletedAt: '2026-11-01T00:00:00.000Z' }, position: 7, stream: 'user-u-1', revision: 3, metadata: { at: '2026-11-01T00:00:00.000Z' } });
      expect(job).to.include({ untilDone: true });
      await queue.add({ ...job!, queue: 'forget' });
      // then it ran until it succeeded, and nothing was given up
      await until('the job to succeed', () => attempts.length === JOB_ATTEMPTS + 1, 20_000);
      await queue.drain();
      expect(captured.entries.filter((e) => e.level === 'error')).to.deep.equal([]);
    });

    it('lets the job in flight finish when closed (graceful shutdown)', async () => {
      // given a job that is running
      let started = false;
      let finished = false;
      queue.work('slow', async () => {
        started = true;
        await new Promise((r) => setTimeout(r, 500));
        finished = true;
      });
      await queue.add({ id: 'slow-1', queue: 'slow', name: 'work', data: {} });
      await until('the job to start', () => started);
      // when the queue is closed; then close waits for it
      await queue.close();
      expect(finished).to.equal(true);
    });
  });
}
