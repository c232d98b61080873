import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { authSlice } from './authSlice';
import { positionSlice } from './positionSlice';

export const store = configureStore({
  reducer: {
    [api.reducerPath]: api.reducer,
    auth: authSlice.reducer,
    position: positionSlice.reducer,
  },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
