import { z } from 'zod';
import { EARLY_ACCESS_PLANS } from '../../../../../events/metrics.js';

/** POST /api/metrics/early-access-click. */
export const earlyAccessClickInput = z
  .object({ plan: z.enum(EARLY_ACCESS_PLANS, { error: `must be one of ${EARLY_ACCESS_PLANS.join(', ')}` }) })
  .strict();
