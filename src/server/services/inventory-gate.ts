import type { InventoryPackage } from '@shared/agent/protocol';

import type { DevicesTable } from '../db/schema';
import { AGENT_INVENTORY_MIN_GAP_MS, AGENT_INVENTORY_OWED_MAX, AGENT_INVENTORY_SWEEP_MS } from '../security/agent-limits';

type Packages = readonly InventoryPackage[];

interface DeviceGate {
  device: DevicesTable;
  /** When (server clock) its last inventory was applied. */
  appliedAt: number;
  /** Inventories the server asked for (or a job it sent will end with) and has not had yet. */
  owed: number;
  /** The latest report that came too soon, applied when its gap is over. */
  kept: Packages | null;
  /** One device's inventories are applied one after another (the kept one runs off the timer). */
  writing: Promise<void>;
}

/**
 * Inventories applied at most once per AGENT_INVENTORY_MIN_GAP_MS per device: an inventory
 * replaces up to 600 rows and writes a check-in, so an agent that sends them in a loop must not
 * write them in a loop. What the server asked for is applied at once (the owner pressed Check
 * now, a job ended); what comes sooner than the gap is kept, the latest replacing the one kept
 * before, and applied when the gap is over: the last word of a machine is never lost, only late.
 * Per device, not per connection, so that connecting again does not reset it.
 */
export class InventoryGate {
  private readonly devices = new Map<string, DeviceGate>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly apply: (device: DevicesTable, packages: Packages) => Promise<void>,
    private readonly now: () => number,
    private readonly failed: (error: unknown, device: DevicesTable) => void,
  ) {}

  /** The server asked this device for its inventory, or sent it a job (its agent reports one after). */
  expect(device: DevicesTable): void {
    const gate = this.gateOf(device);
    gate.owed = Math.min(AGENT_INVENTORY_OWED_MAX, gate.owed + 1);
  }

  /** An inventory report: applied now (the promise to wait for), or kept as the device's latest. */
  offer(device: DevicesTable, packages: Packages): Promise<void> | undefined {
    const gate = this.gateOf(device);
    const now = this.now();
    if (gate.owed > 0) {
      gate.owed -= 1;
    } else if (now - gate.appliedAt < AGENT_INVENTORY_MIN_GAP_MS) {
      gate.kept = packages;
      this.timer ??= setTimeout(() => this.sweep(), AGENT_INVENTORY_SWEEP_MS).unref();
      return undefined;
    }
    // Newer than anything kept: what was kept says less.
    gate.kept = null;
    return this.write(gate, packages, now);
  }

  /** Applies kept inventories whose gap is over; forgets devices with nothing kept or owed. */
  sweep(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = this.now();
    let waiting = false;
    for (const [id, gate] of this.devices) {
      const due = now - gate.appliedAt >= AGENT_INVENTORY_MIN_GAP_MS;
      if (gate.kept && due) {
        const packages = gate.kept;
        gate.kept = null;
        this.write(gate, packages, now).catch((error: unknown) => this.failed(error, gate.device));
      } else if (gate.kept) {
        waiting = true;
      } else if (due && gate.owed === 0) {
        this.devices.delete(id);
      }
    }
    if (waiting) this.timer = setTimeout(() => this.sweep(), AGENT_INVENTORY_SWEEP_MS).unref();
  }

  /** On the way out: what is kept is applied (it is the machine's latest word), then nothing is left running. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const gates = [...this.devices.values()];
    this.devices.clear();
    for (const gate of gates) {
      if (gate.kept) this.write(gate, gate.kept, this.now()).catch((error: unknown) => this.failed(error, gate.device));
    }
    await Promise.all(gates.map((gate) => gate.writing));
  }

  private gateOf(device: DevicesTable): DeviceGate {
    let gate = this.devices.get(device.id);
    if (!gate) {
      gate = { device, appliedAt: Number.NEGATIVE_INFINITY, owed: 0, kept: null, writing: Promise.resolve() };
      this.devices.set(device.id, gate);
    }
    gate.device = device;
    return gate;
  }

  private write(gate: DeviceGate, packages: Packages, now: number): Promise<void> {
    gate.appliedAt = now;
    const written = gate.writing.then(() => this.apply(gate.device, packages));
    gate.writing = written.catch(() => undefined);
    return written;
  }
}
