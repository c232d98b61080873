import { z } from 'zod';
import { instant } from './bounds.js';

export const EARLY_ACCESS_PLANS = ['monthly', 'annual'] as const;
export type EarlyAccessPlan = (typeof EARLY_ACCESS_PLANS)[number];

export const metricsEvents = {
  /**
   * A visitor pressed Join Early Access on a landing-page plan card. Anonymous by design: no user, no IP.
   * The UTC day of `clickedAt` is the day it counts for (and the `metrics-<day>` stream it is in).
   */
  EarlyAccessClicked: z.object({
    plan: z.enum(EARLY_ACCESS_PLANS),
    clickedAt: instant,
  }),
};
