import { Avatar, Box, Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

import { useCurrentUser } from '../../lib/hooks';

/**
 * The button that opens the account menu. It lives apart from the menu so the navbar can show
 * it at once while the menu (and its positioning library) loads after first paint.
 */
type MenuButtonProps = ButtonProps & ComponentPropsWithRef<'button'>;

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

export function AccountButton(props: MenuButtonProps) {
  const user = useCurrentUser();
  return (
    <Button
      variant="subtle"
      color="gray"
      aria-label="Account"
      leftSection={
        <Avatar size={26} radius="xl" color="indigo" aria-hidden>
          {user ? initials(user.firstName, user.lastName) : null}
        </Avatar>
      }
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...props}
    >
      {/* On a phone the avatar says whose account it is; the name would push the navbar past the screen's edge. */}
      <Box component="span" visibleFrom="xs">
        {user?.firstName || 'Account'}
      </Box>
    </Button>
  );
}
