import { Button, Group, Input, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

import { TIMING } from '@shared/constants';

import { notify } from '../lib/notify';
import { detectPlatform, type ClientPlatform } from '../lib/platform';
import { downloadFile } from '../lib/save-file';

const PLATFORM_OPTIONS: Array<{ value: ClientPlatform; label: string }> = [
  { value: 'windows', label: 'Windows' },
  { value: 'macos', label: 'macOS' },
  { value: 'linux', label: 'Linux' },
];

/** SPEC §9 "Download file names": the product name, then the platform's installer name. */
const FILE_NAMES: Readonly<Record<ClientPlatform, string>> = {
  windows: 'Loadout Desktop Setup.exe',
  macos: 'Loadout Desktop.dmg',
  linux: 'Loadout Desktop.AppImage',
};

/** "Download Desktop Client" (SPEC §2, §4 "Desktop download"). */
export function DownloadClientDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [platform, setPlatform] = useState<ClientPlatform>(() => detectPlatform());
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button leftSection={<IconDownload size={16} aria-hidden />} disabled={busy} onClick={() => void download()}>
            {busy ? 'Downloading...' : 'Download & Install'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
