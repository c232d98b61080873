import type { Middleware } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { signedIn, signedOut } from '../auth/authSlice';
import { keepOnly, localIdOf, offlineDb, readId } from '../offline/db';
import { enqueue, flush, forget, publish, sendUpTo, startQueue, waitingCommands } from '../offline/queue';
import { answersUnfetched, pendingView } from '../offline/pending';
import { cleared, readFresh, readFromCache } from '../store/syncSlice';
import { wroteOutsideApi } from '../store/positionSlice';
import { store, injectApi } from '../store/store';
import { validClaims } from '../auth/token';

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
const signedOutOn401: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (args, queryApi, extra) => {
  const sentWith = (queryApi.getState() as HeaderState).auth.token;
  const result = await fetchApi(args, queryApi, extra);
  if (result.error?.status === 401 && sentWith && (queryApi.getState() as HeaderState).auth.token === sentWith) queryApi.dispatch(signedOut());
  return result;
};

/**
 * An endpoint's `extraOptions` that puts its mutation in the offline queue: kept on this device first, sent in
 * order with an Idempotency-Key made when the person acted, answered at once when the network is gone. `what` names
 * it for the person if the server refuses it later; `creates` is the answer field holding the id of what it
 * creates (an offline answer invents a local one, replaced by the server's when it is sent). A queued endpoint's
 * `query` may add `shown` to its request: what the page shows of the change before the server has it (not sent;
 * its `what` and `summary`, if any, name the change in a refusal more exactly).
 */
export interface Queued {
  queued: { what: string; creates?: string };
}

/** The answer to a queued mutation the server has not seen yet. */
export interface QueuedAnswer {
  queued: true;
}

export const isQueued = (data: unknown): data is QueuedAnswer => !!data && typeof data === 'object' && (data as QueuedAnswer).queued === true;

type Args = string | FetchArgs;
const urlOf = (args: Args) => (typeof args === 'string' ? args : args.url);
const userNow = () => validClaims(store.getState().auth.token)?.sub ?? null;
const unanswered = (error: FetchBaseQueryError | undefined) =>
  !!error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR' || (typeof error.status === 'number' && error.status >= 502 && error.status <= 504));

/**
 * An answer's meta: the fetch's, and the answer's Link header, which a paged list reads its next page from. A read
 * shown from this device's copy has the Link header kept with it, so its older pages stay within reach offline.
 */
type AnswerMeta = FetchBaseQueryMeta & { link?: string };

function withLink<T extends { meta?: FetchBaseQueryMeta }>(answer: T): T & { meta?: AnswerMeta } {
  const link = answer.meta?.response?.headers.get('link');
  return link && answer.meta ? { ...answer, meta: { ...answer.meta, link } } : answer;
}

