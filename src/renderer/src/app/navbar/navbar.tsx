import { Anchor, Box, Burger, Group, ThemeIcon } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { ListsButton } from '../../features/lists/lists-button';
import { useIsAuthenticated } from '../../lib/hooks';
import { AccountButton } from './account-button';
import { isCurrentPage, LISTS_PAGE } from './nav-pages';
import { PrimaryLinks } from './primary-links';

// The dropdowns (and the positioning library under them) are not needed for first paint;
// their buttons show at once and become menus a moment later (first-route size budget). A click
// that lands before then is remembered, and the menu opens as soon as it arrives.
const ListsMenu = lazy(() => import('../../features/lists/lists-menu').then((m) => ({ default: m.ListsMenu })));
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
// Premium's notification centre: its bell appears once the plan is known.
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);
// The phone menu and its scroll lock load when first opened.
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

const NAV_DRAWER_ID = 'main-menu';

/**
 * Shown on every page; signed-out visitors get the logo and the account menu only. Below
 * Mantine's md breakpoint the page links move into a menu behind a burger, so the header
 * never grows past a phone's width.
 */
export function Navbar() {
  const authenticated = useIsAuthenticated();
  const { pathname } = useLocation();
  const [early, setEarly] = useState<'lists' | 'account' | null>(null);
  // The menu is open on the page where it was opened: leaving that page by any way (a link
  // in the menu, the back button) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpened = menuOpenOn === pathname;
  const [menuLoaded, setMenuLoaded] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // The drawer mounts already open the first time (it loads on that click), so it has no
  // element to give the focus back to: the burger takes it back itself, as a keyboard user expects.
  const closeMenu = () => {
    setMenuOpenOn(null);
    burger.current?.focus();
  };

  return (
    <Group h="100%" px={{ base: 'sm', xs: 'md' }} justify="space-between" wrap="nowrap" component="nav" aria-label="Main" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Anchor component={Link} to="/app-list" underline="never" c="inherit" fw={800} fz="lg" aria-label="Loadout">
          <Group gap={8} wrap="nowrap">
            <ThemeIcon size={30} radius="md" variant="filled" aria-hidden>
              <IconStack2 size={18} />
            </ThemeIcon>
            Loadout
          </Group>
        </Anchor>
        {authenticated ? (
          <Group gap={4} wrap="nowrap" visibleFrom="md">
            <Suspense fallback={<ListsButton current={isCurrentPage(pathname, LISTS_PAGE.to)} onClick={() => setEarly('lists')} />}>
              <ListsMenu defaultOpened={early === 'lists'} current={isCurrentPage(pathname, LISTS_PAGE.to)} />
            </Suspense>
            <PrimaryLinks />
          </Group>
        ) : null}
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {authenticated ? (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        ) : null}
        <Suspense fallback={<AccountButton onClick={() => setEarly('account')} />}>
          <AccountMenu defaultOpened={early === 'account'} />
        </Suspense>
        {authenticated ? (
          <Box hiddenFrom="md">
            <Burger
              ref={burger}
              opened={menuOpened}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpenOn(menuOpened ? null : pathname);
              }}
              size="sm"
              aria-label="Menu"
              aria-expanded={menuOpened}
              aria-controls={NAV_DRAWER_ID}
            />
          </Box>
        ) : null}
      </Group>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer id={NAV_DRAWER_ID} opened={menuOpened} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </Group>
  );
}
