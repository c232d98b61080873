import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './http.js';

export interface Budget {
  /** Tries one key may make within the window. */
  points: number;
  windowSeconds: number;
  /** Keeps each budget's counts apart, so one endpoint cannot use up another's. */
  keyPrefix: string;
}

/** Counts tries per key: in Redis when there is one, so every instance counts the same; else in this process. */
export function rateCounter({ points, windowSeconds, keyPrefix }: Budget, redis?: Redis): RateLimiterAbstract {
  const options = { points, duration: windowSeconds, keyPrefix };
  return redis ? new RateLimiterRedis({ storeClient: redis, ...options }) : new RateLimiterMemory(options);
}

export interface PerIpLimit extends Budget {
  /** What the caller reads with the 429. */
  message: string;
  redis?: Redis;
}

/**
 * For the endpoints anyone may call without a token: counts requests per client IP (`req.ip`, which honours
 * X-Forwarded-For only from a trusted proxy) and answers 429 with Retry-After once the window's budget is spent.
 * Mount it before the body parser, so a flood is refused before its bodies are read.
 */
export function perIpRateLimit({ message, redis, ...budget }: PerIpLimit): RequestHandler {
  const counter = rateCounter(budget, redis);
  return async (req, res, next) => {
    try {
      await counter.consume(req.ip ?? 'unknown');
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, `${message} Try again in ${Math.ceil(wait / 60)} minute(s).`);
    }
    next();
  };
}
