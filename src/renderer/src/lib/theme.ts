import { useCallback, useSyncExternalStore } from 'react';

import { withoutTrailingSlashes } from '@shared/url';

/** The theme lives in localStorage under `theme`, light or dark. */
export const THEME_KEY = 'theme';
export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function readTheme(): Theme {
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  // Nothing chosen yet: follow the operating system until the user picks.
  return prefersDark() ? 'dark' : 'light';
}

export function writeTheme(theme: Theme): void {
  localStorage.setItem(THEME_KEY, theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the theme: the storage event only fires in the other tabs.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as const);
  const toggleTheme = useCallback(() => writeTheme(readTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme: writeTheme, toggleTheme };
}

/** These screens are always light (docs/decisions.md#the-products-words-and-screens). */
const FORCED_LIGHT_PATHS = ['/sign-in', '/sign-up', '/password-reset', '/payment-page'];

export function isForcedLightPath(pathname: string): boolean {
  const path = withoutTrailingSlashes(pathname) || '/';
  return FORCED_LIGHT_PATHS.includes(path);
}
