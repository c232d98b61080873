import { api } from '../../app/api';

type Cell = string | number | boolean | null;

/** GET /api/analytics/<series>: one series over a range of UTC days (staff only). */
export interface AnalyticsSeries {
  name: string;
  title: string;
  chart: 'line' | 'bar' | 'table';
  columns: string[];
  rows: Record<string, Cell>[];
  from: string;
  to: string;
}

export const SERIES = [
  'signups',
  'verification',
  'subscribers',
  'funnel',
  'cancellation-reasons',
  'weekly-active-users',
  'workouts',
  'meals',
  'chat',
  'tickets',
] as const;

const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analyticsSeries: build.query<AnalyticsSeries, { name: string; from?: string; to?: string }>({
      query: ({ name, from, to }) => ({ url: `/analytics/${name}`, params: { ...(from ? { from } : {}), ...(to ? { to } : {}) } }),
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useAnalyticsSeriesQuery } = analyticsApi;
