import { Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';

import type { Platform } from '@shared/api/catalogue';
import { formatLastActive } from '@shared/format';

import { DeviceBadges } from '../../components/device-badges';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import { devicePlatform, type InstallDevice } from './install-devices';

interface DeviceOptionProps {
  device: InstallDevice;
  multiple: boolean;
  checked: boolean;
  /** The list's apps: the row says which of them this device's platform cannot install. */
  apps: ReadonlyArray<{ name: string; platforms: readonly Platform[] }>;
  onChange: (checked: boolean) => void;
}

function Coverage({ device, apps }: Pick<DeviceOptionProps, 'device' | 'apps'>) {
  const platform = devicePlatform(device.platform);
  if (!platform || apps.length === 0) return null;
  const missing = apps.filter((app) => !app.platforms.includes(platform));
  if (missing.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        All {apps.length} apps can be installed here.
      </Text>
    );
  }
  return (
    <Text size="xs" c="orange">
      {missing.length} of {apps.length} apps have no {PLATFORM_LABELS[platform]} package and will be skipped:{' '}
      {missing.map((app) => app.name).join(', ')}
    </Text>
  );
}

/** One device row of "Select Installation Device". */
export function DeviceOption({ device, multiple, checked, apps, onChange }: DeviceOptionProps) {
  const platform = devicePlatform(device.platform);
  const label = (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        <Text fw={600} size="sm">
          {device.device_name}
        </Text>
        <DeviceBadges device={device} size="xs" />
      </Group>
      <Text size="xs" c="dimmed">
        {platform ? PLATFORM_LABELS[platform] : device.platform} · Last active {formatLastActive(device.last_active)}
      </Text>
      <Coverage device={device} apps={apps} />
    </Stack>
  );
  return (
    <Paper withBorder p="sm" radius="md" style={checked ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      {multiple ? (
        <Checkbox label={label} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} value={device.device_id} />
      ) : (
        <Radio
          label={label}
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          value={device.device_id}
          name="install-device"
        />
      )}
    </Paper>
  );
}
