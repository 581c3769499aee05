import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { useGetInstallationsQuery, type InstallationSummary } from '../../api/installations';
import { installationStatusLook, StatusBadge } from '../../components/installation-status';
import { LoadingRow } from '../../components/loading-row';
import { PageHeader } from '../../components/page-header';
import { formatCounts, formatDateTime, installationTitle } from './installation-text';

function EmptyState() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconListCheck size={40} stroke={1.5} aria-hidden />
        <Text fw={600}>No installations yet</Text>
        <Text size="sm" c="dimmed" maw={460}>
          Install a list from the Lists screen onto a machine you enrolled with a registration token. Each installation shows up here, with
          its progress on every machine and for every app.
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to="/app-list">
            Go to Lists
          </Button>
          <Button component={Link} to="/devices" variant="default">
            Add a machine
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function InstallationRow({ installation }: { installation: InstallationSummary }) {
  const title = installationTitle(installation);
  return (
    <li>
      <Paper
        withBorder
        radius="md"
        p="md"
        component={Link}
        to={`/installations/${encodeURIComponent(installation.id)}`}
        display="block"
        c="inherit"
        style={{ textDecoration: 'none' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <StatusBadge look={installationStatusLook(installation.status, installation.kind)} />
              <Text fw={600} truncate>
                {title}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {installation.devices.map((device) => device.deviceName).join(', ') || 'No devices'} ·{' '}
              {formatCounts(installation.counts, installation.kind)}
            </Text>
            <Text size="xs" c="dimmed">
              Started {formatDateTime(installation.createdAt)}
              {installation.finishedAt ? ` · Finished ${formatDateTime(installation.finishedAt)}` : ''}
            </Text>
          </Stack>
          <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
      </Paper>
    </li>
  );
}

/** /installations: newest first, updated live by the event stream. */
export function InstallationsPage() {
  const query = useGetInstallationsQuery(undefined, { refetchOnMountOrArgChange: true });
  let body;
  if (query.isLoading) {
    body = <LoadingRow label="Loading installations..." />;
  } else if (query.isError && !query.data) {
    body = (
      <Alert color="red" variant="light" title="Failed to load installations">
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!query.data || query.data.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Installations" style={{ listStyle: 'none' }}>
        {query.data.map((installation) => (
          <InstallationRow key={installation.id} installation={installation} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack maw={960} mx="auto" p="lg" gap={0}>
      <PageHeader title="Installations" description="The lists you installed onto your machines, newest first." />
      {body}
    </Stack>
  );
}
