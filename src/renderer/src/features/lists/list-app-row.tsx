import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPin, IconTrash } from '@tabler/icons-react';

import { formatAppSize } from '@shared/format';

import type { ListItem } from '../../api/lists';
import { AppIcon } from '../../components/app-icon';
import { PackageIds } from '../../components/package-ids';
import { PlatformBadges } from '../../components/platform-badges';

interface ListAppRowProps {
  item: ListItem;
  /** A line above every row but the first. */
  divided: boolean;
  listName: string;
  isFirst: boolean;
  isLast: boolean;
  /** Read-only lists can still be trimmed, never reordered: a downgrade never deletes, the user trims. */
  canReorder: boolean;
  busy: boolean;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  /** "Pin version…": absent on a read-only list, where only a pin's removal (in the dialog) would be allowed. */
  onPin?: () => void;
}

/** One app of a list: what it is, where it installs and through which package, and the buttons to move or remove it. */
export function ListAppRow({ item, divided, listName, isFirst, isLast, canReorder, busy, onMove, onRemove, onPin }: ListAppRowProps) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={8}
      aria-label={item.name}
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <AppIcon name={item.name} src={item.icon_file_location} />
        <Stack gap={2} miw={0}>
          <Group gap={8} wrap="wrap">
            <Text fw={600} size="sm" truncate>
              {item.name}
            </Text>
            {item.own_app ? (
              <Badge size="xs" variant="light" color="grape" title="An app you added yourself: only you see it">
                Your app
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {[item.category_name, formatAppSize(item.file_size_kb)].filter(Boolean).join(' · ')}
            </Text>
            {item.pinnedVersion === null ? null : (
              <Badge size="sm" variant="light" color="grape" tt="none" leftSection={<IconPin size={12} aria-hidden />}>
                pinned at {item.pinnedVersion}
              </Badge>
            )}
          </Group>
          <PlatformBadges platforms={item.platforms} size="xs" />
          <PackageIds app={item} />
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Tooltip label="Move up" openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${item.name} up`}
            disabled={!canReorder || isFirst || busy}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Move down" openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${item.name} down`}
            disabled={!canReorder || isLast || busy}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {onPin ? (
          <Tooltip label={item.pinnedVersion === null ? 'Pin version…' : 'Change or remove the pin…'} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color={item.pinnedVersion === null ? 'gray' : 'grape'}
              aria-label={
                item.pinnedVersion === null ? `Pin a version of ${item.name}` : `${item.name} is pinned at ${item.pinnedVersion}: change`
              }
              disabled={busy}
              onClick={onPin}
            >
              <IconPin size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label={`Remove from ${listName}`} openDelay={400}>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${item.name} from ${listName}`} disabled={busy} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
