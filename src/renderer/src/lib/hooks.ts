import { useSelector } from 'react-redux';

import type { User } from '@shared/api/user';

import { selectAuthenticated, selectUser, type AuthState } from './auth-slice';

/** Typed selectors that do not need the app's RootState (lib must not import app/). */
export function useIsAuthenticated(): boolean {
  return useSelector((state: { auth: AuthState }) => selectAuthenticated(state));
}

export function useCurrentUser(): User | null {
  return useSelector((state: { auth: AuthState }) => selectUser(state));
}
