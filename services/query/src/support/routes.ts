import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { type Request, type Response } from 'express';
import { z } from 'zod';
import { ADMIN_ROLES, currentUser, requireUser, signedInAs } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import type { ProfileDoc } from '../accounts/api.js';
import { TICKET_PAGE_SIZE } from '../../../../contract/support/ticketPaging.js';
import type { OwnTicket, StaffTicket, Ticket } from '../../../../contract/support/ticketAnswer.js';
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

/**
 * One page of `docs` in the list's order, as asked by the query (`limit`, `cursor`); where more follow, X-Next-Cursor
 * and a Link say how to ask for them (docs/adr/0033-lists-are-paged-by-a-place-not-an-offset.md). The staff list and
 * each person's own list page alike.
 */
function answerPage(req: Request, res: Response, docs: TicketDoc[]): Ticket[] {
  const { limit, cursor: after } = parse(pageQuery, req.query);
  const { tickets, next } = ticketPage(docs, { limit, after });
  if (next) {
    const nextCursor = cursorOf(next);
    res.setHeader('X-Next-Cursor', nextCursor);
    res.setHeader('Link', `<${req.baseUrl}${req.path}?cursor=${nextCursor}${req.query.limit === undefined ? '' : `&limit=${limit}`}>; rel="next"`);
  }
  return tickets;
}

export function ticketQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get(
    '/tickets',
    ...signedInAs(deps.tokens, deps.roleOf, ADMIN_ROLES, 'Only admins can see the ticket list'),
    async (req, res) => {
      const tickets = answerPage(req, res, await deps.readModels.list<TicketDoc>('tickets'));
      // Staff answer a person, not an id: each row names who sent it (their profile's name and e-mail), read for the
      // few people of this page only. An account deleted since has no profile: its row keeps the id alone.
      const people = new Map<string, ProfileDoc | undefined>();
      for (const id of new Set(tickets.map((t) => t.user_id))) people.set(id, await deps.readModels.get<ProfileDoc>('profiles', id));
      res.json(tickets.map((t): StaffTicket => ({ ...t, user_name: people.get(t.user_id)?.name || null, user_email: people.get(t.user_id)?.email ?? null })));
    },
  );
  router.get('/tickets/mine', requireUser(deps.tokens), async (req, res) => {
    // The caller's own tickets and nobody else's, so a person can follow what became of what they sent.
    const userId = currentUser(res).id;
    const own = (await deps.readModels.list<TicketDoc>('tickets')).filter((doc) => doc.user_id === userId);
    res.json(answerPage(req, res, own).map(({ user_id: _owner, ...ticket }): OwnTicket => ticket));
  });
  return router;
}
