/**
 * What `SubscriptionCancelled.reason` holds (events/subscription.ts): one of the cancel page's fixed reasons (spec
 * docs/product.md#input-rules), else the text typed under Other, or OTHER_WITHOUT_DETAILS for an Other left empty. This file imports nothing:
 * the web client's cancel page reads it too, so the page, the command and the analytics share one list.
 */
export const CANCELLATION_REASONS = [
  "It's too expensive for me right now ($6.99/month).",
  "The features aren't meeting my needs.",
  "I'm not using the product as much as I expected.",
  'I found a better alternative.',
] as const;

export const OTHER_WITHOUT_DETAILS = 'Other (no details)';

/** The reason recorded when a subscription ends because its owner deleted the account. */
export const ACCOUNT_DELETED = 'Account deleted';
