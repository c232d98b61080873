import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { type Request, type Response } from 'express';
import { z } from 'zod';
import { requireUser, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { badRequest, parse, queryOf } from '../../../../platform/http.js';
import { readAs } from '../../callerDocs.js';
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

export function sessionQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const readAsSubscriber = <T>(res: Response, read: (userId: string) => Promise<T>) => readAs(deps, res, SUBSCRIBER_ROLES, 'Workout sessions need an active subscription', read);

  router.get('/workouts/active-session', requireUser(deps.tokens), async (_req, res) => {
    const open = await readAsSubscriber(res, (userId) => openSession(deps.readModels, userId));
    res.json(activeSession({ open: open ? [open] : [] }, deps.now()));
  });
  // Newest first, a page at a time: the next page's link in a `Link: <…>; rel="next"` header, as every paged list.
  router.get('/exercise-logs', requireUser(deps.tokens), async (req: Request, res) => {
    const query = queryOf(req);
    const { limit, before } = query ? parse(logQuery, query) : { limit: EXERCISE_LOG_PAGE, before: undefined };
    const place = before === undefined ? undefined : placeOf(before);
    const page = await readAsSubscriber(res, (userId) => historyPage(deps.readModels, userId, limit, place));
    const last = page.sessions[page.sessions.length - 1];
    if (page.more && last) {
      const next = new URLSearchParams({ limit: String(limit), before: historyCursor(last) });
      res.setHeader('Link', `<${req.baseUrl}${req.path}?${next}>; rel="next"`);
    }
    res.json(exerciseLogs(page.sessions));
  });
  return router;
}
