import { lazy, Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useLocation } from 'react-router-dom';

import { isForcedLightPath } from '../lib/theme';
import { NavigationBridge } from './navigation-bridge';
import { RootLayout } from './root-layout';
import type { AppStore } from './store';
import { AppThemeProvider } from './theme-provider';

const NotificationsHost = lazy(() => import('./notifications-host').then((m) => ({ default: m.NotificationsHost })));

interface AppProps {
  store: AppStore;
  /** 'test' turns off Mantine transitions and portals in unit tests. */
  env?: 'default' | 'test';
  children?: ReactNode;
}

/** Everything inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function App({ store, env, children }: AppProps) {
  const { pathname } = useLocation();
  return (
    <Provider store={store}>
      <AppThemeProvider forcedLight={isForcedLightPath(pathname)} env={env}>
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
        <NavigationBridge />
        {children ?? <RootLayout />}
      </AppThemeProvider>
    </Provider>
  );
}
