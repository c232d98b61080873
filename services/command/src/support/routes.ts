import { Router } from 'express';
import { isStaffRole } from '../../../../contract/accounts/roles.js';
import { ticketStream } from '../../../../events/streams.js';
import { ADMIN_ROLES, currentUser, requireUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { parseForm } from '../../../platform/formInput.js';
import { errorFieldToo, jsonBody, parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, newId } from '../execute.js';
import { noBody, pathId } from '../fields.js';
import { changeTicketStatus, NO_SUCH_TICKET, readTicketReplies, replyToTicket, submitTicket } from './decide.js';
import { ticketLimits } from './limits.js';
import { ticket } from './ticket.js';
import { TICKET_REPLY_FIELDS, TICKET_REPORT_FIELDS, ticketReplyInput, ticketReportInput, ticketStatusInput } from './ticketInput.js';

/**
 * Each route reads its own body after the auth checks (mounted before the general JSON parser), so a caller
 * without the right is refused before the body is read, and a malformed body on ticket-report still gets `error`.
 */
export function ticketRoutes(deps: CommandDeps): Router {
  const router = Router();
  const limits = ticketLimits(deps.config, deps.counts);

  router.post(
    '/ticket-report',
    // The ticket page shows the server's `error`; every refusal here, 401 and 403 included, carries it.
    errorFieldToo,
    ...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Submitting a ticket needs an active subscription'),
    // A user past a budget gets the 429 before the body is read: a flood costs a count lookup a request.
    (_req, res, next) => limits.refuseWhenSpent(currentUser(res).id, res).then(() => next(), next),
    jsonBody(),
    async (req, res) => {
      const { component, description } = parseForm(ticketReportInput, req.body, TICKET_REPORT_FIELDS);
      const userId = currentUser(res).id;
      await limits.spend(userId, res);
      const ctx = commandContext(deps, req, res);
      const ticketId = newId(ctx, 'ticket');
      const now = deps.now().toISOString();
      const { position } = await execute(ctx, ticketStream(ticketId), ticket, (state) =>
        submitTicket(state, { ticketId, userId, component, description, now }),
      );
      res.status(201).json({ message: `Ticket submitted successfully for ${component}!`, ticketId, position });
    },
  );

  router.put(
    '/tickets/:id',
    ...signedInAs(deps.tokens, deps.roleOf, ADMIN_ROLES, 'Only admins can change the status of a ticket'),
    jsonBody(),
    async (req, res) => {
      const { status } = parse(ticketStatusInput, req.body);
      const ticketId = pathId(req.params.id, NO_SUCH_TICKET);
      const changedBy = currentUser(res).id;
      const now = deps.now().toISOString();
      const { position } = await execute(commandContext(deps, req, res), ticketStream(ticketId), ticket, (state) =>
        changeTicketStatus(state, { status, changedBy, now }),
      );
      res.json({ message: `Ticket status set to ${status}`, ticket_id: ticketId, status, position });
    },
  );

  router.post(
    '/tickets/:id/replies',
    // The thread shows the server's `error`, as the ticket form does.
    errorFieldToo,
    requireUser(deps.tokens),
    jsonBody(),
    async (req, res) => {
      const ticketId = pathId(req.params.id, NO_SUCH_TICKET);
      const { message } = parseForm(ticketReplyInput, req.body, TICKET_REPLY_FIELDS);
      const authorId = currentUser(res).id;
      // Staff by the role held now, as every staff route judges it; the decider lets anyone else answer only their own.
      const byStaff = isStaffRole(await deps.roleOf(authorId));
      const ctx = commandContext(deps, req, res);
      const replyId = newId(ctx, 'reply');
      const now = deps.now().toISOString();
      const { position } = await execute(ctx, ticketStream(ticketId), ticket, (state) => replyToTicket(state, { replyId, authorId, byStaff, message, now }));
      res.status(201).json({ message: 'Reply sent', ticket_id: ticketId, reply_id: replyId, position });
    },
  );

  router.post('/tickets/:id/read', requireUser(deps.tokens), jsonBody(), async (req, res) => {
    const ticketId = pathId(req.params.id, NO_SUCH_TICKET);
    parse(noBody, req.body);
    const userId = currentUser(res).id;
    const now = deps.now().toISOString();
    const { position } = await execute(commandContext(deps, req, res), ticketStream(ticketId), ticket, (state) => readTicketReplies(state, { userId, now }));
    res.json({ ticket_id: ticketId, position });
  });

  return router;
}
