import { Box, Menu, Text } from '@mantine/core';
import {
  IconDatabase,
  IconDeviceDesktop,
  IconLogin,
  IconLogout,
  IconMoon,
  IconRocket,
  IconSettings,
  IconShieldLock,
  IconSun,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';

import { useCurrentUser, useIsAuthenticated } from '../../lib/hooks';
import { useLogout } from '../../lib/logout';
import { isForcedLightPath, useTheme } from '../../lib/theme';
import { AccountButton } from './account-button';

/** The account dropdown; Installations and Update history are top-level pages in the header. */
export function AccountMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const authenticated = useIsAuthenticated();
  const user = useCurrentUser();
  const { theme, toggleTheme } = useTheme();
  const { pathname } = useLocation();
  const logout = useLogout();
  // On forced-light pages a toggle would change nothing visible, so it is left out there.
  const showThemeToggle = !isForcedLightPath(pathname);

  return (
    <Menu defaultOpened={defaultOpened} position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <AccountButton />
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <Box px="sm" py={6}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {`${user.firstName} ${user.lastName}`.trim()}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Box>
        ) : null}
        {showThemeToggle ? (
          <Menu.Item
            leftSection={theme === 'dark' ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
            onClick={toggleTheme}
          >
            {theme === 'dark' ? 'Light theme' : 'Dark theme'}
          </Menu.Item>
        ) : null}
        {authenticated ? (
          <>
            <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
              Settings
            </Menu.Item>
            <Menu.Item component={Link} to="/devices" leftSection={<IconDeviceDesktop size={16} aria-hidden />}>
              Devices
            </Menu.Item>
            {user?.isAdmin ? (
              <>
                <Menu.Item component={Link} to="/admin-console" leftSection={<IconShieldLock size={16} aria-hidden />}>
                  Admin Console
                </Menu.Item>
                <Menu.Item component={Link} to="/app-database-management" leftSection={<IconDatabase size={16} aria-hidden />}>
                  App Database
                </Menu.Item>
              </>
            ) : null}
          </>
        ) : null}
        <Menu.Item component={Link} to={authenticated ? '/pricing-page' : '/sign-in'} leftSection={<IconRocket size={16} aria-hidden />}>
          Upgrade
        </Menu.Item>
        <Menu.Divider />
        {authenticated ? (
          <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
            Log out
          </Menu.Item>
        ) : (
          <>
            <Menu.Item component={Link} to="/sign-in" leftSection={<IconLogin size={16} aria-hidden />}>
              Sign In
            </Menu.Item>
            <Menu.Item component={Link} to="/sign-up" leftSection={<IconUserPlus size={16} aria-hidden />}>
              Sign Up
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
