import { Router } from 'express';
import { waitlistStream } from '../../../../../events/streams.js';
import { parseForm } from '../../../../platform/formInput.js';
import { errorFieldToo, jsonBody } from '../../../../platform/http.js';
import { perIpRateLimit } from '../../../../platform/rateLimit.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { execute } from '../../execute.js';
import { joinWaitlist } from './decide.js';
import { WAITLIST_FIELDS, waitlistInput } from './waitlistInput.js';
import { waitlistEntry } from './waitlistEntry.js';

export const WAITLIST_JOINED = "You're on the list! We'll email you when we launch.";

/**
 * A person fills this in once or twice; ten tries per IP in a quarter of an hour leaves room for typos and for
 * a shared office address, and stops a script from filling the list.
 */
const LIMIT = { points: 10, windowSeconds: 15 * 60 };

/**
 * POST /api/waitlist, called without a token. Mounted before the general JSON parser so that the rate limit runs
 * before any body is read and the body is held to a size a form can need.
 */
export function waitlistRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post(
    '/waitlist',
    // The landing page shows the server's `error`.
    errorFieldToo,
    perIpRateLimit({ ...LIMIT, counts: deps.counts, keyPrefix: 'waitlist-ip', message: 'Too many sign-ups from your network.' }),
    jsonBody('2kb'),
    async (req, res) => {
      const { email, source } = parseForm(waitlistInput, req.body, WAITLIST_FIELDS);
      const now = deps.now().toISOString();
      await execute(commandContext(deps, req, res), waitlistStream(email), waitlistEntry, (state) => joinWaitlist(state, { email, source, now }));
      // The same answer whether or not the address was on the list already, and no log position: a visitor's
      // answer must not tell whether someone else's address is on the list.
      res.status(201).json({ message: WAITLIST_JOINED });
    },
  );
  return router;
}
