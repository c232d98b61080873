import type { Config } from '../../../platform/config.js';
import { budgetsOf, rateCounter, type CountStore } from '../../../platform/rateLimit.js';

/**
 * Each user's ticket budgets: a person reporting what went wrong sends a few; past an hour's and a day's worth it is
 * a flood that would bury every other report in the staff's list. Counted where every budget is (Redis, else the
 * SQLite file); only tickets that would be recorded count.
 */
export function ticketLimits(config: Config, counts: CountStore) {
  const budgets = [
    {
      counter: rateCounter({ points: config.TICKET_MAX_PER_HOUR, windowSeconds: 3600, keyPrefix: 'ticket-hour' }, counts),
      refusal: (wait: string) => `You have sent ${config.TICKET_MAX_PER_HOUR} tickets in the last hour. You can send another in ${wait}.`,
    },
    {
      counter: rateCounter({ points: config.TICKET_MAX_PER_DAY, windowSeconds: 24 * 3600, keyPrefix: 'ticket-day' }, counts),
      refusal: (wait: string) => `You have sent ${config.TICKET_MAX_PER_DAY} tickets today. You can send another in ${wait}.`,
    },
  ];
  /** Counts one ticket of a user (or throws the 429 with Retry-After saying when another may be sent), or only looks. */
  return budgetsOf(budgets);
}
