import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './http.js';

export interface PerIpLimit {
  /** Requests one IP may make within the window. */
  points: number;
  windowSeconds: number;
  /** Keeps each route's budget apart, so one endpoint cannot use up another's. */
  keyPrefix: string;
  /** What the caller reads with the 429. */
  message: string;
  /** Where counts live; in memory when not given (each instance counts its own callers). */
  limiter?: RateLimiterAbstract;
}

/**
 * For the endpoints anyone may call without a token: counts requests per client IP (`req.ip`, which honours
 * X-Forwarded-For only from a trusted proxy) and answers 429 with Retry-After once the window's budget is spent.
 * Mount it before the body parser, so a flood is refused before its bodies are read.
 */
export function perIpRateLimit({ points, windowSeconds, keyPrefix, message, limiter }: PerIpLimit): RequestHandler {
  const counter = limiter ?? new RateLimiterMemory({ points, duration: windowSeconds, keyPrefix });
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
