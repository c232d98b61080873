import { Router } from 'express';
import { z } from 'zod';
import { ADMIN_ROLES, signedInAs } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import { TICKET_PAGE_SIZE } from './ticketPaging.js';
import { ticketPage, type TicketDoc, type TicketPlace } from './tickets.projection.js';

const MAX_TICKET_PAGE_SIZE = 200;

/** The cursor is opaque to clients: the place of the last ticket of the page before, as base64url JSON. */
const cursorOf = (place: TicketPlace) => Buffer.from(JSON.stringify([place.createdAt, place.position])).toString('base64url');
const placeIn = z.tuple([z.string().min(1), z.number().int().nonnegative()]);
const cursor = z.string().transform((text, ctx): TicketPlace => {
  try {
    const [createdAt, position] = placeIn.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return { createdAt, position };
  } catch {
    ctx.addIssue({ code: 'custom', message: 'is not a cursor this list gave out (use the X-Next-Cursor of the page before)' });
    return z.NEVER;
  }
});

const pageQuery = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be from 1 to ${MAX_TICKET_PAGE_SIZE}`)
    .max(MAX_TICKET_PAGE_SIZE, `must be from 1 to ${MAX_TICKET_PAGE_SIZE}`)
    .default(TICKET_PAGE_SIZE),
  cursor: cursor.optional(),
});

export function ticketQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get(
    '/tickets',
    ...signedInAs(deps.tokens, deps.roleOf, ADMIN_ROLES, 'Only admins can see the ticket list'),
    async (req, res) => {
      // The first page is the spec's answer (a list of tickets); where more follow, X-Next-Cursor and a Link say how
      // to ask for them (docs/decisions.md, issue 18).
      const { limit, cursor: after } = parse(pageQuery, req.query);
      const { tickets, next } = ticketPage(await deps.readModels.list<TicketDoc>('tickets'), { limit, after });
      if (next) {
        const nextCursor = cursorOf(next);
        res.setHeader('X-Next-Cursor', nextCursor);
        res.setHeader('Link', `</api/tickets?cursor=${nextCursor}${req.query.limit === undefined ? '' : `&limit=${limit}`}>; rel="next"`);
      }
      res.json(tickets);
    },
  );
  return router;
}
