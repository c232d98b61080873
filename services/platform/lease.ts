import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/** Work only one instance may do at a time (the projector runner, the workers' dispatcher). */
export interface LeasedTask {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface Lease {
  /** Whether this instance holds the lease, and so runs the task, right now. */
  readonly held: boolean;
  /** Stops the task if it runs here and gives the lease up, so another instance takes over without waiting. */
  close(): Promise<void>;
}

export const DEFAULT_LEASE_TTL_MS = 10_000;

// Both scripts act only while the key still holds our token: a holder that stalled past the ttl must neither
// extend nor delete a lease another instance has taken in the meantime.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** The three Redis operations of a lease on one key, owned by one random token. */
export class RedisLeaseKey {
  readonly token = randomUUID();

  constructor(
    private readonly redis: Redis,
    readonly key: string,
    readonly ttlMs: number,
  ) {}

  async acquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.token, 'PX', this.ttlMs, 'NX')) === 'OK';
  }

  async renew(): Promise<boolean> {
    return Number(await this.redis.eval(RENEW, 1, this.key, this.token, this.ttlMs)) === 1;
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key, this.token);
  }
}

export interface LeaseOptions {
  /** Without Redis (the embedded default) there is no other instance: the lease is always held. */
  redis?: Redis;
  key: string;
  ttlMs?: number;
  log: Logger;
}

/**
 * Runs `task` while this instance holds the lease: tries to take it every ttl/3, renews it as often while held,
 * stops the task when it is lost. Resolves after the first attempt, so a caller knows whether it started here.
 */
export async function runUnderLease(task: LeasedTask, options: LeaseOptions): Promise<Lease> {
  if (!options.redis) {
    await task.start();
    let running = true;
    return {
      get held() {
        return running;
      },
      async close() {
        if (!running) return;
        running = false;
        await task.stop();
      },
    };
  }
  const keeper = new LeaseKeeper(task, new RedisLeaseKey(options.redis, options.key, options.ttlMs ?? DEFAULT_LEASE_TTL_MS), options.log);
  await keeper.begin();
  return keeper;
}

class LeaseKeeper implements Lease {
  held = false;
  /** When the lease runs out in Redis at the latest, counted from before the command that set it was sent. */
  private expiresAt = 0;
  private timer?: NodeJS.Timeout;
  private ticking: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly task: LeasedTask,
    private readonly lease: RedisLeaseKey,
    private readonly log: Logger,
  ) {}

  async begin(): Promise<void> {
    this.ticking = this.tick();
    await this.ticking;
  }

  private schedule() {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick();
    }, this.lease.ttlMs / 3);
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    if (this.held) await this.keep();
    else await this.take();
    this.schedule();
  }

  private async take() {
    const sentAt = Date.now();
    try {
      if (!(await this.lease.acquire())) return;
    } catch (error) {
      return this.log.debug(`lease ${this.lease.key}: could not ask Redis; trying again`, error);
    }
    this.held = true;
    this.expiresAt = sentAt + this.lease.ttlMs;
    this.log.info(`lease ${this.lease.key} taken; starting`);
    try {
      await this.task.start();
    } catch (error) {
      // Give it back at once, so this or another instance can try again instead of holding a lease for nothing.
      this.log.error(`lease ${this.lease.key}: could not start; giving the lease up`, error);
      this.held = false;
      await this.lease.release().catch(() => {});
    }
  }

  private async keep() {
    const sentAt = Date.now();
    try {
      if (await this.lease.renew()) return void (this.expiresAt = sentAt + this.lease.ttlMs);
      this.log.warn(`lease ${this.lease.key} was taken by another instance; stopping`);
    } catch (error) {
      // Redis cannot be reached: keep running while the lease surely still stands, but stop a renewal period
      // before it can run out, so another instance never starts while this one still works.
      if (Date.now() + this.lease.ttlMs / 3 < this.expiresAt) return this.log.warn(`lease ${this.lease.key}: could not renew yet`, error);
      this.log.warn(`lease ${this.lease.key}: could not renew in time; stopping`, error);
    }
    await this.lose();
  }

  private async lose() {
    this.held = false;
    await this.task.stop().catch((error) => this.log.error(`lease ${this.lease.key}: stopping failed`, error));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.ticking;
    if (!this.held) return;
    await this.lose();
    await this.lease.release().catch((error) => this.log.warn(`lease ${this.lease.key}: could not release; it runs out by itself`, error));
  }
}
