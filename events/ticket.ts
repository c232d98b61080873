import { z } from 'zod';
import { instant, MAX_TICKET_REPLIES, whole } from './bounds.js';
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
  /** The reporter deleted their account: the ticket (their own words) leaves every list; the analysts' counts stay. */
  TicketWithdrawn: z.object({ ticketId: z.string(), userId: z.string(), withdrawnAt: instant }),
  /** An admin moved the ticket; both ends are kept so the log reads as an audit trail on its own. */
  TicketStatusChanged: z.object({
    ticketId: z.string(),
    fromStatus: status,
    toStatus: status,
    changedBy: z.string(),
    changedAt: instant,
  }),
  /**
   * A message added under the ticket, by its reporter or by staff. `userId` is the reporter whoever wrote it: the
   * message is sealed with the reporter's key, as the ticket's description is, so their erasure forgets the whole thread.
   */
  TicketReplied: z.object({
    ticketId: z.string(),
    userId: z.string(),
    replyId: z.string(),
    authorId: z.string(),
    byStaff: z.boolean(),
    message: z.string(),
    repliedAt: instant,
  }),
  /** The reporter opened the thread: the staff replies up to `staffReplies` (a count) are read. */
  TicketRepliesRead: z.object({ ticketId: z.string(), userId: z.string(), staffReplies: whole(0, MAX_TICKET_REPLIES), readAt: instant }),
};
