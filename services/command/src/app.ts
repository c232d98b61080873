import { Router } from 'express';
import { jsonBody } from '../../platform/http.js';
import { idempotentAnswers } from '../../platform/idempotency.js';
import { accountRoutes } from './accounts/routes.js';
import { signInRoutes } from './accounts/signInRoutes.js';
import { passwordRoutes } from './accounts/passwordRoutes.js';
import { deletionRoutes } from './accounts/deletionRoutes.js';
import { chatRoutes } from './coach/routes.js';
import type { CommandDeps } from './context.js';
import { mealPlanRoutes } from './nutrition/routes.js';
import { savePlanRoutes } from './savePlanRoute.js';
import { profileRoutes } from './accounts/profile/routes.js';
import { sessionRoutes } from './training/sessions/routes.js';
import { setRoutes } from './training/sets/routes.js';
import { importRoutes } from './imports/routes.js';
import { workoutRoutes } from './training/regimens/routes.js';
import { metricsRoutes } from './landing/clicks/routes.js';
import { ticketRoutes } from './support/routes.js';
import { waitlistRoutes } from './landing/waitlist/routes.js';
import { subscriptionRoutes } from './billing/routes.js';

/** Every write of the API, mounted under /api. */
export function commandRouter(deps: CommandDeps): Router {
  const router = Router();
  // First, so that every write's answer can be replayed for a retry of it (Idempotency-Key).
  router.use(idempotentAnswers(deps.store, deps.now));
  // These read their own bodies, so they come before the general JSON parser: the no-token endpoints rate-limit
  // first and read small bodies only; the ticket routes check auth first and answer a malformed body with `error`.
  router.use(waitlistRoutes(deps));
  router.use(metricsRoutes(deps));
  router.use(ticketRoutes(deps));
  // The Stripe webhook's signature is over the raw body; the other subscription routes answer with `error` too.
  router.use(subscriptionRoutes(deps));
  // Checks sign-in and subscription before reading its body, and answers an oversized one as TOKEN_LIMIT_EXCEEDED.
  router.use(chatRoutes(deps));
  // Checks sign-in, subscription and the hour's plan saves before reading a plan of up to 100 KB.
  router.use(savePlanRoutes(deps));
  // Checks sign-in, subscription and the hour's imports before reading a file of up to 20 MB.
  router.use(importRoutes(deps));
  router.use(jsonBody());
  router.use(accountRoutes(deps));
  router.use(signInRoutes(deps));
  router.use(passwordRoutes(deps));
  router.use(deletionRoutes(deps));
  router.use(profileRoutes(deps));
  router.use(workoutRoutes(deps));
  router.use(sessionRoutes(deps));
  router.use(setRoutes(deps));
  router.use(mealPlanRoutes(deps));
  return router;
}
