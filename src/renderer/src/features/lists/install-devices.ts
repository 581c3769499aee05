import type { Platform } from '@shared/api/catalogue';
import type { Device } from '@shared/api/devices';

/** A device as GET /api/devices describes it (src/shared/api/devices.ts). */
export type InstallDevice = Device;

/** Install targets: remote, registered by token, no web_access, active — the machines that run the agent. */
export function isInstallTarget(device: InstallDevice): boolean {
  return (
    device.device_type === 'remote' &&
    device.registration_method === 'token' &&
    !device.capabilities.includes('web_access') &&
    device.is_active
  );
}

/** The catalogue platform a device's platform means, if any. */
export function devicePlatform(platform: string): Platform | null {
  return platform === 'windows' || platform === 'macos' || platform === 'linux' ? platform : null;
}
