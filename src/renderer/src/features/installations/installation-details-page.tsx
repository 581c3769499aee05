import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import type { Installation, InstallationItem, InstallationTarget } from '@shared/api/installations';
import { isItemUnstarted, isOpenInstallation, isOpenTarget } from '@shared/installation-states';

import { useCancelInstallationMutation, useGetInstallationQuery, useRetryInstallationMutation } from '../../api/installations';
import { BackLink } from '../../components/back-link';
import { ConfirmModal } from '../../components/confirm-modal';
import { installationStatusLook, StatusBadge } from '../../components/installation-status';
import { LoadingRow } from '../../components/loading-row';
import { errorMessage, errorStatus } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { InstallationGrid } from './installation-grid';
import { formatCounts, formatDateTime, installationTitle } from './installation-text';
import { ItemLogModal, type LogTarget } from './item-log-modal';

/** Apps that have not started on a device whose job is still open: what Cancel would stop. */
export function notStartedCount(installation: Installation): number {
  return installation.targets
    .filter((target) => isOpenTarget(target.status))
    .reduce((sum, target) => sum + target.items.filter((item) => isItemUnstarted(item.status)).length, 0);
}

/** A fallback for when the event stream is down: open installations are read again now and then. */
const POLL_OPEN_MS = 30_000;

function Details({ installation }: { installation: Installation }) {
  const [confirm, setConfirm] = useState<'cancel' | 'retry' | null>(null);
  const [log, setLog] = useState<LogTarget | null>(null);
  const [cancel, cancelled] = useCancelInstallationMutation();
  const [retry, retried] = useRetryInstallationMutation();
  const notStarted = notStartedCount(installation);
  const failed = installation.counts.failed;

  async function run(action: 'cancel' | 'retry') {
    try {
      if (action === 'cancel') {
        await cancel(installation.id).unwrap();
        notify.success('Installation cancelled: nothing more will start');
      } else {
        await retry(installation.id).unwrap();
        notify.success(`${failed} failed ${failed === 1 ? 'app was' : 'apps were'} queued again`);
      }
      setConfirm(null);
    } catch (failure) {
      notify.error(errorMessage(failure, action === 'cancel' ? 'Failed to cancel the installation' : 'Failed to retry the failed apps'));
    }
  }

  function showLog(target: InstallationTarget, item: InstallationItem) {
    setLog({ installationId: installation.id, itemId: item.itemId, appName: item.name, deviceName: target.deviceName });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={1} fz={30}>
              {installationTitle(installation)}
            </Title>
            <StatusBadge look={installationStatusLook(installation.status, installation.kind)} size="lg" />
          </Group>
          <Text c="dimmed" size="sm">
            Started {formatDateTime(installation.createdAt)}
            {installation.finishedAt ? ` · Finished ${formatDateTime(installation.finishedAt)}` : ''} ·{' '}
            {formatCounts(installation.counts, installation.kind)}
          </Text>
        </Stack>
        <Group gap="sm">
          {failed > 0 ? (
            <Button leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setConfirm('retry')}>
              Retry failed
            </Button>
          ) : null}
          {notStarted > 0 ? (
            <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={() => setConfirm('cancel')}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Group>
      {installation.targets.length === 0 ? (
        <Text c="dimmed">This installation has no devices.</Text>
      ) : (
        <InstallationGrid targets={installation.targets} kind={installation.kind} onShowLog={showLog} />
      )}
      <ConfirmModal
        opened={confirm === 'cancel'}
        title="Cancel Installation"
        confirmLabel="Cancel Installation"
        danger
        loading={cancelled.isLoading}
        onConfirm={() => void run('cancel')}
        onClose={() => setConfirm(null)}
      >
        Stop the {notStarted} {notStarted === 1 ? 'app that has' : 'apps that have'} not started yet? An app that is installing right now
        finishes first; nothing installed is removed.
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === 'retry'}
        title="Retry Failed Apps"
        confirmLabel="Retry"
        loading={retried.isLoading}
        onConfirm={() => void run('retry')}
        onClose={() => setConfirm(null)}
      >
        Queue the {failed} failed {failed === 1 ? 'app' : 'apps'} again on the {failed === 1 ? 'device' : 'devices'} where{' '}
        {failed === 1 ? 'it' : 'they'} failed? Apps that succeeded or were skipped are not touched.
      </ConfirmModal>
      {log ? <ItemLogModal target={log} onClose={() => setLog(null)} /> : null}
    </Stack>
  );
}

/** /installations/:id: every device and app, live, each status in colour and words. */
export function InstallationDetailsPage() {
  const { id = '' } = useParams();
  const [open, setOpen] = useState(true);
  const query = useGetInstallationQuery(id, { refetchOnMountOrArgChange: true, pollingInterval: open ? POLL_OPEN_MS : 0 });
  const status = query.data?.status;
  const isOpen = status !== undefined && isOpenInstallation(status);
  if (status !== undefined && isOpen !== open) setOpen(isOpen);

  let body;
  if (query.isLoading) {
    body = <LoadingRow label="Loading installation..." />;
  } else if (query.isError && !query.data) {
    body =
      errorStatus(query.error) === 404 ? (
        <Alert color="yellow" variant="light" title="Installation not found">
          It may belong to another account, or the link is wrong.
        </Alert>
      ) : (
        <Alert color="red" variant="light" title="Failed to load the installation">
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      );
  } else if (query.data) {
    body = <Details installation={query.data} />;
  }
  return (
    <Stack maw={1200} mx="auto" p="lg" gap={0}>
      <BackLink to="/installations">All installations</BackLink>
      {body}
    </Stack>
  );
}
