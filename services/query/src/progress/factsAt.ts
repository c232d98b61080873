import { Router } from 'express';
import { currentUser, requireUser, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { badRequest, forbidden, notFound } from '../../../platform/http.js';
import { endOfLocalDay, localDate } from '../../../platform/time.js';
import { parseDay } from '../analytics/range.js';
import { userFactsAsOf } from '../history/userHistory.js';
import type { QueryDeps } from '../context.js';
import { loadUserFacts, type UserFacts } from './userFacts.js';

/**
 * A GET of the dashboard or the progress page: for subscribers and staff (by the role they hold now), drawn at
 * request time by `answer` from the caller's facts.
 */
export function userFactsQuery(deps: QueryDeps, path: string, answer: (facts: UserFacts, now: Date) => unknown): Router {
  const router = Router();
  router.get(path, requireUser(deps.tokens), async (req, res) => {
    const userId = currentUser(res).id;
    // The current role (as `signedInAs` checks it) is read together with the facts, in one synchronous run of
    // store reads: the SQLite store checks once per run that the file has not moved under its cache, and that
    // check was a measurable share of this GET when the role was read in a run of its own. Nothing is answered
    // before the role passed.
    const [role, facts] = await Promise.all([deps.roleOf(userId), loadUserFacts(deps.readModels, userId)]);
    if (!(SUBSCRIBER_ROLES as readonly number[]).includes(role)) throw forbidden('The dashboard and progress need an active subscription');
    if (!facts) throw notFound('No profile for this user');
    const at = await factsAt(deps, userId, facts, req.query.asOf);
    res.json(answer(at.facts, at.now));
  });
  return router;
}

/**
 * The facts the dashboard and the progress page are drawn from, and the `now` to draw them at. With
 * `?asOf=YYYY-MM-DD`: the answer as it stood at the end of that day in the user's (current) time zone, from the
 * user's own events up to then folded by the same projections, and `now` moved to that moment.
 */
async function factsAt(deps: QueryDeps, userId: string, facts: UserFacts, asOf: unknown): Promise<{ facts: UserFacts; now: Date }> {
  const now = deps.now();
  if (asOf === undefined) return { facts, now };
  const day = parseDay(asOf, 'asOf', badRequest);
  const timeZone = facts.profile.time_zone;
  if (day > localDate(now, timeZone)) throw badRequest('asOf must not be in the future');
  const end = endOfLocalDay(day, timeZone);
  const at = end < now ? end : now;
  const then = await userFactsAsOf(deps.events, userId, at);
  if (!then) throw badRequest('asOf is before this account existed');
  return { facts: then, now: at };
}
