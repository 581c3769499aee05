import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';

import { useGetDeviceDriftQuery } from '../../api/device-groups';
import { DriftEntries } from '../../components/drift-entries';
import { LoadError } from '../../components/load-error';
import { errorStatus } from '../../lib/api-errors';

/**
 * "Groups" on an enrolled machine's page: the device groups it is in, each a link, and how it
 * differs from their lists. Nothing shows for a machine in no group (or while that is not known),
 * nor on a server without groups (404).
 */
export function DeviceGroups({ deviceId }: { deviceId: string }) {
  const drift = useGetDeviceDriftQuery(deviceId);
  if (drift.isLoading) return null;
  if (drift.isError || !drift.data) {
    if (errorStatus(drift.error) === 404) return null;
    return <LoadError what="this machine's groups" onRetry={() => void drift.refetch()} retrying={drift.isFetching} />;
  }
  const { groups } = drift.data;
  if (groups.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="device-groups-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="device-groups-heading">
          Groups
        </Title>
        <Text size="sm">
          {groups.length === 1 ? 'In the group ' : 'In the groups '}
          {groups.map((group, index) => (
            <Fragment key={group.id}>
              {index > 0 ? ', ' : null}
              <Anchor component={Link} to={`/groups/${encodeURIComponent(group.id)}`} size="sm" underline="always">
                {group.name}
              </Anchor>
            </Fragment>
          ))}
          , which say which lists it should have.
        </Text>
        <DriftEntries drift={drift.data} />
      </Stack>
    </Paper>
  );
}
