import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';

import type { User } from '@shared/api/user';

import { App } from '../app/app';
import { createAppStore, startSessionSync } from '../app/store';
import { saveSession } from '../lib/session';

export const testUser: User = {
  id: 'user-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  isEmailVerified: false,
  isAdmin: false,
};

/** Stores a session as a real sign-in would. */
export function signIn(user: User = testUser): void {
  saveSession({ token: 'access-1', refreshToken: 'refresh-1', user });
}

/** Renders the whole app (routes, guards, navbar, providers) at `path`. */
export function renderApp(path: string) {
  const store = createAppStore();
  const stopSync = startSessionSync(store);
  const seen: { location: Location | null } = { location: null };
  function LocationProbe() {
    seen.location = useLocation();
    return null;
  }
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <App store={store} env="test" />
      <LocationProbe />
    </MemoryRouter>,
  );
  return {
    ...utils,
    store,
    stopSync,
    /** Where the app is now, path and query. */
    currentPath: () => (seen.location ? `${seen.location.pathname}${seen.location.search}` : ''),
  };
}
