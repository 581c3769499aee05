import type { EventBus } from '../bus/event-bus';

/**
 * Tells an owner's browsers, wherever they are connected, that an installation or a device
 * changed: the one publisher for the installations' side (InstallationService, AgentJobService,
 * InventoryService, AgentUpdateService), so what a change says is written once.
 */
export class InstallationEvents {
  constructor(private readonly bus: EventBus) {}

  async changed(userId: string, installationId: string): Promise<void> {
    await this.bus.publish({ type: 'user.changed', userId, topic: 'installations', id: installationId });
  }

  async devicesChanged(userId: string, deviceId: string): Promise<void> {
    await this.bus.publish({ type: 'user.changed', userId, topic: 'devices', id: deviceId });
  }
}
