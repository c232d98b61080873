import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own per run, so runs sharing one Redis never see each other's queues or leases. */
export const testRedisPrefix = () => `test-${randomBytes(6).toString('hex')}`;

/**
 * A raw client (no key prefix) when Redis answers. Without one the suite skips with the reason, except under
 * CI=true, where a missing Redis fails it (docs/architecture.md (tests): a suite whose real part is missing never silently passes).
 */
export async function redisOrSkip(context: Mocha.Context): Promise<Redis> {
  const redis = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  let refused: Error | undefined;
  redis.on('error', (error) => (refused = error));
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    const reason = `no Redis at ${testRedisUrl} (${(refused ?? (error as Error)).message}); set TEST_REDIS_URL or start redis-server`;
    if (process.env.CI === 'true') throw new Error(`${reason}. Under CI=true this suite needs Redis.`, { cause: error });
    console.log(`      skipped: ${reason}`);
    context.skip();
  }
}

/** Deletes every key under a test prefix. */
export async function dropPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
