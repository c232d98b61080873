import { z } from 'zod';
import { OTHER_WITHOUT_DETAILS } from '../../../../contract/billing/cancellationReasons.js';
import { SUBSCRIPTION_INTERVALS } from '../../../../events/subscription.js';

export const checkoutInput = z
  .object({ interval: z.enum(SUBSCRIPTION_INTERVALS, { error: "interval must be 'monthly' or 'annually'" }) })
  .strict();

/**
 * The cancel page sends one string: one of the four fixed reasons, or the text typed under Other, or
 * 'Other (no details)'. It is kept as sent; an empty reason, or a bare 'Other', is 'Other (no details)'.
 */
export const cancelInput = z
  .object({
    reason: z
      .string({ error: 'reason is required' })
      .trim()
      .max(1000, 'reason must be at most 1000 characters')
      .transform((reason) => (reason === '' || reason.toLowerCase() === 'other' ? OTHER_WITHOUT_DETAILS : reason)),
  })
  .strict();

/** Stripe's session ids and ours (`cs_test_local_<uuid>`); anything else names no checkout session. */
export const isCheckoutSessionId = (value: unknown): value is string => typeof value === 'string' && /^cs_[A-Za-z0-9_-]{1,250}$/.test(value);
