import { ActionIcon, Alert, Anchor, Badge, Button, Card, Collapse, Group, Menu, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconCalendarTime,
  IconChevronDown,
  IconChevronUp,
  IconDevices,
  IconDots,
  IconDownload,
  IconHistory,
  IconLock,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { forwardRef, type ReactElement } from 'react';
import { Link } from 'react-router-dom';

import type { ListStatusSummary } from '@shared/api/installations';
import { formatListSize, formatListSizeGb } from '@shared/format';

import { useGetListItemsQuery, type ListSummary } from '../../api/lists';
import { ExportMenu } from './export-menu';
import { ListApps } from './list-apps';
import { appUsage, usePlanLimits } from './plan-limits';

interface ListCardProps {
  list: ListSummary;
  /** The plan's apps-per-list limit; null while unknown. */
  appsPerList: number | null;
  expanded: boolean;
  highlighted: boolean;
  onToggle: () => void;
  onRename: () => void;
  onDelete: () => void;
  onAddApps: () => void;
  onInstall: () => void;
  /** Where the list's apps stand on the devices it was installed onto. */
  onStatus: () => void;
  /** The same at a glance; null while unknown. */
  glance: ListGlance | null;
  /** Which machines follow the list (keep in sync). */
  onKeepInSync: () => void;
  /** When the list's apps are upgraded by themselves (Premium). */
  onSchedule: () => void;
  /** Private, by link or public in the gallery. */
  onShare: () => void;
}

type ListGlance = ListStatusSummary['lists'][number];

/** "On 2 devices: 1 out of date, 1 missing", "On 1 device: all installed and up to date". */
export function glanceText(glance: ListGlance): string {
  const on = `On ${glance.devices} ${glance.devices === 1 ? 'device' : 'devices'}`;
  const parts = [
    glance.outdated > 0 ? `${glance.outdated} out of date` : null,
    glance.missing > 0 ? `${glance.missing} missing` : null,
    glance.unchecked > 0 ? `${glance.unchecked} not checked yet` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? `${on}: ${parts.join(', ')}` : `${on}: all installed and up to date`;
}

/** Orange when something needs doing (never colour alone: the words say it too). */
function glanceColor(glance: ListGlance): string | undefined {
  return glance.outdated > 0 || glance.missing > 0 ? 'orange' : undefined;
}

function DisabledReason({ reason, children }: { reason: string | null; children: ReactElement }) {
  if (!reason) return children;
  // A disabled button gets no pointer events; the wrapper carries the tooltip.
  return (
    <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} style={{ display: 'inline-block' }}>
        {children}
      </span>
    </Tooltip>
  );
}

/** One list of /app-list: name, count, size, its apps, and what can be done with it. */
export const ListCard = forwardRef<HTMLDivElement, ListCardProps>(function ListCard(
  {
    list,
    appsPerList,
    expanded,
    highlighted,
    onToggle,
    onRename,
    onDelete,
    onAddApps,
    onInstall,
    onStatus,
    glance,
    onKeepInSync,
    onSchedule,
    onShare,
  },
  ref,
) {
  // Items load when the card is first opened, and stay cached afterwards.
  const itemsQuery = useGetListItemsQuery(list.id, { skip: !expanded });
  const { appsHint } = usePlanLimits();
  const items = itemsQuery.data;
  const size = items ? formatListSizeGb(items) : formatListSize(list.sizeKb, list.unknownSizeCount);
  const usage = appUsage(list.appCount, appsPerList);
  const full = appsPerList !== null && list.appCount >= appsPerList;
  const addReason = list.readOnly
    ? 'This list is read-only on your current plan'
    : full
      ? `Your plan allows ${appsPerList} apps per list. ${appsHint ?? 'Upgrade for more.'}`
      : null;
  const bodyId = `list-${list.id}-apps`;

  return (
    <Card
      ref={ref}
      id={`list-${list.id}`}
      withBorder
      radius="md"
      padding="lg"
      shadow={highlighted ? 'md' : 'xs'}
      component="section"
      aria-label={list.name}
      data-highlighted={highlighted || undefined}
      style={
        highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2, scrollMarginTop: 80 } : { scrollMarginTop: 80 }
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="lg">
                {list.name}
              </Title>
              {list.readOnly ? (
                <Badge color="orange" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
                  Read-only
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {list.appCount} {list.appCount === 1 ? 'app' : 'apps'} · {size}
              {usage ? ` · ${usage}` : ''}
            </Text>
            {glance && glance.devices > 0 ? (
              <Anchor component="button" type="button" size="sm" ta="left" onClick={onStatus} c={glanceColor(glance)}>
                {glanceText(glance)}
              </Anchor>
            ) : null}
          </Stack>
          <Group gap="xs" wrap="wrap">
            <DisabledReason reason={addReason}>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={addReason !== null}
                onClick={onAddApps}
              >
                Add apps
              </Button>
            </DisabledReason>
            <ExportMenu list={list} />
            <DisabledReason reason={list.appCount === 0 ? 'Add apps to this list first' : null}>
              <Button size="xs" leftSection={<IconDownload size={14} aria-hidden />} disabled={list.appCount === 0} onClick={onInstall}>
                Install
              </Button>
            </DisabledReason>
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={`More actions for ${list.name}`}>
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} disabled={list.readOnly} onClick={onRename}>
                  Rename
                </Menu.Item>
                <Menu.Item leftSection={<IconDevices size={16} aria-hidden />} onClick={onStatus}>
                  Status on devices
                </Menu.Item>
                <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={onKeepInSync}>
                  Keep in sync
                </Menu.Item>
                <Menu.Item leftSection={<IconShare size={16} aria-hidden />} onClick={onShare}>
                  Share…
                </Menu.Item>
                <Menu.Item leftSection={<IconCalendarTime size={16} aria-hidden />} onClick={onSchedule}>
                  Update policy
                </Menu.Item>
                <Menu.Item
                  component={Link}
                  to={`/history?listId=${encodeURIComponent(list.id)}`}
                  leftSection={<IconHistory size={16} aria-hidden />}
                >
                  History
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {list.readOnly ? (
          <Alert color="orange" variant="light" p="xs">
            <Text size="sm">
              This list is beyond your current plan&apos;s limits, so it is read-only: you can remove apps or delete it, but not add, rename
              or reorder. Trim it to your plan&apos;s limits or upgrade to edit it again.
            </Text>
          </Alert>
        ) : null}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            rightSection={expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
          >
            {expanded ? 'Hide apps' : 'Show apps'}
          </Button>
        </Group>
        <Collapse expanded={expanded} id={bodyId}>
          {expanded ? (
            <ListApps
              list={list}
              items={items}
              loading={itemsQuery.isLoading}
              failed={itemsQuery.isError}
              onRetry={() => void itemsQuery.refetch()}
              onAddApps={onAddApps}
            />
          ) : null}
        </Collapse>
      </Stack>
    </Card>
  );
});
