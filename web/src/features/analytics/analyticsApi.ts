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

const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analyticsSeries: build.query<AnalyticsSeries, { name: string; from?: string; to?: string }>({
      query: ({ name, from, to }) => ({ url: `/analytics/${name}`, params: { ...(from ? { from } : {}), ...(to ? { to } : {}) } }),
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useAnalyticsSeriesQuery } = analyticsApi;
