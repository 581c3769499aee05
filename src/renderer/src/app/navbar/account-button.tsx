import { Avatar, Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/**
 * The button that opens the account menu. It lives apart from the menu so the navbar can show
 * it at once while the menu (and its positioning library) loads after first paint.
 */
type MenuButtonProps = ButtonProps & ComponentPropsWithRef<'button'>;

/**
 * A person's icon, no text: a name in the header was cut off or pushed the header past a
 * phone's edge, and initials read differently from the button's name ("Account") to a screen
 * reader. The menu opens with the full name and e-mail.
 */
export function AccountButton(props: MenuButtonProps) {
  return (
    <Button
      variant="subtle"
      color="gray"
      aria-label="Account"
      px={6}
      leftSection={<Avatar size={28} radius="xl" color="indigo" aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...props}
    />
  );
}
