import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../../platform/config.js';
import { HttpError } from '../../../platform/http.js';
import { rateCounter, type CountStore } from '../../../platform/rateLimit.js';

const DAY_SECONDS = 24 * 3600;

/** "45 seconds", "12 minutes", "3 hours": how long to wait, in the unit a person thinks in. */
function inWords(seconds: number): string {
  const [amount, unit] = seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * Each user's chat budgets: a short burst (a person types, reads, types again; a script does not) and a day's
 * worth. Counted where every budget is (Redis, else the SQLite file), so a restart does not reset them. Every well-formed question counts,
 * an oversized one (413) too: refusing it costs work, so it must not be a free retry.
 */
export function chatLimits(config: Config, counts: CountStore) {
  const burst = rateCounter({ points: config.CHAT_BURST_LIMIT, windowSeconds: config.CHAT_BURST_WINDOW_SECONDS, keyPrefix: 'chat-burst' }, counts);
  const daily = rateCounter({ points: config.CHAT_DAILY_LIMIT, windowSeconds: DAY_SECONDS, keyPrefix: 'chat-day' }, counts);

  /** Counts one question, or throws the 429 (Retry-After in `retryAfterSeconds`) saying when to come back. */
  return async function countQuestion(userId: string): Promise<void> {
    try {
      await burst.consume(userId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ChatRateLimited(`You are sending messages faster than the trainer can answer. Please wait ${inWords(wait)} and try again.`, wait);
    }
    try {
      await daily.consume(userId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ChatRateLimited(`You have used today's ${config.CHAT_DAILY_LIMIT} messages with the trainer. You can chat again in ${inWords(wait)}.`, wait);
    }
  };
}

export class ChatRateLimited extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
