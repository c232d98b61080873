import { expect } from 'chai';
import { Redis } from 'ioredis';
import { runUnderLease, type Lease, type LeasedTask } from '../../services/platform/lease.js';
import { createLogger } from '../../services/platform/logger.js';
import { dropPrefix, redisOrSkip, testRedisPrefix, testRedisUrl } from './redis.js';
import { until } from '../support/until.js';

const TTL_MS = 600;
const log = createLogger('lease-test', process.env.TEST_LOG === '1' ? 'debug' : 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tasks that record when they run, and how many ran at the same moment. */
class Tracker {
  running = new Set<string>();
  mostAtOnce = 0;
  history: string[] = [];
  task(name: string): LeasedTask {
    return {
      start: async () => {
        this.running.add(name);
        this.history.push(`${name} started`);
        this.mostAtOnce = Math.max(this.mostAtOnce, this.running.size);
      },
      stop: async () => {
        this.running.delete(name);
        this.history.push(`${name} stopped`);
      },
    };
  }
}

describe('lease in Redis', () => {
  let raw: Redis;
  let prefix: string;
  const clients: Redis[] = [];
  const leases: Lease[] = [];

  /** A client as a service has one: every key under the test's prefix. */
  const client = () => {
    const redis = new Redis(testRedisUrl, { keyPrefix: `${prefix}:`, maxRetriesPerRequest: 1, commandTimeout: 500 });
    redis.on('error', () => {});
    clients.push(redis);
    return redis;
  };
  const hold = async (redis: Redis, task: LeasedTask) => {
    const lease = await runUnderLease(task, { redis, key: 'lease:projector', ttlMs: TTL_MS, log });
    leases.push(lease);
    return lease;
  };

  before(async function () {
    raw = await redisOrSkip(this);
  });
  beforeEach(() => {
    prefix = testRedisPrefix();
  });
  afterEach(async () => {
    await Promise.all(leases.splice(0).map((lease) => lease.close()));
    clients.splice(0).forEach((c) => c.disconnect());
    await dropPrefix(raw, prefix);
  });
  after(() => raw?.disconnect());

  it('lets one of two holders run, keeps it past the ttl, and hands over at once when it closes', async () => {
    const tracker = new Tracker();
    const first = await hold(client(), tracker.task('first'));
    const second = await hold(client(), tracker.task('second'));
    expect([first.held, second.held]).to.deep.equal([true, false]);
    expect(await raw.get(`${prefix}:lease:projector`), 'the key lives under the prefix').to.be.a('string');

    await sleep(TTL_MS * 2); // renewals keep it: without them the key would have run out and the second taken over
    expect([first.held, second.held]).to.deep.equal([true, false]);
    expect([...tracker.running]).to.deep.equal(['first']);

    const closedAt = Date.now();
    await first.close();
    await until('the second holds the lease', () => second.held, TTL_MS);
    expect(Date.now() - closedAt, 'released, not left to expire').to.be.below(TTL_MS);
    expect(tracker.history).to.deep.equal(['first started', 'first stopped', 'second started']);
    expect(tracker.mostAtOnce).to.equal(1);
  });

  it('hands over when the holder can no longer reach Redis, and the holder stops before the other starts', async () => {
    const tracker = new Tracker();
    const doomed = client();
    const first = await hold(doomed, tracker.task('first'));
    const second = await hold(client(), tracker.task('second'));
    expect(first.held).to.equal(true);

    doomed.disconnect(); // as good as dead to Redis: it cannot renew, its key runs out after the ttl
    await until('the second holds the lease', () => second.held, TTL_MS * 3);
    expect(first.held).to.equal(false);
    expect(tracker.history).to.deep.equal(['first started', 'first stopped', 'second started']);
    expect(tracker.mostAtOnce).to.equal(1);
  });

  it('stops a holder whose lease another instance took in the meantime', async () => {
    const tracker = new Tracker();
    const first = await hold(client(), tracker.task('first'));
    await raw.set(`${prefix}:lease:projector`, 'someone-else', 'PX', 60_000);

    await until('the first lets go', () => !first.held, TTL_MS);
    expect(tracker.history).to.deep.equal(['first started', 'first stopped']);
    expect(await raw.get(`${prefix}:lease:projector`), 'nor did its renewal extend the other').to.equal('someone-else');
  });

  it('leaves a lease another instance took alone when it closes', async () => {
    const tracker = new Tracker();
    const first = await hold(client(), tracker.task('first'));
    await raw.set(`${prefix}:lease:projector`, 'someone-else', 'PX', 60_000);
    await first.close(); // before its next renewal: it still believes it holds the lease, and releases it
    expect(await raw.get(`${prefix}:lease:projector`)).to.equal('someone-else');
    expect(await raw.pttl(`${prefix}:lease:projector`)).to.be.above(TTL_MS);
  });

  it('is always held without Redis (the embedded default)', async () => {
    const tracker = new Tracker();
    const lease = await runUnderLease(tracker.task('alone'), { key: 'lease:projector', log });
    expect(lease.held).to.equal(true);
    await lease.close();
    expect(lease.held).to.equal(false);
    expect(tracker.history).to.deep.equal(['alone started', 'alone stopped']);
  });
});
