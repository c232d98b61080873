/**
 * What `SubscriptionCancelled.reason` holds (events/subscription.ts): one of the cancel page's fixed reasons, else the
 * text typed under Other, or OTHER_WITHOUT_DETAILS for an Other left empty. This file imports nothing: the web
 * client's cancel page reads it too, so the page, the command and the analytics share one list.
 */

/** "Too expensive" names the price the person pays: an annual member is not paying $6.99 a month. */
export const TOO_EXPENSIVE = {
  monthly: "It's too expensive for me right now ($6.99/month).",
  annually: "It's too expensive for me right now ($74.99/year).",
} as const;

const OTHER_REASONS = ["The features aren't meeting my needs.", "I'm not using the product as much as I expected.", 'I found a better alternative.'] as const;

/** Every fixed reason a cancellation may carry, whichever plan it ended. */
export const CANCELLATION_REASONS = [TOO_EXPENSIVE.monthly, TOO_EXPENSIVE.annually, ...OTHER_REASONS] as const;

/**
 * The fixed reasons offered to someone cancelling a plan billed at this interval, in the page's order; with the
 * interval unknown (the profile could not be read), none that names a price.
 */
export function cancellationReasonsFor(interval: 'monthly' | 'annually' | undefined): string[] {
  return interval ? [TOO_EXPENSIVE[interval], ...OTHER_REASONS] : [...OTHER_REASONS];
}

export const OTHER_WITHOUT_DETAILS = 'Other (no details)';

/** The reason recorded when a subscription ends because its owner deleted the account. */
export const ACCOUNT_DELETED = 'Account deleted';
