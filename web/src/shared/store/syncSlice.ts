import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A queued change the server refused when it was sent: shown with the server's own words until dismissed. */
export interface Refusal {
  key: string;
  what: string;
  message: string;
}

interface SyncState {
  /** The last send or read got no answer (network gone or server down). */
  offline: boolean;
  /** Changes kept on this device that the server has not confirmed yet. */
  waiting: number;
  refused: Refusal[];
  /** When the oldest read shown from this device's copy was fetched; null when every read shown is fresh. */
  cachedAt: string | null;
  /** When the queue last emptied after sending something: the banner then says all is saved. */
  savedAt: string | null;
  /** This load is a newer build than the last one this browser ran. */
  updated: boolean;
}

const initialState: SyncState = { offline: false, waiting: 0, refused: [], cachedAt: null, savedAt: null, updated: false };

/**
 * What the offline queue (shared/offline) reports for the banner. It lives in the shell's store so the banner costs
 * nothing until a page with data loads the queue.
 */
export const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    /** `reached`: whether the server answered the queue's last send (undefined when nothing was sent). */
    queueChanged(state, action: PayloadAction<{ waiting: number; refused: Refusal[]; reached?: boolean; saved: boolean; at: string }>) {
      const { waiting, refused, reached, saved, at } = action.payload;
      if (saved && waiting === 0 && refused.length === 0) state.savedAt = at;
      if (waiting > 0) state.savedAt = null;
      state.waiting = waiting;
      state.refused = refused;
      if (reached !== undefined) state.offline = !reached;
    },
    readFromCache(state, action: PayloadAction<string>) {
      state.offline = true;
      if (!state.cachedAt || action.payload < state.cachedAt) state.cachedAt = action.payload;
    },
    readFresh(state) {
      state.offline = false;
      state.cachedAt = null;
    },
    /** A command the queue sent was applied: its log position, for read-your-writes (positionSlice). */
    commandSynced(_state, _action: PayloadAction<{ position?: number }>) {},
    cleared(state) {
      return { ...initialState, updated: state.updated };
    },
    newBuild(state) {
      state.updated = true;
    },
  },
});

export const { queueChanged, readFromCache, readFresh, commandSynced, cleared, newBuild } = syncSlice.actions;
