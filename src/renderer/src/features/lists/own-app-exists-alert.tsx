import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import type { ExistingOwnApp } from '../../api/own-apps';

interface OwnAppExistsAlertProps {
  existing: ExistingOwnApp;
  /** Its name, when your apps are loaded; the message names it either way. */
  name: string | null;
  inList: boolean;
  /** Why nothing can be added to this list (full or read-only), else null. */
  blockedReason: string | null;
  adding: boolean;
  onAdd: () => void;
}

/**
 * Under the "Add your own app" form when one of your apps has the package id already: says which,
 * and offers to add that one to the list instead (a package is one app of yours, never two).
 */
export function OwnAppExistsAlert({ existing, name, inList, blockedReason, adding, onAdd }: OwnAppExistsAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the form fills the screen and this would open below it, unseen: bring it up.
  // A block body, not `() => el.scrollIntoView()`: Chromium's scrollIntoView returns a promise,
  // which React would take for the effect's cleanup and call on unmount.
  useEffect(() => {
    void ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [existing]);
  return (
    <Alert ref={ref} color="yellow" variant="light" title={existing.message}>
      {inList ? (
        <Text size="sm">It is in this list already. Change the package id to add a different app.</Text>
      ) : blockedReason ? (
        <Text size="sm">{blockedReason}. It stays in your apps below.</Text>
      ) : (
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm">Add it to this list instead, or change the package id to add a different app.</Text>
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} loading={adding} onClick={onAdd}>
            {name ? `Add ${name} to this list` : 'Add it to this list'}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
