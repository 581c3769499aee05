import { Badge, type MantineSize } from '@mantine/core';

import type { Device } from '@shared/api/devices';

const TYPE_NAMES: Readonly<Record<Device['device_type'], string>> = { primary: 'Primary', remote: 'Remote', mobile: 'Mobile' };

/** The marks a device carries wherever it is listed: this device, its type, admin. */
export function DeviceBadges({ device, size }: { device: Pick<Device, 'is_current' | 'is_admin' | 'device_type'>; size: MantineSize }) {
  return (
    <>
      {device.is_current ? (
        <Badge size={size} variant="outline">
          This device
        </Badge>
      ) : null}
      <Badge size={size} variant="light" color="gray">
        {TYPE_NAMES[device.device_type]}
      </Badge>
      {device.is_admin ? (
        <Badge size={size} variant="light" color="grape">
          Admin
        </Badge>
      ) : null}
    </>
  );
}
