import type { Request, Response } from 'express';
import { z } from 'zod';
import { MAX_PLANS_PER_KIND } from '../../../contract/plans/planLimits.js';
import { badRequest, parse, queryOf } from '../../platform/http.js';

/** Items a list answers when the caller does not say, and the most it answers at once (every plan one account keeps). */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = MAX_PLANS_PER_KIND;

const pageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
  /** The id of the last item of the page before: the page goes on after it. */
  after: z.string().max(200, 'after must be an id from the list').optional(),
});

const FIRST_PAGE: z.infer<typeof pageQuery> = { limit: PAGE_SIZE, after: undefined };

/**
 * One page of a list of ids in the order it is shown. The body stays the plain array the client reads; the next
 * page, when there is one, is in a `Link: <…>; rel="next"` header, and the whole count in `X-Total-Count`. Paging by
 * the id after which to go on (not an offset) keeps a page right while plans are saved or deleted meanwhile.
 */
export function pageOf(req: Request, res: Response, ids: string[]): string[] {
  const query = queryOf(req);
  const { limit, after } = query ? parse(pageQuery, query) : FIRST_PAGE;
  let start = 0;
  if (after !== undefined) {
    const index = ids.indexOf(after);
    // An id since deleted (or never in the list) leaves nothing to go on after: the caller starts again.
    if (index < 0) throw badRequest('after names no item of this list (it may have been deleted): load the list from the start');
    start = index + 1;
  }
  const page = ids.slice(start, start + limit);
  res.setHeader('x-total-count', String(ids.length));
  if (start + limit < ids.length) {
    const next = new URLSearchParams({ limit: String(limit), after: page[page.length - 1]! });
    res.setHeader('Link', `<${req.baseUrl}${req.path}?${next}>; rel="next"`);
  }
  return page;
}
