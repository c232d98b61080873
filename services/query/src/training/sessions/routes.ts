import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { type Request, type Response } from 'express';
import { z } from 'zod';
import { requireUser, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { badRequest, parse, queryOf, sendJsonText } from '../../../../platform/http.js';
import { KeptAtMark, readAs } from '../../callerDocs.js';
import type { QueryDeps } from '../../context.js';
import { activeSession, exerciseLogs } from './sessionDoc.js';
import { historyPage, openSession, type HistoryPlace } from './sessionHistory.js';

/** Sessions the Exercise Log answers when the caller does not say, and the most it answers at once. */
export const EXERCISE_LOG_PAGE = 20;
export const MAX_EXERCISE_LOG_PAGE = 100;

const logQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_EXERCISE_LOG_PAGE, `limit must be at most ${MAX_EXERCISE_LOG_PAGE}`)
    .default(EXERCISE_LOG_PAGE),
  before: z.string().max(400, 'before must be the cursor of a next link').optional(),
});

/**
 * The place a page goes on below, as the next link carries it: the last session's start time and id, base64url, so
 * a page stays right while sets are logged and sessions end between reads (docs/adr/0036). Opaque to the client.
 */
export const historyCursor = (s: HistoryPlace) => Buffer.from(`${s.start_time}|${s.session_id}`, 'utf8').toString('base64url');

function placeOf(cursor: string): HistoryPlace {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  const [start_time, session_id] = [text.slice(0, bar), text.slice(bar + 1)];
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || bar < 0 || session_id.length === 0 || Number.isNaN(Date.parse(start_time)) || !/^\d{4}-\d{2}-\d{2}T/.test(start_time)) {
    throw badRequest('before must be the cursor of a next link of the exercise log: load the log from the start');
  }
  return { start_time, session_id };
}

/** Pages of the Exercise Log kept at once (a page is at most some tens of KB). */
const PAGES_KEPT = 500;

/** A page of the Exercise Log as sent: its JSON, and the query of the next page when sessions are left below it. */
interface LogPage {
  body: Buffer;
  next: string | undefined;
}

async function logPage(deps: QueryDeps, userId: string, limit: number, place: HistoryPlace | undefined): Promise<LogPage> {
  const page = await historyPage(deps.readModels, userId, limit, place);
  const last = page.sessions[page.sessions.length - 1];
  const next = page.more && last ? String(new URLSearchParams({ limit: String(limit), before: historyCursor(last) })) : undefined;
  return { body: Buffer.from(JSON.stringify(exerciseLogs(page.sessions))), next };
}

export function sessionQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const readAsSubscriber = <T>(res: Response, read: (userId: string) => Promise<T>) => readAs(deps, res, SUBSCRIBER_ROLES, 'Workout sessions need an active subscription', read);

  router.get('/workouts/active-session', requireUser(deps.tokens), async (_req, res) => {
    const open = await readAsSubscriber(res, (userId) => openSession(deps.readModels, userId));
    res.json(activeSession({ open: open ? [open] : [] }, deps.now()));
  });
  // Newest first, a page at a time: the next page's link in a `Link: <…>; rel="next"` header, as every paged list. A
  // page's JSON is kept with the store's mark it was read at, so reading it again while nothing was stored is no
  // walk over the month docs and no serialising.
  const pages = new KeptAtMark<LogPage>(PAGES_KEPT);
  router.get('/exercise-logs', requireUser(deps.tokens), async (req: Request, res) => {
    const query = queryOf(req);
    const { limit, before } = query ? parse(logQuery, query) : { limit: EXERCISE_LOG_PAGE, before: undefined };
    const place = before === undefined ? undefined : placeOf(before);
    const page = await readAsSubscriber(res, (userId) => pages.read(deps.readModels, `${userId}|${limit}|${before ?? ''}`, () => logPage(deps, userId, limit, place)));
    if (page.next) res.setHeader('Link', `<${req.baseUrl}${req.path}?${page.next}>; rel="next"`);
    sendJsonText(res, page.body);
  });
  return router;
}
