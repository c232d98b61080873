import { Router } from 'express';
import { ADMIN_ROLES, signedInAs } from '../../../platform/auth.js';
import type { QueryDeps } from '../context.js';
import { ticketList, type TicketDoc } from './tickets.projection.js';

export function ticketQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get(
    '/tickets',
    ...signedInAs(deps.tokens, deps.roleOf, ADMIN_ROLES, 'Only admins can see the ticket list'),
    async (_req, res) => {
      res.json(ticketList(await deps.readModels.list<TicketDoc>('tickets')));
    },
  );
  return router;
}
