import type { User } from '@shared/api/user';

import { selectAuthenticated, selectUser, type AuthState } from './auth-slice';
import { useTransitionSelector } from './transition-selector';

/** Typed selectors that do not need the app's RootState (lib must not import app/). */
export function useIsAuthenticated(): boolean {
  return useTransitionSelector((state: { auth: AuthState }) => selectAuthenticated(state));
}

export function useCurrentUser(): User | null {
  return useTransitionSelector((state: { auth: AuthState }) => selectUser(state));
}
