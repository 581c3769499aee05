import { Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

import { formatLastActive } from '@shared/format';

import type { InventoryApp } from './uninstall-app-modal';

type HeldUpdate = NonNullable<InventoryApp['heldUpdate']>;

/**
 * An update that ran and left the app where it was: which version did not take, when, and what
 * the agent said. That version is not offered again (no Update, not in Update all) until the
 * owner tries again, so the note says why the app looks up to date.
 */
export function HeldUpdateNote({ held }: { held: HeldUpdate }) {
  return (
    <Stack gap={2} maw={360}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-filled)" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          Update to {held.version} did not take{' '}
          <Text component="time" size="xs" fw={400} c="dimmed" dateTime={held.since} title={new Date(held.since).toLocaleString()}>
            · {formatLastActive(held.since).replace('Just now', 'just now')}
          </Text>
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {held.message}
      </Text>
    </Stack>
  );
}
