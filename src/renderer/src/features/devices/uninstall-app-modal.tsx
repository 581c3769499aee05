import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconShieldX } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';

import { packageManager } from '@shared/package-managers';
import { confirmsByName, nameConfirmed } from '@shared/removal-confirmation';

import type { DeviceInventory } from '../../api/installations';
import { removalChecksApi, useGetRemovalCheckQuery, useStartRemovalCheckMutation, type RemovalCheck } from '../../api/removal-checks';
import { RemovedPackages } from '../../components/removed-packages';
import { errorMessage } from '../../lib/api-errors';

export type InventoryApp = DeviceInventory['apps'][number];

/** What the person confirmed besides the list: the app's name when asked for, and whether settings go too. */
export interface RemovalConfirmation {
  confirmName?: string;
  purge?: boolean;
}

interface UninstallAppModalProps {
  app: InventoryApp | null;
  deviceId: string;
  deviceName: string;
  busy: boolean;
  /** The person saw the answer of `checkId` and confirmed it. */
  onConfirm: (app: InventoryApp, checkId: string, confirmation: RemovalConfirmation) => void;
  onClose: () => void;
}

/** How often a pending answer is read again. */
const POLL_MS = 750;

/**
 * Removing an app from a machine is not undone by a click, and may take other packages with
 * it (apt removes what depends on it). The dialog first asks the machine what the removal
 * would take, shows every package, and only then offers to remove them; Cancel is focused.
 */
export function UninstallAppModal({ app, deviceId, deviceName, busy, onConfirm, onClose }: UninstallAppModalProps) {
  return (
    <Modal opened={app !== null} onClose={onClose} title="Uninstall App" centered size="lg">
      {/* Keyed by app: each opening asks the machine afresh, since it may have changed. */}
      {app ? (
        <RemovalReview
          key={app.appId}
          app={app}
          deviceId={deviceId}
          deviceName={deviceName}
          busy={busy}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function RemovalReview({ app, deviceId, deviceName, busy, onConfirm, onClose }: UninstallAppModalProps & { app: InventoryApp }) {
  const [start, started] = useStartRemovalCheckMutation();
  const ask = useCallback(() => void start({ deviceId, appId: app.appId }), [start, deviceId, app.appId]);
  useEffect(ask, [ask]);

  const args = { deviceId, checkId: started.data?.checkId ?? '' };
  const skip = !started.data || started.isLoading;
  // Read again only while the machine has not answered.
  const known = removalChecksApi.endpoints.getRemovalCheck.useQueryState(args, { skip });
  const check = useGetRemovalCheckQuery(args, {
    skip,
    pollingInterval: !known.data || known.data.status === 'pending' ? POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const answer = !skip && check.data?.checkId === args.checkId ? check.data : null;
  const removable = answer?.status === 'ready' && answer.refused === null && answer.installedVersion !== null && answer.removes.length > 0;
  const [typedName, setTypedName] = useState('');
  const [purge, setPurge] = useState(false);
  // A large removal is confirmed by typing the app's name, as the check named it (the server checks it too).
  const byName = removable && confirmsByName(answer);
  const canRemove = removable && (!byName || nameConfirmed(typedName, answer.appName));
  const confirm = () => {
    if (!answer || !canRemove) return;
    onConfirm(app, answer.checkId, { ...(byName ? { confirmName: typedName } : {}), ...(purge ? { purge: true } : {}) });
  };

  return (
    <Stack gap="md">
      <Body
        app={app}
        deviceName={deviceName}
        answer={answer}
        failure={started.isError ? errorMessage(started.error, 'Failed to ask the machine') : null}
        onAskAgain={ask}
      />
      {removable && answer.purgeOffered ? (
        <Checkbox
          label="Also remove its settings (purge)"
          description={purgeDescription(answer)}
          checked={purge}
          onChange={(event) => setPurge(event.currentTarget.checked)}
        />
      ) : null}
      {byName ? (
        <TextInput
          label={
            <>
              Type <b>{answer.appName}</b> to confirm
            </>
          }
          description={`This removes ${answer.removes.length} packages from ${deviceName}.`}
          value={typedName}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
          }}
          autoComplete="off"
          spellCheck={false}
          aria-label={`Type ${answer.appName} to confirm`}
        />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" loading={busy} disabled={!canRemove} onClick={confirm}>
          {removable && answer.removes.length > 1 ? `Uninstall ${answer.removes.length} packages` : 'Uninstall'}
        </Button>
      </Group>
    </Stack>
  );
}

function Body({
  app,
  deviceName,
  answer,
  failure,
  onAskAgain,
}: {
  app: InventoryApp;
  deviceName: string;
  answer: RemovalCheck | null;
  failure: string | null;
  onAskAgain: () => void;
}) {
  if (failure)
    return (
      <Alert color="red" variant="light" title="Cannot check this removal">
        {failure}
      </Alert>
    );
  if (answer === null || answer.status === 'pending')
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">
          Asking {deviceName} what removing {app.name} would take with it…
        </Text>
      </Group>
    );
  if (answer.status === 'unanswered')
    return (
      <Alert color="yellow" variant="light" title={`${deviceName} did not answer`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">It may be busy installing. Nothing was removed.</Text>
          <Button size="xs" variant="default" onClick={onAskAgain}>
            Ask again
          </Button>
        </Stack>
      </Alert>
    );
  if (answer.refused)
    return (
      <Alert color="red" variant="light" icon={<IconShieldX size={18} aria-hidden />} title="Loadout will not remove this">
        <Text size="sm">{answer.refused}.</Text>
        {answer.removes.length > 0 ? <RemovedPackages answer={answer} /> : null}
      </Alert>
    );
  if (answer.installedVersion === null || answer.removes.length === 0)
    return (
      <Text size="sm">
        {app.name} is not installed on {deviceName} any more: there is nothing to remove.
      </Text>
    );
  const others = answer.removes.length - 1;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Uninstalling <b>{app.name}</b> from <b>{deviceName}</b> removes{' '}
        {answer.removes.length === 1 ? 'this package' : `these ${answer.removes.length} packages`} with {answer.manager}. You can install
        the app again from a list.
      </Text>
      {others > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`${others} other ${others === 1 ? 'package goes' : 'packages go'} with it`}
        >
          <Text size="sm">
            They depend on {answer.packageId}, so {answer.manager} removes them too. Check that nothing you need is among them.
          </Text>
        </Alert>
      ) : null}
      <RemovedPackages answer={answer} />
    </Stack>
  );
}

/** What purging removes, in the manager's own terms. */
function purgeDescription(answer: RemovalCheck): string {
  return (answer.manager && packageManager(answer.manager)?.purge) ?? 'Its settings go too.';
}
