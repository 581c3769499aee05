import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';

import { formatLastActive } from '@shared/format';
import { isTargetRunning } from '@shared/installation-states';

import { useGetDevicesQuery } from '../../api/devices';
import { useGetInstallationsQuery, type InstallationSummary } from '../../api/installations';
import { BackLink } from '../../components/back-link';
import { DeviceBadges } from '../../components/device-badges';
import { installationStatusLook, StatusBadge } from '../../components/installation-status';
import { LoadingRow } from '../../components/loading-row';
import { SearchMachineButton } from '../../components/search-machine-modal';
import { UpdatePolicySection } from '../../components/update-policy-section';
import { isEnrolled } from '../../lib/enrolled-machine';
import { AgentVersion } from './agent-version';
import { DeviceCheckIns } from './device-check-ins';
import { DeviceGenerations } from './device-generations';
import { DeviceGroups } from './device-groups';
import { DeviceInventory } from './device-inventory';
import { AGENT_STATE, agentState, CONNECTION_STATUS, PLATFORM_NAMES } from './device-labels';
import { DuplicateAgentNotice } from './duplicate-agent-notice';
import { FollowedLists } from './followed-lists';

const RECENT = 10;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const KIND_VERBS = { upgrade: 'Update', uninstall: 'Uninstall' } as const;

/**
 * What an installation did, in a line: the list's name, or the apps' for single apps
 * ("Uninstall Firefox", "Update GNU Hello and 2 more"), never a bare "Single apps".
 */
export function recentTitle(installation: Pick<InstallationSummary, 'kind' | 'listName' | 'appNames' | 'counts'>): string {
  const total = Object.values(installation.counts).reduce((sum, n) => sum + n, 0);
  const more = total - installation.appNames.length;
  const apps =
    installation.appNames.length === 0
      ? `${total} ${total === 1 ? 'app' : 'apps'}`
      : installation.appNames.join(', ') + (more > 0 ? ` and ${more} more` : '');
  if (installation.kind === 'install') return installation.listName ?? apps;
  const verb = KIND_VERBS[installation.kind];
  return installation.listName ? `${verb}: ${installation.listName}` : `${verb} ${apps}`;
}

function RecentInstallations({ deviceId, installations }: { deviceId: string; installations: InstallationSummary[] | undefined }) {
  const recent = (installations ?? []).filter((installation) => installation.devices.some((d) => d.deviceId === deviceId)).slice(0, RECENT);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="recent-heading">
          Recent installations
        </Title>
        {recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has been installed onto this machine yet. Install a list from the Lists screen.
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {recent.map((installation) => (
              <li key={installation.id}>
                <UnstyledButton component={Link} to={`/installations/${encodeURIComponent(installation.id)}`} w="100%" py={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="wrap">
                      <StatusBadge look={installationStatusLook(installation.status, installation.kind)} />
                      <Text size="sm" fw={500}>
                        {recentTitle(installation)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDate(installation.createdAt)}
                      </Text>
                    </Group>
                    <IconChevronRight size={16} aria-hidden />
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** /devices/:deviceId: one machine, its installed apps and what was installed onto it. */
export function DevicePage() {
  const { deviceId = '' } = useParams();
  const devices = useGetDevicesQuery();
  const { data: installations } = useGetInstallationsQuery();
  const device = devices.data?.devices.find((d) => d.device_id === deviceId);

  let body;
  if (devices.isLoading) {
    body = <LoadingRow label="Loading device..." />;
  } else if (!device) {
    body = (
      <Alert color="yellow" variant="light" title="Device not found">
        It may have been deactivated. Your active devices are listed on the Devices screen.
      </Alert>
    );
  } else {
    const enrolled = isEnrolled(device);
    const running = (installations ?? []).some((i) => i.devices.some((d) => d.deviceId === deviceId && isTargetRunning(d.status)));
    const status = enrolled ? AGENT_STATE[agentState(device, running)] : CONNECTION_STATUS[device.connection_status];
    body = (
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={30}>
              {device.device_name}
            </Title>
            <DeviceBadges device={device} size="md" />
          </Group>
          <Group gap="xs" wrap="wrap">
            {enrolled ? <SearchMachineButton deviceId={device.device_id} deviceName={device.device_name} /> : null}
            <Button
              component={Link}
              to={`/history?deviceId=${encodeURIComponent(device.device_id)}`}
              variant="default"
              size="xs"
              leftSection={<IconHistory size={14} aria-hidden />}
            >
              History
            </Button>
          </Group>
        </Group>
        <DuplicateAgentNotice device={device} />
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <Fact label={enrolled ? 'Agent' : 'Status'}>
              <Badge variant="light" color={status.color} tt="none">
                {status.label}
              </Badge>
            </Fact>
            <Fact label="Platform">
              {PLATFORM_NAMES[device.platform]}
              {device.arch ? ` (${device.arch})` : ''}
            </Fact>
            <Fact label="Last active">{formatLastActive(device.last_active)}</Fact>
            <Fact label="Added">{formatDate(device.created_at)}</Fact>
            <Fact label="Registered">{device.registration_method === 'token' ? 'With a registration token' : 'By signing in'}</Fact>
            {enrolled ? (
              <Fact label="Agent version">
                <AgentVersion device={device} />
              </Fact>
            ) : null}
            {enrolled ? (
              <Fact label="Keeps in sync with">
                <FollowedLists deviceId={device.device_id} />
              </Fact>
            ) : null}
            {device.location ? <Fact label="Location">{device.location}</Fact> : null}
          </SimpleGrid>
        </Paper>
        {enrolled ? <DeviceGroups deviceId={device.device_id} /> : null}
        {enrolled ? <DeviceInventory device={device} online={device.connection_status === 'online'} /> : null}
        {/* After what it has now, what it had before and the way back to it. */}
        {enrolled ? <DeviceGenerations deviceId={device.device_id} deviceName={device.device_name} /> : null}
        {enrolled ? <UpdatePolicySection target={{ kind: 'device', deviceId: device.device_id }} /> : null}
        {enrolled ? <DeviceCheckIns deviceId={device.device_id} /> : null}
        <RecentInstallations deviceId={deviceId} installations={installations} />
      </Stack>
    );
  }

  return (
    <Stack maw={960} mx="auto" p="lg" gap={0}>
      <BackLink to="/devices">All devices</BackLink>
      {body}
    </Stack>
  );
}
