import type { OwnTicket, StaffTicket } from '../../../../contract/support/ticketAnswer';
import { api } from '../../shared/api/api';

export { TICKET_PAGE_SIZE } from '../../../../contract/support/ticketPaging';
export { MAX_DESCRIPTION } from '../../../../contract/support/descriptionLimit';
export { TICKET_COMPONENTS, TICKET_STATUSES } from '../../../../contract/support/ticketLists';
export type { OwnTicket, StaffTicket };

export interface TicketPage<T = StaffTicket> {
  tickets: T[];
  /** Where the next (older) page starts; null on the last page. */
  next: string | null;
}

/** A page of tickets is tagged with each ticket on it, and with the list a new ticket joins. */
const pageTags = (page: TicketPage<{ ticket_id: string }> | undefined) => [
  { type: 'Tickets' as const, id: 'LIST' },
  ...(page?.tickets ?? []).map((ticket) => ({ type: 'Tickets' as const, id: ticket.ticket_id })),
];

const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitTicket: build.mutation<{ message: string; ticketId: string; position?: number }, { component: string; description: string }>({
      query: (body) => ({ url: '/ticket-report', method: 'POST', body }),
      invalidatesTags: [{ type: 'Tickets', id: 'LIST' }],
    }),
    /** One page of the list, newest first: from the start, or from a cursor the page before gave (X-Next-Cursor). */
    getTickets: build.query<TicketPage, string | undefined>({
      query: (cursor) => (cursor ? `/tickets?cursor=${encodeURIComponent(cursor)}` : '/tickets'),
      transformResponse: (tickets: StaffTicket[], meta) => ({ tickets: Array.isArray(tickets) ? tickets : [], next: meta?.response?.headers.get('X-Next-Cursor') ?? null }),
      providesTags: (page) => pageTags(page),
    }),
    /** One page of the caller's own tickets, newest first (GET /api/tickets/mine, paged as the staff list is). */
    getMyTickets: build.query<TicketPage<OwnTicket>, string | undefined>({
      query: (cursor) => (cursor ? `/tickets/mine?cursor=${encodeURIComponent(cursor)}` : '/tickets/mine'),
      transformResponse: (tickets: OwnTicket[], meta) => ({ tickets: Array.isArray(tickets) ? tickets : [], next: meta?.response?.headers.get('X-Next-Cursor') ?? null }),
      providesTags: (page) => pageTags(page),
    }),
    setTicketStatus: build.mutation<{ status: string; position?: number }, { id: string; status: string }>({
      query: ({ id, status }) => ({ url: `/tickets/${encodeURIComponent(id)}`, method: 'PUT', body: { status } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Tickets', id }],
    }),
  }),
});

export const { useSubmitTicketMutation, useGetTicketsQuery, useGetMyTicketsQuery, useSetTicketStatusMutation } = ticketsApi;
