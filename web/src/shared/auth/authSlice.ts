import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { markSignedIn, storedToken, TOKEN_KEY, validClaims } from './token';

interface AuthState {
  token: string | null;
}

const initialState: AuthState = { token: typeof localStorage === 'undefined' ? null : storedToken() };

/** The one piece of client-only auth state: the token, mirrored to localStorage. */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      localStorage.setItem(TOKEN_KEY, action.payload);
      markSignedIn(action.payload);
      state.token = action.payload;
    },
    signedOut(state) {
      localStorage.removeItem(TOKEN_KEY);
      markSignedIn(null);
      state.token = null;
    },
  },
});

export const { signedIn, signedOut } = authSlice.actions;

export const selectClaims = (state: { auth: AuthState }) => validClaims(state.auth.token);

/** Navigation state that signs the app out on arrival (Logout, Sign out everywhere): `navigate('/login', { state: SIGN_OUT })`. */
export const SIGN_OUT = 'sign-out';
/** The same, after the account was deleted: the login page says so. */
export const ACCOUNT_DELETED = 'account-deleted';
export const signsOut = (state: unknown) => state === SIGN_OUT || state === ACCOUNT_DELETED;
