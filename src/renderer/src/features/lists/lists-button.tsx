import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconList } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/**
 * The button that opens the Lists menu, kept apart from the menu so the navbar can show it
 * while the menu itself loads after first paint.
 */
export function ListsButton(props: ButtonProps & ComponentPropsWithRef<'button'>) {
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconList size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...props}
    >
      Lists
    </Button>
  );
}
