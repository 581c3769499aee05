import type { Device } from '@shared/api/devices';

/**
 * A machine enrolled with a registration token runs the agent, so it can install and search;
 * a browser signed in as a device cannot (docs/decisions.md#devices-and-enrolment).
 */
export function isEnrolled(device: Pick<Device, 'device_type' | 'registration_method'>): boolean {
  return device.device_type === 'remote' && device.registration_method === 'token';
}
