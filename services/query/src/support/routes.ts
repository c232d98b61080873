import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { type Request, type Response } from 'express';
import { z } from 'zod';
import { ADMIN_ROLES, currentUser, requireUser, signedInAs } from '../../../platform/auth.js';
import { notFound, parse } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import type { ProfileDoc } from '../accounts/api.js';
import { TICKET_PAGE_SIZE } from '../../../../contract/support/ticketPaging.js';
import type { OwnTicket, OwnTicketThread, StaffTicket, StaffTicketThread } from '../../../../contract/support/ticketAnswer.js';
import { isStaffRole } from '../../../../contract/accounts/roles.js';
import { TICKET_COMPONENTS, TICKET_STATUSES } from '../../../../contract/support/ticketLists.js';
import { MAX_TICKET_SEARCH } from '../../../../contract/support/ticketPaging.js';
import { regimenKey, regimensProjection, type RegimenDoc } from '../training/api.js';
import { matches, placeKey, placeOf, threadOf, ticketListPrefix, ticketOf, unreadOf, type TicketDoc, type TicketList, type TicketPlace } from './tickets.projection.js';

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

const limitOfPage = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, `must be from 1 to ${MAX_TICKET_PAGE_SIZE}`)
  .max(MAX_TICKET_PAGE_SIZE, `must be from 1 to ${MAX_TICKET_PAGE_SIZE}`)
  .default(TICKET_PAGE_SIZE);

const pageQuery = z.object({ limit: limitOfPage, cursor: cursor.optional() });

/** The staff list's narrowing, beside its paging; an empty value asks for no narrowing (a form's blank field). */
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const staffListQuery = pageQuery.extend({
  status: z.preprocess(blankIsAbsent, z.enum(TICKET_STATUSES, { error: `must be one of ${TICKET_STATUSES.join(', ')}` }).optional()),
  component: z.preprocess(blankIsAbsent, z.enum(TICKET_COMPONENTS, { error: `must be one of ${TICKET_COMPONENTS.join(', ')}` }).optional()),
  q: z.preprocess(
    (value) => blankIsAbsent(typeof value === 'string' ? value.trim() : value),
    z.string({ error: 'must be one search text' }).max(MAX_TICKET_SEARCH, `must be at most ${MAX_TICKET_SEARCH} characters`).optional(),
  ),
});

/** Docs read from the index a chunk at a time while a search looks for a page of matches among them. */
const SEARCH_CHUNK = 500;

/**
 * One page of a list (`list`: all, a status, a component, both, a person's own), newest first, from after `cursor`:
 * read from the store's index of that list, so a page costs its own docs, however long the list. A search (`text`)
 * walks the list a chunk at a time until the page is full or the list ends. Where more follow, X-Next-Cursor and a
 * Link say how to ask for them, with the same narrowing (docs/adr/0033-lists-are-paged-by-a-place-not-an-offset.md).
 */
async function answerPage(
  deps: QueryDeps,
  req: Request,
  res: Response,
  { list, text }: { list: TicketList; text?: string },
  { limit, cursor: after }: { limit: number; cursor?: TicketPlace },
): Promise<TicketDoc[]> {
  const prefix = ticketListPrefix(list);
  const chunk = text ? Math.max(limit + 1, SEARCH_CHUNK) : limit + 1;
  const found: TicketDoc[] = [];
  let below = after && prefix + placeKey(after);
  for (;;) {
    const read = await deps.readModels.indexDesc<TicketDoc>('tickets', prefix, { below, limit: chunk });
    for (const { doc } of read) if (found.length <= limit && matches(doc, { text })) found.push(doc);
    if (found.length > limit || read.length < chunk) break;
    below = read.at(-1)!.entry;
  }
  const page = found.slice(0, limit);
  if (found.length > limit) {
    const nextCursor = cursorOf(placeOf(page.at(-1)!));
    res.setHeader('X-Next-Cursor', nextCursor);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(req.query)) if (name !== 'cursor' && typeof value === 'string') query.set(name, value);
    query.set('cursor', nextCursor);
    res.setHeader('Link', `<${req.baseUrl}${req.path}?${query.toString()}>; rel="next"`);
  }
  return page;
}

export function ticketQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get(
    '/tickets',
    ...signedInAs(deps.tokens, deps.roleOf, ADMIN_ROLES, 'Only admins can see the ticket list'),
    async (req, res) => {
      const { status, component, q, ...paging } = parse(staffListQuery, req.query);
      const tickets = (await answerPage(deps, req, res, { list: { status, component }, text: q }, paging)).map(ticketOf);
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
    const own = await answerPage(deps, req, res, { list: { userId } }, parse(pageQuery, req.query));
    res.json(own.map(ownTicketOf));
  });
  router.get('/tickets/:id', requireUser(deps.tokens), async (req, res) => {
    // The reporter and staff read a ticket; anyone else is told it does not exist, so ids cannot be probed.
    const userId = currentUser(res).id;
    const [doc, role] = await Promise.all([deps.readModels.get<TicketDoc>('tickets', String(req.params.id)), deps.roleOf(userId)]);
    if (!doc) throw notFound(NO_SUCH_TICKET);
    if (isStaffRole(role)) return res.json(await staffThreadOf(deps, doc));
    if (doc.user_id !== userId) throw notFound(NO_SUCH_TICKET);
    res.json({ ...ownTicketOf(doc), thread: threadOf(doc) } satisfies OwnTicketThread);
  });
  return router;
}

const NO_SUCH_TICKET = 'No such ticket';

/** A ticket as its reporter reads it: without their own id, with the staff replies they have not read. */
const ownTicketOf = (doc: TicketDoc): OwnTicket => {
  const { user_id: _owner, ...ticket } = ticketOf(doc);
  return { ...ticket, unread: unreadOf(doc) };
};

/** What staff read of a ticket: the thread, who sent it, whether they subscribe and the plan they train by. */
async function staffThreadOf(deps: QueryDeps, doc: TicketDoc): Promise<StaffTicketThread> {
  const profile = await deps.readModels.get<ProfileDoc>('profiles', doc.user_id);
  const plan = profile?.current_regimen_id ? await deps.readModels.get<RegimenDoc>(regimensProjection.name, regimenKey(doc.user_id, profile.current_regimen_id)) : undefined;
  return {
    ...ticketOf(doc),
    user_name: profile?.name || null,
    user_email: profile?.email ?? null,
    thread: threadOf(doc),
    context: { subscription: profile?.subscription?.status ?? null, plan_name: plan?.name ?? null },
  };
}
