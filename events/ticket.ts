import { z } from 'zod';

/** The ticket page's category list (docs/product.md#input-rules), in the spec's order. */
export const TICKET_COMPONENTS = [
  'Dashboard',
  'Home',
  'Chat',
  'Meal Plans',
  'Workouts',
  'Progress',
  'Exercise Tracker',
  'Ticket Reporting',
  'Profile',
  'Login',
  'Logout',
  'Create Account',
] as const;
export type TicketComponent = (typeof TICKET_COMPONENTS)[number];

/** docs/product.md#how-things-change: a ticket starts New; an admin may move it between any of these. */
export const TICKET_STATUSES = ['New', 'In Progress', 'Completed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

const status = z.enum(TICKET_STATUSES);

export const ticketEvents = {
  /** A subscriber reported a problem; the ticket is New from here on (the status is not a fact of its own). */
  TicketSubmitted: z.object({
    ticketId: z.string(),
    userId: z.string(),
    component: z.enum(TICKET_COMPONENTS),
    description: z.string(),
    submittedAt: z.iso.datetime(),
  }),
  /** An admin moved the ticket; both ends are kept so the log reads as an audit trail on its own. */
  /** The reporter deleted their account: the ticket (their own words) leaves every list; the analysts' counts stay. */
  TicketWithdrawn: z.object({ ticketId: z.string(), userId: z.string(), withdrawnAt: z.iso.datetime() }),
  TicketStatusChanged: z.object({
    ticketId: z.string(),
    fromStatus: status,
    toStatus: status,
    changedBy: z.string(),
    changedAt: z.iso.datetime(),
  }),
};
