// First: before any schema is built (zod-config.ts says why).
import './zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { App } from './app/app';
import { preloadPageFor } from './app/routes';
import { createAppStore, startSessionSync } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createAppStore();
startSessionSync(store);

const root = createRoot(container);
// The screen of the address opened loads first (routes.tsx says why); a screen that cannot load
// is rendered anyway, and its error shows as it would later.
void preloadPageFor(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree: a phone answers a tap while the app starts.
    startTransition(() => {
      root.render(
        <StrictMode>
          <BrowserRouter>
            <App store={store} />
          </BrowserRouter>
        </StrictMode>,
      );
    });
  });
