import { Router } from 'express';
import { metricsStream } from '../../../../../events/streams.js';
import { parse } from '../../../../platform/http.js';
import { perIpRateLimit } from '../../../../platform/rateLimit.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { withIds } from '../../execute.js';
import { beaconJsonBody } from './beaconBody.js';
import { earlyAccessClickInput } from './clickInput.js';
import { dayOf, recordEarlyAccessClick } from './decide.js';

/** A person clicks a plan card a few times at most; sixty in a quarter of an hour per IP keeps scripts from skewing counts. */
const LIMIT = { points: 60, windowSeconds: 15 * 60 };

/**
 * POST /api/metrics/early-access-click, called without a token and usually by a beacon. Mounted before the general
 * JSON parser so that the rate limit runs first and the body is held to the few bytes a click needs.
 */
export function metricsRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post(
    '/metrics/early-access-click',
    perIpRateLimit({ ...LIMIT, counts: deps.counts, keyPrefix: 'early-access-click-ip', message: 'Too many clicks from your network.' }),
    ...beaconJsonBody('1kb'),
    async (req, res) => {
      const { plan } = parse(earlyAccessClickInput, req.body);
      const now = deps.now().toISOString();
      const ctx = commandContext(deps, req, res);
      // Clicks only add up, never conflict: append without reading the day's stream, whatever its revision.
      await ctx.store.append(metricsStream(dayOf(now)), withIds(ctx, recordEarlyAccessClick({ plan, now })), 'any');
      // The beacon never reads an answer.
      res.status(204).end();
    },
  );
  return router;
}
