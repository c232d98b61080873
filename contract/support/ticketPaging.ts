/**
 * GET /api/tickets answers this many tickets a page when no `limit` is asked (a screenful or two, not every ticket
 * ever reported); shared with the web client, which numbers the rows of a page by it. Imports nothing, so the web
 * build takes nothing else from the server.
 */
export const TICKET_PAGE_SIZE = 50;

/** The longest text staff may search the ticket list for (a phrase, not a document). */
export const MAX_TICKET_SEARCH = 200;
