import type { Device } from '@shared/api/devices';

/** An enrolled machine as the server describes it (GET /api/agent/me, the enrolment answer), for agent tests. */
export const enrolledDevice: Device = {
  device_id: 'agent-1234',
  deviceId: 'agent-1234',
  device_name: 'Build box',
  deviceName: 'Build box',
  platform: 'linux',
  device_type: 'remote',
  registration_method: 'token',
  capabilities: ['receive_installations'],
  is_active: true,
  is_current: false,
  is_admin: false,
  last_active: null,
  lastActive: null,
  created_at: '2026-01-01T00:00:00.000Z',
  connection_status: 'offline',
  minutes_since_active: null,
  location: null,
  protected_until: null,
  isInCooldown: false,
  cooldown_remaining_minutes: 0,
  arch: 'x64',
  agent_version: '0.1.0',
  duplicate_agent: null,
};
