import { api } from '../../app/api';

export { TICKET_PAGE_SIZE } from '../../../../services/query/src/tickets/ticketPaging';
export { MAX_DESCRIPTION } from '../../../../services/command/src/tickets/descriptionLimit';

/** docs/product.md#input-rules: the twelve ticket categories (the ticket's component). */
export const TICKET_CATEGORIES = ['Dashboard', 'Home', 'Chat', 'Meal Plans', 'Workouts', 'Progress', 'Exercise Tracker', 'Ticket Reporting', 'Profile', 'Login', 'Logout', 'Create Account'] as const;
/** docs/product.md#how-things-change: the status values an admin moves a ticket between. */
export const TICKET_STATUSES = ['New', 'In Progress', 'Completed'] as const;

/** A ticket as the person who sent it reads it. */
export interface OwnTicket {
  ticket_id: string;
  component: string;
  description: string;
  created_at: string;
  status: string;
}

/** A ticket as staff read it: who sent it too (name and e-mail are null once the account is deleted). */
export interface Ticket extends OwnTicket {
  user_id: string;
  user_name: string | null;
  user_email: string | null;
}

export interface TicketPage<T = Ticket> {
  tickets: T[];
  /** Where the next (older) page starts; null on the last page. */
  next: string | null;
}

const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitTicket: build.mutation<{ message: string; ticketId: string; position?: number }, { component: string; description: string }>({
      query: (body) => ({ url: '/ticket-report', method: 'POST', body }),
      invalidatesTags: ['Tickets'],
    }),
    /** One page of the list, newest first: from the start, or from a cursor the page before gave (X-Next-Cursor). */
    getTickets: build.query<TicketPage, string | undefined>({
      query: (cursor) => (cursor ? `/tickets?cursor=${encodeURIComponent(cursor)}` : '/tickets'),
      transformResponse: (tickets: Ticket[], meta) => ({ tickets: Array.isArray(tickets) ? tickets : [], next: meta?.response?.headers.get('X-Next-Cursor') ?? null }),
      providesTags: ['Tickets'],
    }),
    /** One page of the caller's own tickets, newest first (GET /api/tickets/mine, paged as the staff list is). */
    getMyTickets: build.query<TicketPage<OwnTicket>, string | undefined>({
      query: (cursor) => (cursor ? `/tickets/mine?cursor=${encodeURIComponent(cursor)}` : '/tickets/mine'),
      transformResponse: (tickets: OwnTicket[], meta) => ({ tickets: Array.isArray(tickets) ? tickets : [], next: meta?.response?.headers.get('X-Next-Cursor') ?? null }),
      providesTags: ['Tickets'],
    }),
    setTicketStatus: build.mutation<{ status: string; position?: number }, { id: string; status: string }>({
      query: ({ id, status }) => ({ url: `/tickets/${encodeURIComponent(id)}`, method: 'PUT', body: { status } }),
      invalidatesTags: ['Tickets'],
    }),
  }),
});

export const { useSubmitTicketMutation, useGetTicketsQuery, useGetMyTicketsQuery, useSetTicketStatusMutation } = ticketsApi;
