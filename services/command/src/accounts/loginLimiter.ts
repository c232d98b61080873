import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { Config } from '../../../platform/config.js';
import { rateCounter } from '../../../platform/rateLimit.js';

/**
 * Login attempts per identifier and per IP within a window. In Redis when there is one, so every command
 * instance counts the same attempts; in memory on the embedded default.
 */
export class LoginLimiter {
  private readonly perIdentifier: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(config: Config, redis?: Redis) {
    const make = (points: number, keyPrefix: string) => rateCounter({ points, windowSeconds: config.LOGIN_WINDOW_SECONDS, keyPrefix }, redis);
    this.perIdentifier = make(config.LOGIN_MAX_ATTEMPTS_PER_IDENTIFIER, 'login-id');
    this.perIp = make(config.LOGIN_MAX_ATTEMPTS_PER_IP, 'login-ip');
  }

  /** Counts one attempt; resolves to the seconds to wait when either limit is used up, else undefined. */
  async attempt(identifier: string, ip: string): Promise<number | undefined> {
    try {
      await Promise.all([this.perIdentifier.consume(identifier.toLowerCase()), this.perIp.consume(ip)]);
      return undefined;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }

  /** A successful login forgets the failed ones before it. */
  async succeeded(identifier: string): Promise<void> {
    await this.perIdentifier.delete(identifier.toLowerCase());
  }
}
