import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import type { ListSummary } from '@shared/api/lists';

interface AddToListMenuProps {
  appName: string;
  lists: readonly ListSummary[];
  adding: boolean;
  onAdd: (list: ListSummary) => void;
}

/** "Add to list": the person picks one of their lists; with none yet, the way to make one. */
export function AddToListMenu({ appName, lists, adding, onAdd }: AddToListMenuProps) {
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          loading={adding}
          leftSection={<IconPlus size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          // The visible words first, so speech users can say what they see.
          aria-label={`Add to list: ${appName}`}
        >
          Add to list
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {lists.length === 0 ? (
          <>
            <Menu.Label>You have no lists yet</Menu.Label>
            <Menu.Item component={Link} to="/app-list">
              Create a list on the Lists page
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Label>Add to…</Menu.Label>
            {lists.map((list) => (
              <Menu.Item
                key={list.id}
                disabled={list.readOnly}
                onClick={() => onAdd(list)}
                rightSection={
                  <Text size="xs" c="dimmed">
                    {list.readOnly ? 'read-only' : `${list.appCount} ${list.appCount === 1 ? 'app' : 'apps'}`}
                  </Text>
                }
              >
                {list.name}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
