import type { RequestHandler, Response } from 'express';
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

/**
 * Counts tries per key: in Redis when there is one, so every instance counts the same; else in this process. While
 * Redis does not answer, this process counts alone (the insurance limiter) rather than failing the request.
 */
export function rateCounter({ points, windowSeconds, keyPrefix }: Budget, redis?: Redis): RateLimiterAbstract {
  const options = { points, duration: windowSeconds, keyPrefix };
  return redis
    ? new RateLimiterRedis({ storeClient: redis, ...options, insuranceLimiter: new RateLimiterMemory(options) })
    : new RateLimiterMemory(options);
}

/** Counts one try of `key`; once the budget is spent, a 429 with Retry-After and `message` plus the wait. */
export async function spend(counter: RateLimiterAbstract, key: string, message: string, res: Response): Promise<void> {
  try {
    await counter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw tooMany(res, error.msBeforeNext, message);
  }
}

/** 429 with Retry-After in seconds; the message says the wait in minutes, which a person can plan with. */
export function tooMany(res: Response, msBeforeNext: number, message: string): HttpError {
  const wait = Math.max(1, Math.ceil(msBeforeNext / 1000));
  res.setHeader('Retry-After', String(wait));
  return new HttpError(429, `${message} Try again in ${Math.ceil(wait / 60)} minute(s).`);
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
    await spend(counter, req.ip ?? 'unknown', message, res);
    next();
  };
}
