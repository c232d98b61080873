import { Router } from 'express';
import { currentUser, requireUser, SUBSCRIBER_ROLES } from '../../platform/auth.js';
import { badRequest, forbidden, notFound, sendJsonText } from '../../platform/http.js';
import { endOfLocalDay, localDate } from '../../platform/time.js';
import { parseDay } from './analytics/api.js';
import { userFactsAsOf } from './history/api.js';
import type { QueryDeps } from './context.js';
import { joinFacts, loadStoredFacts, type UserFacts } from './progress/api.js';

/**
 * A GET of the dashboard or the progress page: for subscribers and staff (by the role they hold now), drawn at
 * request time by `answer` from the caller's facts. `answer` must depend on `now` only through the user's local
 * date (`localDate(now, facts.profile.time_zone)`): its text is remembered by that date (see `AnswerMemo`).
 */
export function userFactsQuery(deps: QueryDeps, path: string, answer: (facts: UserFacts, now: Date) => unknown): Router {
  const router = Router();
  const memo = new AnswerMemo();
  router.get(path, requireUser(deps.tokens), async (req, res) => {
    const userId = currentUser(res).id;
    // The current role (as `signedInAs` checks it) is read together with the facts, in one synchronous run of
    // store reads: the SQLite store checks once per run that the file has not moved under its cache, and that
    // check was a measurable share of this GET when the role was read in a run of its own. Nothing is answered
    // before the role passed.
    const [role, stored] = await Promise.all([deps.roleOf(userId), loadStoredFacts(deps.readModels, userId)]);
    if (!(SUBSCRIBER_ROLES as readonly number[]).includes(role)) throw forbidden('The dashboard and progress need an active subscription');
    if (!stored) throw notFound('No profile for this user');
    if (req.query.asOf !== undefined) {
      const at = await factsAsOf(deps, userId, stored.profile.time_zone, req.query.asOf);
      return sendJsonText(res, JSON.stringify(answer(at.facts, at.now)));
    }
    const now = deps.now();
    const today = localDate(now, stored.profile.time_zone);
    let text = memo.get(userId, stored.sources, today);
    if (text === undefined) {
      text = JSON.stringify(answer(joinFacts(stored), now));
      memo.set(userId, stored.sources, today, text);
    }
    sendJsonText(res, text);
  });
  return router;
}

// An entry holds its user's docs alive (about ten), so it is kept to the order of the store's own doc cache.
const ANSWERS_KEPT = 1_000;

/**
 * Each user's last answer text, with what it was drawn from: the stored docs, by identity, and the user's local
 * date. Drawing the answer and writing it out as JSON was most of what this GET did beyond the bare HTTP stack,
 * for an answer that changes only with the user's docs or their day. Safe because the facts are read anew on every
 * request (after any X-Min-Position wait) and reused only when the store handed out the very same objects (frozen
 * docs, one per stored position); a store that hands out new objects on each read never hits, and stays correct.
 * Bounded: past ANSWERS_KEPT users the oldest goes.
 */
class AnswerMemo {
  private readonly answers = new Map<string, { sources: unknown[]; today: string; text: string }>();

  get(userId: string, sources: unknown[], today: string): string | undefined {
    const kept = this.answers.get(userId);
    if (!kept || kept.today !== today || kept.sources.length !== sources.length) return undefined;
    for (let i = 0; i < sources.length; i += 1) if (kept.sources[i] !== sources[i]) return undefined;
    return kept.text;
  }

  set(userId: string, sources: unknown[], today: string, text: string) {
    this.answers.delete(userId);
    if (this.answers.size >= ANSWERS_KEPT) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(userId, { sources, today, text });
  }
}

/**
 * With `?asOf=YYYY-MM-DD`: the facts and the `now` to draw the answer at as it stood at the end of that day in the
 * user's (current) time zone, from the user's own events up to then folded by the same projections.
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
