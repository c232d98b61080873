import { api } from '../../shared/api/api';
import type { Series } from '../../../../contract/analytics/seriesNames';

/** GET /api/analytics/<series>: one series over a range of UTC days (staff only). */
export type AnalyticsSeries = Series & { from: string; to: string };

const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analyticsSeries: build.query<AnalyticsSeries, { name: string; from?: string; to?: string }>({
      query: ({ name, from, to }) => ({ url: `/analytics/${name}`, params: { ...(from ? { from } : {}), ...(to ? { to } : {}) } }),
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useAnalyticsSeriesQuery } = analyticsApi;
