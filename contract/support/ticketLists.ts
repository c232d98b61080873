/**
 * A ticket's categories and statuses. Imports nothing, so the web client's ticket pages and the server (the events,
 * the input rules, the analysts' series) share one list without the web taking anything else of the server.
 */

/** The ticket page's category list (docs/product.md#what-input-is-accepted), in the spec's order. */
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
