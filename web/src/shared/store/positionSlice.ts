import { createAction, createSlice, isFulfilled } from '@reduxjs/toolkit';
import { commandSynced } from './syncSlice';

/** A write the shell sent without the api (the day's visit): its log position, after which every read is stale. */
export const wroteOutsideApi = createAction<{ position: number }>('position/wroteOutsideApi');

/**
 * Read-your-writes (docs/architecture.md (read side)): every command answers the log `position` it reached. The highest one seen is sent
 * as `X-Min-Position` on later reads, so a refetch after a mutation never shows the state from before it.
 */
export const positionSlice = createSlice({
  name: 'position',
  initialState: { seen: 0 },
  reducers: {},
  extraReducers: (builder) => {
    // A change sent later by the offline queue reached a position too.
    builder.addCase(commandSynced, (state, action) => {
      const { position } = action.payload;
      if (typeof position === 'number' && position > state.seen) state.seen = position;
    });
    builder.addCase(wroteOutsideApi, (state, action) => {
      if (action.payload.position > state.seen) state.seen = action.payload.position;
    });
    builder.addMatcher(isFulfilled, (state, action) => {
      const payload = action.payload as { position?: unknown } | undefined;
      const position = payload && typeof payload === 'object' ? payload.position : undefined;
      if (typeof position === 'number' && position > state.seen) state.seen = position;
    });
  },
});
