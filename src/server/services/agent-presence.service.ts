import type { AgentMessage } from '@shared/agent/protocol';

import { isoNow, type AppContext } from '../context';
import { markAgentGone, markAgentSeen, markDuplicateAgent } from '../db/repositories/device-agent.repository';
import { setDeviceTags, setDeviceTimeZone } from '../db/repositories/device-groups.repository';
import type { DevicesTable } from '../db/schema';
import type { DeviceTokenService } from './device-token.service';
import type { InstallationEvents } from './installation-events';
import type { MachineEvents } from './machine-events';
import type { MonitoringService } from './monitoring.service';
import { knownTimeZone } from './update-policies/window-times';

/**
 * Whether a device's agent is there: which device a credential is, when it connected, was last
 * heard from and went away, and a second agent using the same credential. The device's page and
 * the Devices screen read what this writes.
 */
export class AgentPresenceService {
  constructor(
    private readonly ctx: AppContext,
    private readonly events: InstallationEvents,
    private readonly deviceTokens: DeviceTokenService,
    private readonly monitoring: MonitoringService,
    private readonly machines: MachineEvents,
  ) {}

  /** The active device behind a credential, or 401 (a deactivated device's credential no longer works). */
  authenticate(credential: string | null): Promise<DevicesTable> {
    return this.deviceTokens.deviceOfCredential(credential);
  }

  async connected(device: DevicesTable, hello: Extract<AgentMessage, { type: 'hello' }>): Promise<void> {
    await markAgentSeen(this.ctx.db, device.id, isoNow(this.ctx.clock), hello);
    // Tags are what a group's rule may match: only a change is written and told.
    const tags = JSON.stringify([...new Set(hello.tags ?? [])].sort());
    if (tags !== (device.tags ?? '[]')) {
      await setDeviceTags(this.ctx.db, device.id, tags);
      const tagged = { ...device, tags };
      this.ctx.tasks.defer('machine tags', () => this.machines.changed({ device: tagged }));
    }
    // The zone policies' windows open in: only a zone this server knows is kept.
    const zone = knownTimeZone(hello.timeZone);
    if (zone !== device.time_zone && zone !== null) await setDeviceTimeZone(this.ctx.db, device.id, zone);
    await this.monitoring.connected(device, hello.agentVersion);
    await this.events.devicesChanged(device.user_id, device.device_id);
  }

  /** A second agent connected with this device's credential: the device's page says when and from where. */
  async duplicateAgent(device: DevicesTable, from: string | null): Promise<void> {
    await markDuplicateAgent(this.ctx.db, device.id, isoNow(this.ctx.clock), from);
    await this.events.devicesChanged(device.user_id, device.device_id);
  }

  async heartbeat(device: DevicesTable): Promise<void> {
    await markAgentSeen(this.ctx.db, device.id, isoNow(this.ctx.clock));
  }

  async disconnected(device: DevicesTable): Promise<void> {
    await markAgentGone(this.ctx.db, device.id);
    await this.events.devicesChanged(device.user_id, device.device_id);
  }
}
