import { combineSlices, configureStore, createDynamicMiddleware, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { authSlice } from '../auth/authSlice';
import { positionSlice } from './positionSlice';
import { syncSlice } from './syncSlice';

/**
 * The api slice (RTK Query) joins the store when the first page that uses it loads (see api.ts), so the shell and
 * the landing page load without RTK Query: the first load stays small (docs/adr/0101: ≤ 120 KB gzipped JS).
 */
/**
 * The slices that join later, by name, with their state. api.ts adds its own by declaration merging, so the store
 * knows its type without importing it (api.ts imports the store: an import back would be a cycle).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging, as above
export interface LazyLoadedSlices {}

const rootReducer = combineSlices(authSlice, positionSlice, syncSlice).withLazyLoadedSlices<LazyLoadedSlices>();
const dynamicMiddleware = createDynamicMiddleware();

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
});

/** Called once by api.ts: the api's reducer and middleware (and its helpers) join the store, and its state is set up at once. */
type LazySlice = { [K in keyof LazyLoadedSlices]: { reducerPath: K; reducer: Reducer<LazyLoadedSlices[K]>; middleware: Middleware } }[keyof LazyLoadedSlices];

export function injectApi(slice: LazySlice, ...more: Middleware[]): void {
  rootReducer.inject(slice);
  dynamicMiddleware.addMiddleware(slice.middleware, ...more);
  store.dispatch({ type: `${slice.reducerPath}/injected` });
}

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
