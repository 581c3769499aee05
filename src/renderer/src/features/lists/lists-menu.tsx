import { Menu } from '@mantine/core';
import { Link } from 'react-router-dom';

import { useGetListsQuery } from './lists-api';
import { ListsButton } from './lists-button';

/** The navbar's Lists dropdown (SPEC §2): a failed or empty answer both read "No lists". */
export function ListsMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { data: lists } = useGetListsQuery();
  return (
    <Menu defaultOpened={defaultOpened} position="bottom-start" width={240} shadow="md">
      <Menu.Target>
        <ListsButton />
      </Menu.Target>
      <Menu.Dropdown>
        {lists && lists.length > 0 ? (
          lists.map((list) => (
            <Menu.Item key={list.id} component={Link} to={`/app-list?list=${encodeURIComponent(list.id)}`}>
              {list.name}
            </Menu.Item>
          ))
        ) : (
          <Menu.Item disabled>No lists</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
