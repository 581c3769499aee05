import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { useRemoveListItemMutation, useReorderListItemsMutation, type ListItem, type ListSummary } from '../../api/lists';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { ListAppRow } from './list-app-row';
import { PinVersionModal } from './pin-version-modal';
import { PlatformCoverage } from './platform-coverage';

interface ListAppsProps {
  list: ListSummary;
  items: ListItem[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onAddApps: () => void;
}

/** The apps of an expanded list card, in their order. */
export function ListApps({ list, items, loading, failed, onRetry, onAddApps }: ListAppsProps) {
  const [reorder, { isLoading: reordering }] = useReorderListItemsMutation();
  const [remove, { isLoading: removing }] = useRemoveListItemMutation();
  const [pinning, setPinning] = useState<ListItem | null>(null);

  if (loading) return <Loader size="sm" role="status" aria-label="Loading apps" />;
  if (failed || !items) {
    return (
      <Alert color="red" variant="light" title="The apps of this list could not be loaded">
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          This list has no apps yet. Add some from the catalogue.
        </Text>
        {list.readOnly ? null : (
          <Button size="xs" variant="light" onClick={onAddApps}>
            Browse the catalogue
          </Button>
        )}
      </Stack>
    );
  }

  async function move(index: number, direction: -1 | 1) {
    const ids = (items ?? []).map((item) => item.app_id);
    const target = index + direction;
    const moved = ids[index];
    const other = ids[target];
    if (moved === undefined || other === undefined) return;
    ids[index] = other;
    ids[target] = moved;
    try {
      await reorder({ listId: list.id, appIds: ids }).unwrap();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to reorder the list'));
    }
  }

  async function removeApp(item: ListItem) {
    try {
      await remove({ listId: list.id, appId: item.app_id }).unwrap();
    } catch (failure) {
      notify.error(errorMessage(failure, `Failed to remove ${item.name}`));
    }
  }

  return (
    <Stack gap="sm">
      <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Apps in ${list.name}`}>
        {items.map((item, index) => (
          <ListAppRow
            key={item.app_id}
            item={item}
            divided={index > 0}
            listName={list.name}
            isFirst={index === 0}
            isLast={index === items.length - 1}
            canReorder={!list.readOnly}
            busy={reordering || removing}
            onMove={(direction) => void move(index, direction)}
            onRemove={() => void removeApp(item)}
            onPin={list.readOnly && item.pinnedVersion === null ? undefined : () => setPinning(item)}
          />
        ))}
      </Stack>
      <PlatformCoverage items={items} />
      {pinning ? <PinVersionModal listId={list.id} item={pinning} onClose={() => setPinning(null)} /> : null}
    </Stack>
  );
}
