import type { OwnTicket, OwnTicketThread, StaffTicket, StaffTicketThread, TicketReply } from '../../../../contract/support/ticketAnswer';
import { api } from '../../shared/api/api';

export { MAX_TICKET_SEARCH, TICKET_PAGE_SIZE } from '../../../../contract/support/ticketPaging';
export { MAX_DESCRIPTION } from '../../../../contract/support/descriptionLimit';
export { TICKET_COMPONENTS, TICKET_STATUSES } from '../../../../contract/support/ticketLists';
export type { OwnTicket, OwnTicketThread, StaffTicket, StaffTicketThread, TicketReply };

export interface TicketPage<T = StaffTicket> {
  tickets: T[];
  /** Where the next (older) page starts; null on the last page. */
  next: string | null;
}

/** What staff narrow the list to; blank fields narrow nothing. */
export interface TicketListQuery {
  status: string;
  component: string;
  q: string;
  cursor?: string;
}

/** The staff list's query string: the narrowing asked for, and where the page starts. */
const listQuery = ({ status, component, q, cursor }: TicketListQuery) => {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (component) params.set('component', component);
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `/tickets?${text}` : '/tickets';
};

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
    getTickets: build.query<TicketPage, TicketListQuery>({
      query: listQuery,
      transformResponse: (tickets: StaffTicket[], meta) => ({ tickets: Array.isArray(tickets) ? tickets : [], next: meta?.response?.headers.get('X-Next-Cursor') ?? null }),
      providesTags: (page) => pageTags(page),
    }),
    /** One page of the caller's own tickets, newest first (GET /api/tickets/mine, paged as the staff list is). */
    getMyTickets: build.query<TicketPage<OwnTicket>, string | undefined>({
      query: (cursor) => (cursor ? `/tickets/mine?cursor=${encodeURIComponent(cursor)}` : '/tickets/mine'),
      transformResponse: (tickets: OwnTicket[], meta) => ({ tickets: Array.isArray(tickets) ? tickets : [], next: meta?.response?.headers.get('X-Next-Cursor') ?? null }),
      providesTags: (page) => pageTags(page),
    }),
    /** One ticket with its thread: the reporter's view, or staff's with who sent it and their context. */
    getTicket: build.query<OwnTicketThread | StaffTicketThread, string>({
      query: (id) => `/tickets/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Tickets', id }],
    }),
    replyToTicket: build.mutation<{ message: string; reply_id: string; position?: number }, { id: string; message: string }>({
      query: ({ id, message }) => ({ url: `/tickets/${encodeURIComponent(id)}/replies`, method: 'POST', body: { message } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Tickets', id }],
    }),
    /** The reporter opened the thread: its staff replies are read. */
    markTicketRead: build.mutation<{ position?: number }, string>({
      query: (id) => ({ url: `/tickets/${encodeURIComponent(id)}/read`, method: 'POST', body: {} }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Tickets', id }],
    }),
    setTicketStatus: build.mutation<{ status: string; position?: number }, { id: string; status: string }>({
      query: ({ id, status }) => ({ url: `/tickets/${encodeURIComponent(id)}`, method: 'PUT', body: { status } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Tickets', id }],
    }),
  }),
});

export const {
  useSubmitTicketMutation,
  useGetTicketsQuery,
  useGetMyTicketsQuery,
  useGetTicketQuery,
  useReplyToTicketMutation,
  useMarkTicketReadMutation,
  useSetTicketStatusMutation,
} = ticketsApi;
