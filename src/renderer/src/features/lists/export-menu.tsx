import { Button, Menu } from '@mantine/core';
import { IconBrandApple, IconBrandWindows, IconChevronDown, IconDownload, IconFileText, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';

import type { Platform } from '@shared/api/catalogue';
import type { ListFormat } from '@shared/api/lists';

import { exportList } from './export-list';

const TEXT_PLATFORMS: Array<{ platform: Platform; label: string }> = [
  { platform: 'windows', label: 'Text: Windows apps' },
  { platform: 'macos', label: 'Text: macOS apps' },
  { platform: 'linux', label: 'Text: Linux apps' },
];

/** Export a list as a winget export or configuration, a Brewfile, a Flatpak list, or plain names (all, or one platform's). */
export function ExportMenu({ list }: { list: { id: string; name: string } }) {
  const [busy, setBusy] = useState(false);
  async function run(format: ListFormat, platform?: Platform) {
    setBusy(true);
    try {
      await exportList(list, format, platform);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu position="bottom-end" shadow="md" width={250}>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          loading={busy}
          leftSection={<IconDownload size={14} aria-hidden />}
          rightSection={<IconChevronDown size={12} aria-hidden />}
          aria-label={`Export ${list.name}`}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Package manager file</Menu.Label>
        <Menu.Item leftSection={<IconBrandWindows size={16} aria-hidden />} onClick={() => void run('winget')}>
          winget JSON
        </Menu.Item>
        <Menu.Item leftSection={<IconBrandWindows size={16} aria-hidden />} onClick={() => void run('winget-configure')}>
          winget configuration (YAML)
        </Menu.Item>
        <Menu.Item leftSection={<IconBrandApple size={16} aria-hidden />} onClick={() => void run('brewfile')}>
          Brewfile
        </Menu.Item>
        <Menu.Item leftSection={<IconPackage size={16} aria-hidden />} onClick={() => void run('flatpak')}>
          Flatpak list
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>Plain list of names</Menu.Label>
        <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={() => void run('text')}>
          Text: all apps
        </Menu.Item>
        {TEXT_PLATFORMS.map(({ platform, label }) => (
          <Menu.Item key={platform} leftSection={<IconFileText size={16} aria-hidden />} onClick={() => void run('text', platform)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
