import type { DevicesTable } from '../db/schema';

/** What changed about an enrolled machine, for those who decide by its name, platform or tags. */
export interface MachineChange {
  /** The device row as it is now (after the change committed). */
  device: DevicesTable;
  /** It just enrolled with a registration token made for this device group. */
  enrolledIntoGroupId?: string | null;
}

export interface MachineObserver {
  machineChanged(change: MachineChange): Promise<void>;
}

/**
 * Told after a machine enrolled, was renamed or said hello (its tags): the device services
 * tell, device groups listen, so that neither imports the other. An observer's failure is
 * logged by the caller's background task, never the enrolment's or the rename's answer.
 */
export class MachineEvents {
  private readonly observers: MachineObserver[] = [];

  observe(observer: MachineObserver): void {
    this.observers.push(observer);
  }

  async changed(change: MachineChange): Promise<void> {
    for (const observer of this.observers) await observer.machineChanged(change);
  }
}
