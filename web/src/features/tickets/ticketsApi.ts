import { api } from '../../app/api';

/** Spec §5: the twelve ticket categories (the ticket's component). */
export const TICKET_CATEGORIES = ['Dashboard', 'Home', 'Chat', 'Meal Plans', 'Workouts', 'Progress', 'Exercise Tracker', 'Ticket Reporting', 'Profile', 'Login', 'Logout', 'Create Account'] as const;
/** Spec §4: the status values an admin moves a ticket between. */
export const TICKET_STATUSES = ['New', 'In Progress', 'Completed'] as const;

export interface Ticket {
  ticket_id: string;
  user_id: string;
  component: string;
  description: string;
  created_at: string;
  status: string;
}

const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitTicket: build.mutation<{ message: string; ticketId: string; position?: number }, { component: string; description: string }>({
      query: (body) => ({ url: '/ticket-report', method: 'POST', body }),
      invalidatesTags: ['Tickets'],
    }),
    getTickets: build.query<Ticket[], void>({
      query: () => '/tickets',
      providesTags: ['Tickets'],
    }),
    setTicketStatus: build.mutation<{ status: string; position?: number }, { id: string; status: string }>({
      query: ({ id, status }) => ({ url: `/tickets/${encodeURIComponent(id)}`, method: 'PUT', body: { status } }),
      invalidatesTags: ['Tickets'],
    }),
  }),
});

export const { useSubmitTicketMutation, useGetTicketsQuery, useSetTicketStatusMutation } = ticketsApi;
