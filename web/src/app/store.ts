import { combineSlices, configureStore, createDynamicMiddleware, type Middleware } from '@reduxjs/toolkit';
import type { api } from './api';
import { authSlice } from './authSlice';
import { positionSlice } from './positionSlice';
import { syncSlice } from './syncSlice';

/**
 * The api slice (RTK Query) joins the store when the first page that uses it loads (see api.ts), so the shell and
 * the landing page load without RTK Query: the first load stays small (issue 7: ≤ 120 KB gzipped JS).
 */
const rootReducer = combineSlices(authSlice, positionSlice, syncSlice).withLazyLoadedSlices<{ [api.reducerPath]: ReturnType<typeof api.reducer> }>();
const dynamicMiddleware = createDynamicMiddleware();

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
});

/** Called once by api.ts: the api's reducer and middleware (and its helpers) join the store, and its state is set up at once. */
export function injectApi(slice: typeof api, ...more: Middleware[]): void {
  rootReducer.inject(slice);
  dynamicMiddleware.addMiddleware(slice.middleware, ...more);
  store.dispatch({ type: `${slice.reducerPath}/injected` });
}

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
