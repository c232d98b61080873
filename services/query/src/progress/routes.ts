import { Router } from 'express';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { badRequest, notFound } from '../../../platform/http.js';
import { endOfLocalDay, localDate } from '../../../platform/time.js';
import { parseDay } from '../analytics/range.js';
import { userFactsAsOf } from '../history/userHistory.js';
import type { QueryDeps } from '../context.js';
import { dashboardSummary } from '../dashboard/summary.js';
import { progressOverview } from './overview.js';
import { loadUserFacts } from './userFacts.js';

/** GET /api/dashboard/summary and GET /api/progress/overview: both drawn from the same facts, at request time. */
export function progressQueries(deps: QueryDeps): Router {
  const router = Router();
  const guard = [
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'The dashboard and progress need an active subscription'),
  ];
  const factsOf = async (userId: string) => {
    const facts = await loadUserFacts(deps.readModels, userId);
    if (!facts) throw notFound('No profile for this user');
    return facts;
  };
  /**
   * `?asOf=YYYY-MM-DD`: the answer as it stood at the end of that day in the user's (current) time zone, from the
   * user's own events up to then folded by the same projections, and `now` moved to that moment.
   */
  const factsAt = async (asOf: unknown, userId: string) => {
    const facts = await factsOf(userId);
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
  };
  router.get('/dashboard/summary', ...guard, async (req, res) => {
    const { facts, now } = await factsAt(req.query.asOf, currentUser(res).id);
    res.json(dashboardSummary(facts, now));
  });
  router.get('/progress/overview', ...guard, async (req, res) => {
    const { facts, now } = await factsAt(req.query.asOf, currentUser(res).id);
    res.json(progressOverview(facts, now));
  });
  return router;
}
