import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { injectApi } from './store';

interface HeaderState {
  auth: { token: string | null };
  position: { seen: number };
}

/**
 * The one RTK Query api slice. Features add their endpoints with `api.injectEndpoints` in their own folder;
 * queries provide these tags and mutations invalidate them.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: (headers, { getState, type }) => {
      const { auth, position } = getState() as HeaderState;
      if (auth.token && !headers.has('authorization')) headers.set('authorization', `Bearer ${auth.token}`);
      // Reads wait until the read models hold every write this client has made (see positionSlice).
      if (type === 'query' && position.seen > 0) headers.set('X-Min-Position', String(position.seen));
      return headers;
    },
  }),
  tagTypes: ['Profile', 'Dashboard', 'Regimens', 'ActiveSession', 'MealPlans', 'Progress', 'ExerciseLogs', 'Tickets', 'Analytics'],
  endpoints: () => ({}),
});

injectApi(api);
