import { Alert, Anchor, Button, Group, Input, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { TIMING } from '@shared/constants';

import { useGetAgentReleasesQuery } from '../api/agent-releases';
import { notify } from '../lib/notify';
import { visitorPlatform, type ClientPlatform } from '../lib/platform';
import { downloadFile } from '../lib/save-file';

const PLATFORM_OPTIONS: Array<{ value: ClientPlatform; label: string }> = [
  { value: 'windows', label: 'Windows' },
  { value: 'macos', label: 'macOS' },
  { value: 'linux', label: 'Linux' },
];

/** The installers' file names (the product's wording): the product name, then the platform's installer name. */
const FILE_NAMES: Readonly<Record<ClientPlatform, string>> = {
  windows: 'Loadout Desktop Setup.exe',
  macos: 'Loadout Desktop.dmg',
  linux: 'Loadout Desktop.AppImage',
};

interface DownloadClientDialogProps {
  opened: boolean;
  onClose: () => void;
  /**
   * Where the screen that opened it shows the agent (the Devices screen: a new token's dialog).
   * Without it, a system with no installer links to the Devices screen instead.
   */
  onUseAgent?: () => void;
}

/** What replaces the download for a system this server has no installer for: the way that works there. */
function NotAvailable({ onUseAgent }: { onUseAgent?: () => void }) {
  return (
    <Alert color="yellow" variant="light" title="The desktop client is not available on this server">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Connect this computer with the agent instead: generate a registration token, then download the agent for this system from its
          dialog and run the one command shown.
        </Text>
        {onUseAgent ? (
          <Button size="xs" variant="light" onClick={onUseAgent}>
            Connect with the agent
          </Button>
        ) : (
          <Anchor component={Link} to="/devices" size="sm">
            Connect with the agent from the Devices screen
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** "Download Desktop Client": detect the platform (Windows by default), download, then close after 1 s. */
export function DownloadClientDialog({ opened, onClose, onUseAgent }: DownloadClientDialogProps) {
  const [platform, setPlatform] = useState<ClientPlatform>(visitorPlatform);
  // Offered only where the server lists an installer; should the list fail, the download itself still says whether it worked.
  const releases = useGetAgentReleasesQuery(undefined, { skip: !opened });
  const available = releases.data?.desktop[platform] ?? (releases.isError ? true : null);
  const [busy, setBusy] = useState(false);
  const closeTimer = useRef<number | null>(null);

  // A pending close is for the dialog as it was: dropped when it is closed or opened (it stays
  // mounted in the device selection modal, so it would close the next opening) and on unmount.
  useEffect(
    () => () => {
      if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
      closeTimer.current = null;
    },
    [opened],
  );

  async function download() {
    setBusy(true);
    const failure = await downloadFile(`/api/client/download-client/${platform}`, {
      params: { arch: 'auto' },
      timeout: TIMING.desktopDownloadTimeoutMs,
      fileName: FILE_NAMES[platform],
    });
    setBusy(false);
    if (failure) return notify.error('Failed to download client');
    notify.success('Download started');
    closeTimer.current = window.setTimeout(onClose, TIMING.downloadDialogCloseMs);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Download Desktop Client" centered>
      <Stack gap="md">
        <Text size="sm">
          The desktop client runs on the machines you install lists onto. Install it, then register the machine with a token from the
          Devices screen.
        </Text>
        <Input.Wrapper label="Platform">
          <SegmentedControl
            fullWidth
            mt={4}
            aria-label="Platform"
            value={platform}
            onChange={(value) => setPlatform(value)}
            data={PLATFORM_OPTIONS}
          />
        </Input.Wrapper>
        {available === false ? <NotAvailable onUseAgent={onUseAgent} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {available === false ? null : (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={available === null}
              disabled={busy}
              onClick={() => void download()}
            >
              {busy ? 'Downloading...' : 'Download & Install'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
