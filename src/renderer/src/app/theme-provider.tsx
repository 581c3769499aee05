import { createTheme, MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import type { ReactNode } from 'react';

import { useTheme } from '../lib/theme';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

/**
 * The scheme is always forced from lib/theme (the `theme` key and its cross-tab sync) so that
 * Mantine's own storage key stays unused and forced-light pages never overwrite the choice.
 */
const externalManager: MantineColorSchemeManager = {
  get: (fallback) => fallback,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

interface AppThemeProviderProps {
  forcedLight: boolean;
  children: ReactNode;
  /** 'test' turns off transitions and portals in unit tests. */
  env?: 'default' | 'test';
}

export function AppThemeProvider({ forcedLight, children, env }: AppThemeProviderProps) {
  const { theme: chosen } = useTheme();
  const scheme = forcedLight ? 'light' : chosen;
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={externalManager}
      // Mantine applies the default in a layout effect, before first paint: no light flash.
      defaultColorScheme={scheme}
      forceColorScheme={scheme}
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
