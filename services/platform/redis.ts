import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/**
 * One client per process for short commands (login limits, leases). Every key it touches starts with
 * `<prefix>:`, so two deployments (or two test runs) sharing one Redis never see each other's keys.
 * Commands fail after 2 s instead of queueing forever, so a lease holder notices Redis is gone in time to stop.
 */
export function connectRedis(url: string, prefix: string, log: Logger): Redis {
  const redis = new Redis(url, { keyPrefix: `${prefix}:`, maxRetriesPerRequest: 1, commandTimeout: 2000 });
  redis.on('error', (error) => log.warn('redis error', error));
  return redis;
}
