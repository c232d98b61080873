import type { Middleware } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { signedIn, signedOut } from './authSlice';
import { injectApi } from './store';

interface HeaderState {
  auth: { token: string | null };
  position: { seen: number };
}

/**
 * The one RTK Query api slice. Features add their endpoints with `api.injectEndpoints` in their own folder;
 * queries provide these tags and mutations invalidate them.
 */
const fetchApi = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState, type }) => {
    const { auth, position } = getState() as HeaderState;
    if (auth.token && !headers.has('authorization')) headers.set('authorization', `Bearer ${auth.token}`);
    // Reads wait until the read models hold every write this client has made (see positionSlice).
    if (type === 'query' && position.seen > 0) headers.set('X-Min-Position', String(position.seen));
    return headers;
  },
});

/**
 * A 401 to a request that carried the stored token means the server ended this sign-in (signed out from another
 * device, a password change, a deleted account): the token is dropped, so the app shows the signed-out state.
 */
// The response's meta (its headers) is passed on: paged lists read their next page from them.
const signedOutOn401: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, {}, FetchBaseQueryMeta> = async (args, queryApi, extra) => {
  const sentWith = (queryApi.getState() as HeaderState).auth.token;
  const result = await fetchApi(args, queryApi, extra);
  if (result.error?.status === 401 && sentWith && (queryApi.getState() as HeaderState).auth.token === sentWith) queryApi.dispatch(signedOut());
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: signedOutOn401,
  tagTypes: ['Profile', 'Dashboard', 'Regimens', 'ActiveSession', 'MealPlans', 'Progress', 'ExerciseLogs', 'Tickets', 'Analytics', 'Devices', 'Records'],
  endpoints: () => ({}),
});

/** A new token (login, logout, a subscription started or cancelled) starts from an empty cache: no data of the last session or role is shown. */
const resetOnNewToken: Middleware = (storeApi) => (next) => (action) => {
  const result = next(action);
  if (signedIn.match(action) || signedOut.match(action)) storeApi.dispatch(api.util.resetApiState());
  return result;
};

injectApi(api, resetOnNewToken);
