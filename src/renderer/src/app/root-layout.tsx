import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import { ErrorBoundary } from '../components/error-boundary';
import { DeviceSlot } from './device-slot';
import { FeedbackSlot } from './feedback-slot';
import { LiveEventsSlot } from './live-events-slot';
import { Navbar } from './navbar/navbar';
import { AppRoutes } from './routes';
import { useNavigationGuard } from './use-navigation-guard';

/** A plain sticky header: Mantine's AppShell would add a scroll-lock library to the first route. */
export function RootLayout() {
  useNavigationGuard();
  const { pathname } = useLocation();
  // A new screen starts at the top, as a full page load would.
  // Braces matter: newer browsers return a Promise from scrollTo, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <Box
        component="header"
        h={60}
        pos="sticky"
        top={0}
        bg="var(--mantine-color-body)"
        style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Navbar />
      </Box>
      {/* Room at the end for the floating Feedback button, which otherwise covers the last line on a phone. */}
      <Box component="main" mih="calc(100dvh - 60px)" pb={80}>
        {/* Keyed by path so that leaving a broken screen recovers. */}
        <ErrorBoundary key={pathname}>
          <AppRoutes />
        </ErrorBoundary>
      </Box>
      <FeedbackSlot />
      <DeviceSlot />
      <LiveEventsSlot />
    </>
  );
}
