import { configureStore } from '@reduxjs/toolkit';

import { authSlice, readAuthState, sessionSynced } from '../lib/auth-slice';
import { baseApi } from '../lib/base-api';
import { STORAGE_KEYS, subscribeSession } from '../lib/session';

export function createAppStore() {
  return configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      [authSlice.name]: authSlice.reducer,
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

const SESSION_KEYS: ReadonlyArray<string | null> = [null, STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user];

/**
 * Keeps the auth slice equal to storage: after changes in this tab (lib/session emits) and in
 * other tabs (the storage event), so a logout elsewhere signs this tab out too.
 */
export function startSessionSync(store: AppStore): () => void {
  const sync = () => {
    const before = store.getState().auth;
    const after = readAuthState();
    // Another account (or none) must never see the previous account's cached answers.
    if (before.authenticated !== after.authenticated || before.user?.id !== after.user?.id) {
      store.dispatch(baseApi.util.resetApiState());
    }
    store.dispatch(sessionSynced(after));
  };
  const unsubscribe = subscribeSession(sync);
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === localStorage && SESSION_KEYS.includes(event.key)) sync();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
