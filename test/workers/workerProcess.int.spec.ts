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

/** A worker in its own process (fixtures/workerProcess.ts), with its output kept. */
class WorkerProcess {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<{ code: number | null; signal: string | null }>;

  constructor(prefix: string, workMs: number) {
    // runService parses the environment as the services do; the fixture takes its Redis from its arguments.
    const { REDIS_URL: _unused, ...env } = process.env;
    this.child = spawn(process.execPath, ['--import', 'tsx', 'test/workers/fixtures/workerProcess.ts', testRedisUrl, prefix, String(workMs)], {
      cwd: root,
      env: { ...env, PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk) => (this.output += chunk));
    this.child.stderr!.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  says = (text: string, timeoutMs = 90_000) =>
    until(`the worker process to say "${text}"`, () => {
      if (this.child.exitCode !== null) throw new Error(`worker process exited with ${this.child.exitCode}:\n${this.output}`);
      return this.output.includes(text);
    }, timeoutMs);
}

describe('workers: a worker process dying or stopping mid-job (BullMQ)', function () {
  // Worker processes each compile their TypeScript before they are ready: many seconds on a loaded machine.
  this.timeout(180_000);
  let redis: Redis;
  let prefix: string;
  let worker: WorkerProcess | undefined;
  let queue: BullJobQueue | undefined;

  beforeEach(async function () {
    redis = await redisOrSkip(this);
    prefix = testRedisPrefix();
    queue = (await openJobQueue({ redisUrl: testRedisUrl, prefix, workerOptions: STALL_OPTIONS }, createLogger('test', 'silent'))) as BullJobQueue;
  });
  afterEach(async () => {
    if (worker && worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await queue?.close();
    await dropPrefix(redis, prefix);
    redis.disconnect();
  });

  const finishedOn = (id: string) => redis.hget(`${prefix}:slow:${id}`, 'finishedOn');

  it('after kill -9 the job is taken up by another worker (stalled-job recovery) and finished once', async () => {
    // given a worker process that has started a long job
    worker = new WorkerProcess(prefix, 60_000);
    await worker.says('ready');
    await queue!.add({ id: 'survivor-1', queue: 'slow', name: 'work', data: { n: 1 } });
    await worker.says('started survivor-1');

    // when that process is killed without a chance to clean up, and another worker is running
    worker.child.kill('SIGKILL');
    expect((await worker.exited).signal).to.equal('SIGKILL');
    const finishedBy: string[] = [];
    queue!.work('slow', async (job) => void finishedBy.push(job.id));

    // then the job comes back from the stalled check and the new worker finishes it, once
    await until('the job to be finished by the new worker', () => finishedBy.length > 0, 20_000);
    await queue!.drain();
    expect(finishedBy).to.deep.equal(['survivor-1']);
    expect(await finishedOn('survivor-1')).to.be.a('string');
  });

  it('on SIGTERM lets the job in flight finish, then exits 0 (graceful shutdown)', async () => {
    // given a worker process in the middle of a 1.5 s job
    worker = new WorkerProcess(prefix, 1500);
    await worker.says('ready');
    await queue!.add({ id: 'graceful-1', queue: 'slow', name: 'work', data: {} });
    await worker.says('started graceful-1');

    // when it is told to stop, as docker stops a container
    worker.child.kill('SIGTERM');

    // then it finishes the job before it exits, cleanly, and the job is done in Redis (not left to stall)
    expect(await worker.exited).to.deep.equal({ code: 0, signal: null });
    expect(worker.output).to.include('finished graceful-1');
    expect(await finishedOn('graceful-1')).to.be.a('string');
  });
});
