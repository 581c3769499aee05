import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

import { formatLastActive } from '@shared/format';

import { UnbrokenWords } from '../../components/unbroken-words';
import type { InventoryApp } from './uninstall-app-modal';

interface HeldUpdateNoteProps {
  app: InventoryApp & { heldUpdate: NonNullable<InventoryApp['heldUpdate']> };
  /** The button spins while this app's hold is being released, and waits while anything else starts. */
  releasing: boolean;
  busy: boolean;
  onRetry: (app: InventoryApp) => void;
}

/**
 * An update that ran and left the app where it was: which version did not take, when, what the
 * agent said, and Try the update again. That version is not offered meanwhile (no Update, not in
 * Update all), so the note stands where the newer version would, with its one action beside it.
 */
export function HeldUpdateNote({ app, releasing, busy, onRetry }: HeldUpdateNoteProps) {
  const held = app.heldUpdate;
  return (
    <Stack gap={4} maw={420} align="flex-start">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-filled)" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          Update to <UnbrokenWords text={held.version} /> did not take{' '}
          <Text
            component="time"
            size="xs"
            fw={400}
            c="dimmed"
            dateTime={held.since}
            title={new Date(held.since).toLocaleString()}
            style={{ whiteSpace: 'nowrap' }}
          >
            · {formatLastActive(held.since).replace('Just now', 'just now')}
          </Text>
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {held.message}
      </Text>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={releasing}
        disabled={busy}
        aria-label={`Try the update again for ${app.name}`}
        onClick={() => onRetry(app)}
      >
        Try the update again
      </Button>
    </Stack>
  );
}
