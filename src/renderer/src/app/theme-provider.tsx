import { createTheme, MantineProvider, type CSSVariablesResolver, type MantineColorSchemeManager } from '@mantine/core';
import type { ReactNode } from 'react';

import { useTheme } from '../lib/theme';

// Mantine's defaults fall short of WCAG AA's 4.5:1 for text: white on indigo.6 is 4.3:1,
// dimmed gray.6 on white 3.3:1, blue.6 links 3.6:1, dark.2 on the dark body 4.0:1.
const theme = createTheme({
  primaryColor: 'indigo',
  // White on indigo.8 is 5.7:1; the light variant's text follows the shade too.
  primaryShade: { light: 8, dark: 8 },
  // Filled badges and buttons in light colours (yellow, orange) get dark text instead of white.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

/**
 * Light badges and alerts (`variant="light"`) write shade 9 on shade 1 in the light scheme:
 * 2.7:1 for yellow, 3.6:1 for orange, 3.8:1 for green. These darker shades reach 5:1 on
 * their own light background (and more on white); the others already do.
 */
const LIGHT_VARIANT_TEXT: Readonly<Record<string, string>> = {
  red: '#b92727',
  blue: '#1862a8',
  cyan: '#0b6d80',
  teal: '#077252',
  green: '#247434',
  lime: '#48730a',
  yellow: '#a15300',
  orange: '#b23b0c',
};

/**
 * Secondary text, links, warning and field-error text that stay readable: dimmed 6.1:1 on white
 * and 6.2:1 on the dark body; orange and yellow text (`c="orange"`) at least 4.9:1 on white.
 */
const readableColors: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    '--mantine-color-orange-text': '#c2410c',
    '--mantine-color-yellow-text': '#a16207',
    // A field's error text and the typed value of a field in error: red.6 is 3.3:1 on white.
    '--mantine-color-error': '#b92727',
    ...Object.fromEntries(Object.entries(LIGHT_VARIANT_TEXT).map(([color, text]) => [`--mantine-color-${color}-light-color`, text])),
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-3)',
    // red.8 is 3.4:1 on the dark body; red.4 is 6.5:1 (5.7:1 on an input).
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
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
      cssVariablesResolver={readableColors}
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
