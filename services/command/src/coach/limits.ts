import type { Config } from '../../../platform/config.js';
import { budgetsOf, rateCounter, type CountStore } from '../../../platform/rateLimit.js';

const DAY_SECONDS = 24 * 3600;

/**
 * Each user's chat budgets: a short burst (a person types, reads, types again; a script does not) and a day's
 * worth. Counted where every budget is (Redis, else the SQLite file), so a restart does not reset them. Every
 * well-formed question counts, an oversized one (413) too: refusing it costs work, so it must not be a free retry.
 */
export function chatLimits(config: Config, counts: CountStore) {
  const budgets = [
    {
      counter: rateCounter({ points: config.CHAT_BURST_LIMIT, windowSeconds: config.CHAT_BURST_WINDOW_SECONDS, keyPrefix: 'chat-burst' }, counts),
      refusal: (wait: string) => `You are sending messages faster than the trainer can answer. Please wait ${wait} and try again.`,
    },
    {
      counter: rateCounter({ points: config.CHAT_DAILY_LIMIT, windowSeconds: DAY_SECONDS, keyPrefix: 'chat-day' }, counts),
      refusal: (wait: string) => `You have used today's ${config.CHAT_DAILY_LIMIT} messages with the trainer. You can chat again in ${wait}.`,
    },
  ];
  /** Counts one question of a user (or throws the 429 with Retry-After saying when to come back), or only looks. */
  return budgetsOf(budgets);
}
