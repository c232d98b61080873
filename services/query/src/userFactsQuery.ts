import { getRoutes, type GetRoutes } from '../../platform/routing.js';
import { currentUser, requireUser, SUBSCRIBER_ROLES } from '../../platform/auth.js';
import { badRequest, notFound, queryOf, sendJsonText } from '../../platform/http.js';
import { endOfLocalDay, localDate } from '../../platform/time.js';
import { parseDay } from './analytics/api.js';
import { userFactsAsOf } from './imports/api.js';
import { AnswerTexts, readAs } from './callerDocs.js';
import type { QueryDeps } from './context.js';
import { joinFacts, loadStoredFacts, type StoredFacts, type UserFacts } from './progress/api.js';
import type { ReadModelStore } from './store/port.js';

/**
 * A GET of the dashboard or the progress page: for subscribers and staff (by the role they hold now), drawn at
 * request time by `answer` from the caller's facts. `answer` must depend on `now` only through the user's local
 * date (`localDate(now, facts.profile.time_zone)`): its text is remembered by the docs and that date (`AnswerTexts`).
 */
export function userFactsQuery(deps: QueryDeps, path: string, answer: (facts: UserFacts, now: Date) => unknown): GetRoutes {
  const router = getRoutes();
  const facts = new KeptFacts();
  const texts = new AnswerTexts();
  router.get(path, requireUser(deps.tokens), async (req, res) => {
    const stored = await readAs(deps, res, SUBSCRIBER_ROLES, 'The dashboard and progress need an active subscription', (userId) => facts.read(deps.readModels, userId, deps.now()));
    if (!stored) throw notFound('No profile for this user');
    const asOf = queryOf(req)?.asOf;
    if (asOf !== undefined) {
      const at = await factsAsOf(deps, currentUser(res).id, stored.profile.time_zone, asOf);
      return sendJsonText(res, JSON.stringify(answer(at.facts, at.now)));
    }
    // The answer depends on the time only through the user's local date, so it is remembered by that date.
    const now = deps.now();
    texts.send(res, stored.sources, localDate(now, stored.profile.time_zone), () => answer(joinFacts(stored), now));
  });
  return router;
}

// An entry holds its user's docs alive (about twenty), so it is kept to the order of the store's own doc cache.
const FACTS_KEPT = 1_000;

/**
 * Each user's stored facts as last read, with the store's version mark then. Reading them is a dozen store reads (the
 * profile, the plans, the sessions, the chunks of measurements, logins and meal logs), which is most of what a
 * dashboard or progress GET costs beyond the records GET
 * (docs/adr/0031-answers-are-kept-by-the-docs-they-were-drawn-from.md). While the mark stands nothing stored has
 * changed, so the very docs those reads would answer from the store's cache are the ones kept: the same check the store
 * makes for each doc, made once for all of them. Any commit to the file moves the mark, and the facts are read again
 * (each doc then answered from the store's cache when its position has not moved). Bounded: past FACTS_KEPT users the
 * oldest goes.
 */
class KeptFacts {
  private readonly kept = new Map<string, { version: string; stored: StoredFacts | undefined }>();

  /** Called in the run of store reads where the role is read (readAs), so the mark is the one the role was read at. */
  read(readModels: ReadModelStore, userId: string, now: Date): Promise<StoredFacts | undefined> {
    const version = readModels.version();
    const kept = this.kept.get(userId);
    if (version !== undefined && kept?.version === version) return Promise.resolve(kept.stored);
    // Facts kept from an earlier `now` reach back further than a later one needs: they answer alike.
    const read = loadStoredFacts(readModels, userId, now);
    if (version === undefined) return read;
    return read.then((stored) => {
      this.kept.delete(userId);
      if (this.kept.size >= FACTS_KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(userId, { version, stored });
      return stored;
    });
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
