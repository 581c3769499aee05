import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { User } from '@shared/api/user';

import { readToken, readUser } from './session';

export interface AuthState {
  /** A token is stored: that alone makes the user "authenticated" to the guards. */
  authenticated: boolean;
  user: User | null;
}

/** Storage is the source of truth; the slice mirrors it so the UI re-renders on change. */
export function readAuthState(): AuthState {
  const user = readUser();
  return { authenticated: readToken() !== null, user };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: readAuthState,
  reducers: {
    sessionSynced: (_state, action: PayloadAction<AuthState>) => action.payload,
  },
});

export const { sessionSynced } = authSlice.actions;

interface WithAuth {
  auth: AuthState;
}
export const selectAuthenticated = (state: WithAuth): boolean => state.auth.authenticated;
export const selectUser = (state: WithAuth): User | null => state.auth.user;
