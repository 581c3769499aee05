import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconList } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

type ListsButtonProps = ButtonProps & ComponentPropsWithRef<'button'> & { current?: boolean };

/**
 * The button that opens the Lists menu, kept apart from the menu so the navbar can show it
 * while the menu itself loads after first paint.
 */
export function ListsButton({ current = false, ...props }: ListsButtonProps) {
  return (
    <Button
      variant={current ? 'light' : 'subtle'}
      color={current ? undefined : 'gray'}
      aria-current={current ? 'page' : undefined}
      px="sm"
      leftSection={<IconList size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...props}
    >
      Lists
    </Button>
  );
}
