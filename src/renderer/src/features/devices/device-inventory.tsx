import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowUpCircle, IconRefresh } from '@tabler/icons-react';

import type { Device } from '@shared/api/devices';
import { formatLastActive } from '@shared/format';

import { errorMessage } from '../../lib/api-errors';
import { useGetDeviceInventoryQuery, useRefreshDeviceInventoryMutation } from '../../lib/installations-api';
import { notify } from '../../lib/notify';

/** "Installed apps": the catalogue apps the machine's agent found, with newer versions where there are. */
export function DeviceInventory({ device, online }: { device: Device; online: boolean }) {
  const query = useGetDeviceInventoryQuery(device.device_id, { refetchOnMountOrArgChange: true });
  const [refresh, refreshing] = useRefreshDeviceInventoryMutation();

  async function askForInventory() {
    try {
      await refresh(device.device_id).unwrap();
      notify.info(`Asked ${device.device_name} for its installed apps: the list updates when it answers.`);
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to refresh the inventory'));
    }
  }

  let body;
  if (query.isLoading) {
    body = (
      <Center py="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading installed apps...</Text>
        </Group>
      </Center>
    );
  } else if (query.isError || !query.data) {
    body = (
      <Alert color="red" variant="light" title="Failed to load the installed apps">
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (query.data.checkedAt === null) {
    body = (
      <Text size="sm" c="dimmed">
        This machine has not reported its installed apps yet. Its agent does so when it connects and after every installation.
      </Text>
    );
  } else if (query.data.apps.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        None of the catalogue&apos;s apps were found on this machine.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" aria-label="Installed apps">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">App</Table.Th>
              <Table.Th scope="col">Installed version</Table.Th>
              <Table.Th scope="col">Newer version</Table.Th>
              <Table.Th scope="col">Package</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.apps.map((app) => (
              <Table.Tr key={`${app.appId}-${app.manager}`}>
                <Table.Th scope="row" fw={500}>
                  {app.name}
                </Table.Th>
                <Table.Td>{app.installedVersion}</Table.Td>
                <Table.Td>
                  {app.availableVersion ? (
                    <Badge variant="light" color="orange" tt="none" leftSection={<IconArrowUpCircle size={12} aria-hidden />}>
                      {app.availableVersion} available
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Up to date
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {app.manager} · {app.packageId}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="inventory-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="inventory-heading">
              Installed apps
            </Title>
            {query.data?.checkedAt ? (
              <Text size="xs" c="dimmed">
                Checked {formatLastActive(query.data.checkedAt).replace('Just now', 'just now')}
              </Text>
            ) : null}
          </Stack>
          <Tooltip label="The machine is offline: it reports its apps when it connects" disabled={online} withArrow>
            <span>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={refreshing.isLoading}
                disabled={!online}
                onClick={() => void askForInventory()}
              >
                Refresh inventory
              </Button>
            </span>
          </Tooltip>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
