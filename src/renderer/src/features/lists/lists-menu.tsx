import { Menu } from '@mantine/core';
import { Link } from 'react-router-dom';

import { useGetListsQuery } from '../../api/lists';
import { ListsButton } from './lists-button';

interface ListsMenuProps {
  defaultOpened?: boolean;
  /** The Lists screen is showing: the button is marked as the current page. */
  current?: boolean;
}

/** The navbar's Lists dropdown: a failed or empty answer both read "No lists". */
export function ListsMenu({ defaultOpened = false, current = false }: ListsMenuProps) {
  const { data: lists } = useGetListsQuery();
  return (
    <Menu defaultOpened={defaultOpened} position="bottom-start" width={240} shadow="md">
      <Menu.Target>
        <ListsButton current={current} />
      </Menu.Target>
      <Menu.Dropdown>
        {/* The dropdown is the header's way to the Lists screen, so the screen itself comes first. */}
        <Menu.Item component={Link} to="/app-list">
          All lists
        </Menu.Item>
        <Menu.Divider />
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
