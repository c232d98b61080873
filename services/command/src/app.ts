import { Router } from 'express';
import { jsonBody } from '../../platform/http.js';
import { bySegment, chain, type Mount } from '../../platform/routing.js';
import { idempotentAnswers } from '../../platform/idempotency.js';
import { accountRoutes } from './accounts/routes.js';
import { signInRoutes } from './accounts/signInRoutes.js';
import { passwordRoutes } from './accounts/passwordRoutes.js';
import { deletionRoutes } from './accounts/deletionRoutes.js';
import { chatRoutes } from './coach/routes.js';
import type { CommandDeps } from './context.js';
import { mealPlanRoutes } from './nutrition/routes.js';
import { foodLogRoutes } from './nutrition/foodLog/routes.js';
import { savePlanRoutes } from './savePlanRoute.js';
import { profileRoutes } from './accounts/profile/routes.js';
import { sessionRoutes } from './training/sessions/routes.js';
import { setRoutes } from './training/sets/routes.js';
import { exerciseRoutes } from './training/exercises/routes.js';
import { importRoutes } from './imports/routes.js';
import { workoutRoutes } from './training/regimens/routes.js';
import { metricsRoutes } from './landing/clicks/routes.js';
import { ticketRoutes } from './support/routes.js';
import { waitlistRoutes } from './landing/waitlist/routes.js';
import { subscriptionRoutes } from './billing/routes.js';
import { reminderRoutes } from './reminders/routes.js';

/**
 * Every write of the API, mounted under /api. A request goes to the routers of its first path segment, in the order
 * below; every one of them passes through the JSON body parser at its place in that order.
 */
export function commandRouter(deps: CommandDeps): Router {
  // These read their own bodies, so they come before the general JSON parser: the no-token endpoints rate-limit
  // first and read small bodies only; the ticket routes check auth first and answer a malformed body with `error`.
  const ownBodies: Mount[] = [
    [['waitlist'], waitlistRoutes(deps)],
    [['metrics'], metricsRoutes(deps)],
    [['ticket-report', 'tickets'], ticketRoutes(deps)],
    // The Stripe webhook's signature is over the raw body; the other subscription routes answer with `error` too.
    [['early-access', 'test-checkout', 'subscribe', 'stripe'], subscriptionRoutes(deps)],
    // Checks sign-in and subscription before reading its body, and answers an oversized one as TOKEN_LIMIT_EXCEEDED.
    [['chat'], chatRoutes(deps)],
    // Checks sign-in, subscription and the hour's plan saves before reading a plan of up to 100 KB.
    [['savePlan'], savePlanRoutes(deps)],
    // Checks sign-in, subscription and the hour's imports before reading a file of up to 20 MB.
    [['imports'], importRoutes(deps)],
  ];
  const jsonBodies: Mount[] = [
    [['signup-email', 'verify-email', 'resend-verification', 'login'], accountRoutes(deps)],
    [['showed-up', 'logout', 'logout-all', 'devices'], signInRoutes(deps)],
    [['password', 'forgot-password', 'reset-password'], passwordRoutes(deps)],
    [['account'], deletionRoutes(deps)],
    [['profile'], profileRoutes(deps)],
    [['user', 'dashboard'], workoutRoutes(deps)],
    [['dashboard', 'workout-session', 'workouts'], sessionRoutes(deps)],
    [['workout-session'], setRoutes(deps)],
    [['exercises'], exerciseRoutes(deps)],
    [['user', 'dashboard'], mealPlanRoutes(deps)],
    [['food-log'], foodLogRoutes(deps)],
    [['reminders', 'push-subscriptions'], reminderRoutes(deps)],
  ];
  // The parser runs for every request that no router before it answered, whatever its path.
  const parse = jsonBody();
  const segments = new Set([...ownBodies, ...jsonBodies].flatMap(([s]) => s));
  const ofSegment = (segment: string, mounts: Mount[]) => mounts.filter(([s]) => s.includes(segment)).map(([, handler]) => handler);
  const router = Router();
  // First, so that every write's answer can be replayed for a retry of it (Idempotency-Key).
  router.use(idempotentAnswers(deps.store, deps.now));
  router.use(bySegment([...segments].map((segment) => [[segment], chain([...ofSegment(segment, ownBodies), parse, ...ofSegment(segment, jsonBodies)])]), parse));
  return router;
}
