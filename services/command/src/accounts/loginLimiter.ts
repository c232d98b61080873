import { isIPv4 } from 'node:net';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../../../platform/config.js';
import { rateCounter, type CountStore } from '../../../platform/rateLimit.js';

// Under 2^31 ms: the in-memory counter keeps each key with a timer, and a longer one would fire at once.
const KNOWN_NETWORK_SECONDS = 20 * 24 * 3600;

/** The network an address belongs to, as far as "the owner's usual network" goes: its /24 (IPv4) or /64 (IPv6). */
export function networkOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4.split('.').slice(0, 3).join('.');
  return ip.split(':').slice(0, 4).join(':');
}

/**
 * Login attempts, counted per account (its e-mail and its username are one account): per account and IP, so a
 * guesser from one place is stopped after a few tries; per account from networks the owner never logged in from,
 * a slower budget that stops guessing spread over many addresses; and per IP across accounts. A network the owner
 * logged in from within 20 days is not held to the per-account budget, so the owner still gets in while someone
 * elsewhere is guessing. Counted in Redis when there is one (every command instance counts the same attempts), else in the SQLite file.
 */
export class LoginLimiter {
  private readonly perAccountAndIp: RateLimiterAbstract;
  private readonly perAccount: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;
  private readonly knownNetworks: RateLimiterAbstract;

  constructor(config: Config, counts: CountStore) {
    const make = (points: number, keyPrefix: string, windowSeconds = config.LOGIN_WINDOW_SECONDS) =>
      rateCounter({ points, windowSeconds, keyPrefix }, counts);
    this.perAccountAndIp = make(config.LOGIN_MAX_ATTEMPTS_PER_IDENTIFIER, 'login-account-ip');
    this.perAccount = make(config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT, 'login-account');
    this.perIp = make(config.LOGIN_MAX_ATTEMPTS_PER_IP, 'login-ip');
    this.knownNetworks = make(1, 'login-known-network', KNOWN_NETWORK_SECONDS);
  }

  /**
   * Counts one attempt on `account` (the user id, or the identifier when it names no account) from `ip`; resolves
   * to the seconds to wait when a budget is used up, else undefined.
   */
  async attempt(account: string, ip: string): Promise<number | undefined> {
    try {
      const known = await this.knownNetworks.get(`${account}|${networkOf(ip)}`);
      await Promise.all([
        this.perAccountAndIp.consume(`${account}|${ip}`),
        this.perIp.consume(ip),
        ...(known ? [] : [this.perAccount.consume(account)]),
      ]);
      return undefined;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }

  /** A successful login forgets the failed tries from that address and remembers its network as the owner's. */
  async succeeded(account: string, ip: string): Promise<void> {
    await Promise.all([
      this.perAccountAndIp.delete(`${account}|${ip}`),
      this.knownNetworks.set(`${account}|${networkOf(ip)}`, 1, KNOWN_NETWORK_SECONDS),
    ]);
  }
}
