import { z } from 'zod';
import { instant } from './bounds.js';
import { TICKET_COMPONENTS, TICKET_STATUSES, type TicketComponent, type TicketStatus } from '../contract/support/ticketLists.js';

export { TICKET_COMPONENTS, TICKET_STATUSES, type TicketComponent, type TicketStatus };

const status = z.enum(TICKET_STATUSES);

export const ticketEvents = {
  /** A subscriber reported a problem; the ticket is New from here on (the status is not a fact of its own). */
  TicketSubmitted: z.object({
    ticketId: z.string(),
    userId: z.string(),
    component: z.enum(TICKET_COMPONENTS),
    description: z.string(),
    submittedAt: instant,
  }),
  /** An admin moved the ticket; both ends are kept so the log reads as an audit trail on its own. */
  /** The reporter deleted their account: the ticket (their own words) leaves every list; the analysts' counts stay. */
  TicketWithdrawn: z.object({ ticketId: z.string(), userId: z.string(), withdrawnAt: instant }),
  TicketStatusChanged: z.object({
    ticketId: z.string(),
    fromStatus: status,
    toStatus: status,
    changedBy: z.string(),
    changedAt: instant,
  }),
};
