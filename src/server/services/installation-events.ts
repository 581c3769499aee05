import type { BackgroundTasks } from '../background';
import type { EventBus } from '../bus/event-bus';

/**
 * Tells an owner's browsers, wherever they are connected, that an installation or a device
 * changed: the one publisher for the installations' side (InstallationService, AgentJobService,
 * InventoryService, AgentUpdateService), so what a change says is written once.
 */
export class InstallationEvents {
  private readonly finishedObservers: ((userId: string, installationId: string) => Promise<void>)[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly tasks: BackgroundTasks,
  ) {}

  /** Told, later in the background, when an installation may have ended (the observer checks that all its jobs did). */
  observeFinished(observer: (userId: string, installationId: string) => Promise<void>): void {
    this.finishedObservers.push(observer);
  }

  /** A job of the installation ended: every job may have now (an agent's report, a cancel, an expiry, an agent away). */
  mayHaveFinished(userId: string, installationId: string): void {
    for (const observer of this.finishedObservers)
      this.tasks.defer('installation finished observer', () => observer(userId, installationId));
  }

  async changed(userId: string, installationId: string): Promise<void> {
    await this.bus.publish({ type: 'user.changed', userId, topic: 'installations', id: installationId });
  }

  async devicesChanged(userId: string, deviceId: string): Promise<void> {
    await this.bus.publish({ type: 'user.changed', userId, topic: 'devices', id: deviceId });
  }
}
