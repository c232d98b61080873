import { Router } from 'express';
import { currentUser, requireUser, SUBSCRIBER_ROLES } from '../../platform/auth.js';
import { badRequest, notFound, queryOf, sendJsonText } from '../../platform/http.js';
import { endOfLocalDay, localDate } from '../../platform/time.js';
import { parseDay } from './analytics/api.js';
import { userFactsAsOf } from './imports/api.js';
import { AnswerTexts, readAs } from './callerDocs.js';
import type { QueryDeps } from './context.js';
import { factsOf, readScreens, type UserFacts } from './progress/api.js';

/**
 * A GET of the dashboard or the progress page: for subscribers and staff (by the role they hold now), drawn at
 * request time by `answer` from the caller's screens doc and primary meal plan (two store reads). `answer` must depend on `now` only through
 * the user's local date (`localDate(now, facts.profile.time_zone)`): its text is remembered by the doc and that date
 * (`AnswerTexts`).
 */
export function userFactsQuery(deps: QueryDeps, path: string, answer: (facts: UserFacts, now: Date) => unknown): Router {
  const router = Router();
  const texts = new AnswerTexts();
  router.get(path, requireUser(deps.tokens), async (req, res) => {
    const { doc, primaryMealPlan } = await readAs(deps, res, SUBSCRIBER_ROLES, 'The dashboard and progress need an active subscription', (userId) => readScreens(deps.readModels, userId));
    const timeZone = doc?.profile?.time_zone;
    if (!doc || timeZone === undefined) throw notFound('No profile for this user');
    const asOf = queryOf(req)?.asOf;
    if (asOf !== undefined) {
      const at = await factsAsOf(deps, currentUser(res).id, timeZone, asOf);
      return sendJsonText(res, JSON.stringify(answer(at.facts, at.now)));
    }
    // The answer depends on the time only through the user's local date, so it is remembered by that date.
    const now = deps.now();
    texts.send(res, [doc, primaryMealPlan], localDate(now, timeZone), () => answer(factsOf(doc, primaryMealPlan)!, now));
  });
  return router;
}

/**
 * With `?asOf=YYYY-MM-DD`: the facts and the `now` to draw the answer at as it stood at the end of that day in the
 * user's (current) time zone, from the user's own events up to then folded by the same projection.
 */
async function factsAsOf(deps: QueryDeps, userId: string, timeZone: string, asOf: unknown): Promise<{ facts: UserFacts; now: Date }> {
  const now = deps.now();
  const day = parseDay(asOf, 'asOf', badRequest);
  if (day > localDate(now, timeZone)) throw badRequest('asOf must not be in the future');
  const end = endOfLocalDay(day, timeZone);
  const at = end < now ? end : now;
  const then = await userFactsAsOf(deps.events, userId, at);
  if (!then) throw badRequest('asOf is before this account existed');
  return { facts: then, now: at };
}
