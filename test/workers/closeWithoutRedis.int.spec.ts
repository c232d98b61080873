import { expect } from 'chai';
import type { Logger } from '../../services/platform/logger.js';
import { BullJobQueue } from '../../services/workers/src/jobs/bullmq.js';
import { redisOrSkip, testRedisPrefix } from '../platform/redis.js';
import { startPrivateRedis, type PrivateRedis } from '../support/privateRedis.js';
import { until } from './support.js';

/**
 * A stopping app closes its job queues; with Redis gone a BullMQ worker's own close never ends (its client, parked
 * reconnecting, never says it ended), which held `npm start` and the services forever on SIGTERM. The queues' close
 * stops waiting after its bound, and says why.
 */
describe('workers: closing the BullMQ queues while Redis is out of reach', function () {
  this.timeout(30_000);
  let redis: PrivateRedis | undefined;
  afterEach(async () => redis?.kill());

  it('gives up waiting after its bound and says so, instead of holding the stop forever', async function () {
    (await redisOrSkip(this)).disconnect();
    redis = await startPrivateRedis();
    const warnings: string[] = [];
    const errors: string[] = [];
    const log: Logger = { debug: () => {}, info: () => {}, warn: (message) => void warnings.push(message), error: (message) => void errors.push(message) };
    const queue = new BullJobQueue({ host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null }, log, testRedisPrefix(), {}, 500);
    // Given a worker that has done a job, so its connections are up
    let done = 0;
    queue.work('probe', async () => void (done += 1));
    await queue.add({ id: 'probe-1', queue: 'probe', name: 'probe', data: {} });
    await until('the probe job', () => done === 1, 10_000);
    // When Redis goes away, the worker finds it gone, and the queues close
    await redis.kill();
    await until('the worker to find Redis gone', () => errors.some((e) => e.startsWith('worker probe error')), 10_000);
    const started = Date.now();
    await queue.close();
    // Then the close ends, past its bound, and says it stopped waiting
    expect(Date.now() - started).to.be.at.least(500);
    expect(warnings.some((w) => w.startsWith('the job queues did not close within 500 ms'))).to.equal(true);
  });
});
