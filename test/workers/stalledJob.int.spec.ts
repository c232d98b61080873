import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { createLogger } from '../../services/platform/logger.js';
import type { BullJobQueue } from '../../services/workers/src/jobs/bullmq.js';
import { openJobQueue } from '../../services/workers/src/jobs/open.js';
import { dropPrefix, redisOrSkip, testRedisPrefix, testRedisUrl } from '../platform/redis.js';
import { STALL_OPTIONS } from './fixtures/stallOptions.js';
import { until } from './support.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('workers: a job survives its worker being killed mid-job (BullMQ stalled-job recovery)', function () {
  this.timeout(60_000);
  let redis: Redis;
  const prefix = testRedisPrefix();
  let child: ChildProcess | undefined;
  let queue: BullJobQueue | undefined;

  before(async function () {
    redis = await redisOrSkip(this);
  });
  after(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await queue?.close();
    await dropPrefix(redis, prefix);
    redis.disconnect();
  });

  it('is taken up and finished by another worker after kill -9', async () => {
    // given a worker in its own process that has started a job
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'test/workers/fixtures/stallingWorker.ts', testRedisUrl, prefix], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await until('the child worker to be ready', () => output.includes('ready'), 30_000);
    queue = (await openJobQueue({ redisUrl: testRedisUrl, prefix, workerOptions: STALL_OPTIONS }, createLogger('test', 'silent'))) as BullJobQueue;
    await queue.add({ id: 'survivor-1', queue: 'stalling', name: 'work', data: { n: 1 } });
    await until('the child to start the job', () => output.includes('started survivor-1'), 15_000);

    // when that process is killed without a chance to clean up, and another worker is running
    const exited = new Promise((resolve) => child!.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).to.equal('SIGKILL');
    const finishedBy: string[] = [];
    queue.work('stalling', async (job) => void finishedBy.push(job.id));

    // then the job comes back from the stalled check and the new worker finishes it, once
    await until('the job to be finished by the new worker', () => finishedBy.length > 0, 20_000);
    await queue.drain();
    expect(finishedBy).to.deep.equal(['survivor-1']);
    expect(await redis.exists(`${prefix}:stalling:survivor-1`)).to.equal(1);
    expect(await redis.hget(`${prefix}:stalling:survivor-1`, 'finishedOn')).to.be.a('string');
  });
});
