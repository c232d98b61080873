import type Database from 'better-sqlite3';
import type { RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './http.js';
import { openSqliteFile } from '../../lowlevel/sqlite.js';

export interface Budget {
  /** Tries one key may make within the window. */
  points: number;
  windowSeconds: number;
  /** Keeps each budget's counts apart, so one endpoint cannot use up another's. */
  keyPrefix: string;
}

/**
 * Where the counts of every budget are kept: in Redis when there is one, so every instance counts the same; else in
 * the SQLite file of DATA_DIR, so a restart does not hand everyone a fresh budget (a daily chat limit that a restart
 * resets is no daily limit).
 */
export type CountStore = { redis: Redis } | { sqlite: Database.Database };

/** The table of the counts in the SQLite file: one row per budget and key (`<keyPrefix>:<key>`), with its expiry. */
const COUNTS_TABLE = 'rate_counts';

/** The store for `redis` when set, else a connection to the SQLite file; `close` ends what was opened here. */
export function openCountStore(sqliteFile: string, redis?: Redis): { counts: CountStore; close(): void } {
  if (redis) return { counts: { redis }, close: () => undefined };
  const db = openSqliteFile(sqliteFile, (db) => {
    // The same table rate-limiter-flexible creates; made here, at once, so the first count never finds it missing.
    db.exec(`CREATE TABLE IF NOT EXISTS ${COUNTS_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
    // Windows that ended are worth nothing; the longest is 20 days, so the table holds the keys of 20 days at most.
    db.prepare(`DELETE FROM ${COUNTS_TABLE} WHERE expire < ?`).run(Date.now());
  });
  return { counts: { sqlite: db }, close: () => db.close() };
}

/**
 * Counts tries per key in `counts`. While Redis does not answer, or the SQLite file is locked by another process or
 * cannot be written, this process counts alone (the insurance limiter) rather than failing the request.
 */
export function rateCounter({ points, windowSeconds, keyPrefix }: Budget, counts: CountStore): RateLimiterAbstract {
  const options = { points, duration: windowSeconds, keyPrefix };
  if ('redis' in counts) return new RateLimiterRedis({ storeClient: counts.redis, ...options, insuranceLimiter: new RateLimiterMemory(options) });
  return new RateLimiterSQLite({
    storeClient: counts.sqlite,
    storeType: 'better-sqlite3',
    tableName: COUNTS_TABLE,
    tableCreated: true,
    ...options,
    insuranceLimiter: new RateLimiterMemory(options),
  });
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

/** "45 seconds", "12 minutes", "3 hours": how long to wait, in the unit a person thinks in. */
export function waitInWords(seconds: number): string {
  const [amount, unit] = seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** One of the budgets a try counts against, with the sentence (given the wait in words) once it is spent. */
export interface CountedBudget {
  counter: RateLimiterAbstract;
  refusal: (wait: string) => string;
}

/** Counts one try of `key` against each budget in turn; the first one spent is a 429 with Retry-After and its sentence. */
export async function spendEach(budgets: CountedBudget[], key: string, res: Response): Promise<void> {
  for (const { counter, refusal } of budgets) {
    try {
      await counter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, refusal(waitInWords(wait)));
    }
  }
}

/** A key's budgets: `spend` counts a try (or throws the 429), `refuseWhenSpent` only looks (see below). */
export const budgetsOf = (budgets: CountedBudget[]) => ({
  spend: (key: string, res: Response) => spendEach(budgets, key, res),
  refuseWhenSpent: (key: string, res: Response) => refuseWhenSpent(budgets, key, res),
});

/**
 * The 429 of the first of `budgets` that `key` has spent already, without counting a try: lets a route refuse before
 * it reads the body, so a client that goes on sending once refused costs a count lookup each time and nothing more.
 */
export async function refuseWhenSpent(budgets: CountedBudget[], key: string, res: Response): Promise<void> {
  for (const { counter, refusal } of budgets) {
    const counted = await counter.get(key);
    if (counted && counted.remainingPoints <= 0 && counted.msBeforeNext > 0) {
      const wait = Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, refusal(waitInWords(wait)));
    }
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
  counts: CountStore;
}

/**
 * For the endpoints anyone may call without a token: counts requests per client IP (`req.ip`, which honours
 * X-Forwarded-For only from a trusted proxy) and answers 429 with Retry-After once the window's budget is spent.
 * Mount it before the body parser, so a flood is refused before its bodies are read.
 */
export function perIpRateLimit({ message, counts, ...budget }: PerIpLimit): RequestHandler {
  const counter = rateCounter(budget, counts);
  return async (req, res, next) => {
    await spend(counter, req.ip ?? 'unknown', message, res);
    next();
  };
}
