import { Button, EmptyState, Group } from '@mantine/core';
import { IconFileImport, IconListDetails, IconPlus, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** What a new user sees on /app-list: what lists are for and the first step. */
export function ListsEmptyState({ onNewList, onImport }: { onNewList: () => void; onImport: () => void }) {
  return (
    <EmptyState
      py={48}
      variant="light"
      icon={<IconListDetails size={32} aria-hidden />}
      title="No lists yet"
      description="Create your first list, then add apps from the catalogue."
    >
      <EmptyState.Actions>
        <Group justify="center">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNewList}>
            New List
          </Button>
          <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={onImport}>
            Import
          </Button>
          <Button component={Link} to="/gallery" variant="default" leftSection={<IconWorld size={16} aria-hidden />}>
            Browse shared lists
          </Button>
        </Group>
      </EmptyState.Actions>
    </EmptyState>
  );
}
