import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';

import { useGetFollowedListsQuery } from '../../api/list-sync';

/** The device page's line of the lists a machine keeps in sync with, each a link to the list. */
export function FollowedLists({ deviceId }: { deviceId: string }) {
  const { data, isLoading, isError } = useGetFollowedListsQuery(deviceId);
  if (isLoading)
    return (
      <Text span size="sm" c="dimmed">
        Loading...
      </Text>
    );
  if (isError || !data)
    return (
      <Text span size="sm" c="dimmed">
        Could not be loaded
      </Text>
    );
  if (data.lists.length === 0)
    return (
      <Text span size="sm" c="dimmed">
        No list. Choose Keep in sync in a list&apos;s menu.
      </Text>
    );
  return (
    <Text span size="sm">
      {data.lists.map((list, index) => (
        <Fragment key={list.listId}>
          {index > 0 ? ', ' : null}
          <Anchor component={Link} to={`/app-list?list=${encodeURIComponent(list.listId)}`} size="sm">
            {list.listName}
          </Anchor>
          {list.uninstallRemoved ? ' (removals uninstalled too)' : null}
        </Fragment>
      ))}
    </Text>
  );
}