const offlineFirst: BaseQueryFn<Args, unknown, FetchBaseQueryError, Partial<Queued>, AnswerMeta> = async (args, queryApi, extra) => {
  const user = userNow();
  if (queryApi.type === 'mutation' && extra?.queued && user) {
    const request = typeof args === 'string' ? { url: args, method: 'GET' } : { url: args.url, method: args.method ?? 'GET', body: args.body as unknown };
    const key = crypto.randomUUID();
    const { what, creates } = extra.queued;
    const kept = await enqueue({
      key,
      at: new Date().toISOString(),
      endpoint: queryApi.endpoint,
      shown: typeof args === 'string' ? undefined : (args as { shown?: unknown }).shown,
      what,
      request,
      ...(creates ? { creates: { field: creates, localId: localIdOf(key) } } : {}),
    });
    if (!kept) return signedOutOn401(args, queryApi, {});
    const outcome = await sendUpTo(key);
    if (outcome.kind === 'applied') return { data: outcome.body };
    if (outcome.kind === 'refused') {
      // The person is looking at it: the page shows the refusal, so it does not wait in the queue too.
      await forget(key);
      return { error: { status: outcome.status, data: { message: outcome.message } } };
    }
    const answer: QueuedAnswer & Record<string, unknown> = { queued: true, ...(creates ? { [creates]: localIdOf(key) } : {}) };
    return { data: answer };
  }
  let result = withLink(await signedOutOn401(args, queryApi, {}));
  // The read models had not reached this client's last write when the server stopped waiting: asked once more, the
  // read waits again, so a refetch after a write does not show the state from before it.
  if (queryApi.type === 'query' && result.meta?.response?.headers.get('x-read-stale') === 'true') result = withLink(await signedOutOn401(args, queryApi, {}));
  if (queryApi.type !== 'query' || !user) return result;
  const url = urlOf(args);
  const db = await offlineDb();
  let data: unknown;
  let fetchedAt = Date.now();
  let meta = result.meta;
  if (!result.error) {
    data = result.data;
    await db.put('reads', { id: readId(user, url), user, data, fetchedAt: new Date(fetchedAt).toISOString(), ...(meta?.link ? { link: meta.link } : {}) });
    queryApi.dispatch(readFresh());
    // The server answers again: send what waited for it.
    void flush();
  } else if (unanswered(result.error)) {
    const kept = await db.get('reads', readId(user, url));
    if (!kept && !answersUnfetched(url)) return result;
    if (kept) {
      queryApi.dispatch(readFromCache(kept.fetchedAt));
      data = kept.data;
      fetchedAt = Date.parse(kept.fetchedAt);
      if (meta && kept.link) meta = { ...meta, link: kept.link };
    }
  } else return result;
  return { data: pendingView(url, data, await waitingCommands(), { fetchedAt, now: Date.now() }), meta };
};

/**
 * What the answers are tagged with. A tag carries an id where the answer belongs to one thing (a session's sets,
 * an exercise's history, a ticket, a plan's exercises), so a change to that thing refetches only its answers; a
 * tag without an id covers every answer of its type.
 */
const TAGS = [
  'Profile',
  'Reminders',
  'FoodLog',
  'Dashboard',
  'Regimens',
  'ActiveSession',
  'MealPlans',
  'Progress',
  'ExerciseLogs',
  'Tickets',
  'Analytics',
  'Devices',
  'Records',
  'SessionSets',
  'ExerciseHistory',
  'Imports',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: offlineFirst,
  tagTypes: TAGS,
  endpoints: () => ({}),
});

/**
 * A new token (login, logout, a subscription started or cancelled) starts from an empty cache: no data of the last
 * session or role is shown. What this device kept offline for anyone else (reads, waiting changes) is deleted too.
 */
const resetOnNewToken: Middleware = (storeApi) => (next) => (action) => {
  const result = next(action);
  if (signedIn.match(action) || signedOut.match(action)) {
    storeApi.dispatch(api.util.resetApiState());
    storeApi.dispatch(cleared());
    void keepOnly(userNow()).then(() => publish(false));
  }
  // The day's first visit changes the streak and the week's boxes: the queries in view read again.
  if (wroteOutsideApi.match(action)) storeApi.dispatch(api.util.invalidateTags([...TAGS]));
  return result;
};

declare module '../store/store' {
  interface LazyLoadedSlices {
    [api.reducerPath]: ReturnType<typeof api.reducer>;
  }
}

injectApi(api, resetOnNewToken);
/**
 * Starts the offline side in the browser (main.tsx calls it once, before the first render): what was kept for another
 * user (signed out while this code was not loaded) goes before anything is shown, and the queue of waiting changes
 * starts sending. Not at import, so code that only reads this module's types and helpers (the unit tests under Node)
 * opens no IndexedDB and starts no timers.
 */
export function startOffline(): void {
  void keepOnly(userNow());
  startQueue({
    token: () => store.getState().auth.token,
    dispatch: store.dispatch,
    // Changes sent from the queue make every read stale; the queries in view read again.
    sent: () => store.dispatch(api.util.invalidateTags([...TAGS])),
  });
}
