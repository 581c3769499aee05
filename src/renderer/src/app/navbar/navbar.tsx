import { Anchor, Group, ThemeIcon } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';

import { ListsButton } from '../../features/lists/lists-button';
import { useIsAuthenticated } from '../../lib/hooks';
import { AccountButton } from './account-button';

// The dropdowns (and the positioning library under them) are not needed for first paint;
// their buttons show at once and become menus a moment later (DESIGN §8 budget). A click
// that lands before then is remembered, and the menu opens as soon as it arrives.
const ListsMenu = lazy(() => import('../../features/lists/lists-menu').then((m) => ({ default: m.ListsMenu })));
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
// Premium's notification centre: its bell appears once the plan is known.
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** Shown on every page; signed-out visitors get the logo and the account menu only. */
export function Navbar() {
  const authenticated = useIsAuthenticated();
  const [early, setEarly] = useState<'lists' | 'account' | null>(null);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Group gap="sm" wrap="nowrap">
        <Anchor component={Link} to="/app-list" underline="never" c="inherit" fw={800} fz="lg" aria-label="Loadout">
          <Group gap={8} wrap="nowrap">
            <ThemeIcon size={30} radius="md" variant="filled" aria-hidden>
              <IconStack2 size={18} />
            </ThemeIcon>
            Loadout
          </Group>
        </Anchor>
        {authenticated ? (
          <Suspense fallback={<ListsButton onClick={() => setEarly('lists')} />}>
            <ListsMenu defaultOpened={early === 'lists'} />
          </Suspense>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {authenticated ? (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        ) : null}
        <Suspense fallback={<AccountButton onClick={() => setEarly('account')} />}>
          <AccountMenu defaultOpened={early === 'account'} />
        </Suspense>
      </Group>
    </Group>
  );
}
