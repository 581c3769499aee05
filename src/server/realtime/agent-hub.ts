import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

import {
  AGENT_CLOSE_DEACTIVATED,
  AGENT_CLOSE_PROTOCOL,
  AGENT_HEARTBEAT_MS,
  type AgentMessage,
  type Job,
  type ServerMessage,
} from '@shared/agent/protocol';

import type { BusEvent, EventBus } from '../bus/event-bus';
import type { DevicesTable } from '../db/schema';
import { AGENT_MESSAGES_PER_SECOND } from '../security/agent-limits';
import type { AgentJobService } from '../services/agent-jobs.service';
import type { AgentPresenceService } from '../services/agent-presence.service';
import type { AgentUpdateService } from '../services/agent-updates.service';
import type { DeviceSearchService } from '../services/device-search.service';
import { InventoryGate } from '../services/inventory-gate';
import type { InventoryService } from '../services/inventory.service';
import type { RemovalCheckService } from '../services/removal-check.service';
import { parse, type Connection } from './agent-connection';
import { AgentSockets } from './agent-sockets';

/** The services an agent's messages and the bus's events about it go to, one for each concern. */
export interface AgentServices {
  presence: AgentPresenceService;
  jobs: AgentJobService;
  inventory: InventoryService;
  removalChecks: RemovalCheckService;
  searches: DeviceSearchService;
  updates: AgentUpdateService;
}

/**
 * What the agents connected to this process say and are told: each message goes to the service
 * that serves it, and each bus event about a device held here becomes the message its agent
 * needs (a job, a cancel, a removal check, a search, an inventory request). The sockets
 * themselves (limits, inboxes, liveness) are AgentSockets'. Which process an agent is connected
 * to does not matter: every process hears every bus event and acts on the agents it holds.
 */
export class AgentHub {
  private readonly sockets: AgentSockets;
  private readonly inventories: InventoryGate;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly services: AgentServices,
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    messagesPerSecond = AGENT_MESSAGES_PER_SECOND,
  ) {
    this.inventories = new InventoryGate(
      (device, packages) => services.inventory.reported(device, packages),
      now,
      (error, device) => this.log.warn({ err: error, device: device.device_id }, 'agent inventory failed'),
    );
    this.sockets = new AgentSockets(
      {
        message: (connection, text) => this.handle(connection, text),
        gone: (device) => services.presence.disconnected(device),
        secondAgent: (device, from) => services.presence.duplicateAgent(device, from),
        tick: () => this.inventories.sweep(),
      },
      bus,
      log,
      now,
      messagesPerSecond,
    );
    this.unsubscribe = bus.subscribe(
      (event) => void this.onBusEvent(event).catch((error: unknown) => this.log.warn({ err: error, event }, 'agent hub event failed')),
    );
  }

  get size(): number {
    return this.sockets.size;
  }

  /** `from`: the agent's address, said on the device's page when a second agent connects. */
  attach(device: DevicesTable, socket: WebSocket, from: string | null = null): void {
    this.sockets.attach(device, socket, from);
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.sockets.close();
    await this.inventories.close();
  }

  private handle(connection: Connection, text: string | null): Promise<void> | undefined {
    const message = parse(text);
    if (!message) {
      this.sockets.badFrame(connection, 'not a message of the protocol');
      return;
    }
    const { device } = connection;
    if (!connection.ready && message.type !== 'hello') return;
    switch (message.type) {
      case 'hello':
        // Once per connection: a welcome reads and writes the database and sends the jobs again.
        if (connection.ready) return;
        return this.welcome(connection, message);
      case 'heartbeat':
        // Once a heartbeat period at most, whatever the agent sends.
        if (this.now() - connection.lastSeenWrite < AGENT_HEARTBEAT_MS / 2) return;
        connection.lastSeenWrite = this.now();
        return this.services.presence.heartbeat(device);
      case 'job.ack':
        return this.services.jobs.acknowledge(device, message.jobId);
      case 'item.progress':
        return this.thenAcknowledge(connection, message, this.services.jobs.progress(device, message));
      case 'job.done':
        return this.thenAcknowledge(connection, message, this.services.jobs.done(device, message.jobId));
      case 'inventory':
        return this.inventories.offer(device, message.packages);
      case 'removal.plan':
        return this.services.removalChecks.answered(device, message);
      case 'search.results':
        return this.services.searches.results(device, message);
      case 'search.done':
        return this.services.searches.done(device, message.searchId);
      case 'update.status':
        return this.services.updates.status(device, message);
    }
  }

  /**
   * A numbered report is acknowledged once it is applied (or was already): its transaction has
   * committed, so the agent may forget it. One that failed is not, and the agent sends it again.
   */
  private thenAcknowledge(
    connection: Connection,
    report: { jobId: string; seq?: number },
    applied: Promise<void> | undefined,
  ): Promise<void> | undefined {
    const { seq } = report;
    if (seq === undefined) return applied;
    const acknowledge = () => this.send(connection, { type: 'report.ack', jobId: report.jobId, seq });
    if (!applied) return void acknowledge();
    return applied.then(() => void acknowledge());
  }

  private async welcome(connection: Connection, hello: Extract<AgentMessage, { type: 'hello' }>): Promise<void> {
    const { device } = connection;
    // Said, not dropped: an agent whose hello went unanswered would reconnect for ever without knowing why.
    const refusal = await this.services.updates.protocolRefusal(hello);
    if (refusal) {
      connection.socket.close(AGENT_CLOSE_PROTOCOL, refusal);
      return;
    }
    connection.ready = true;
    connection.readyAt = new Date(this.now()).toISOString();
    connection.lastSeenWrite = this.now();
    await this.services.presence.connected(device, hello);
    this.send(connection, { type: 'welcome', deviceId: device.device_id, deviceName: device.device_name, heartbeatMs: AGENT_HEARTBEAT_MS });
    // The agent downloads it while it works; it restarts on it only between two package-manager calls.
    const update = await this.services.updates.offerFor(device, hello);
    if (update) this.send(connection, update);
    await this.sendPendingJobs(connection);
    await this.requestInventory(connection);
  }

  private async onBusEvent(event: BusEvent): Promise<void> {
    if (event.type === 'resync') {
      for (const connection of this.sockets.all()) if (connection.ready) await this.sendPendingJobs(connection);
      return;
    }
    // The rest (what browsers and sign-ins hear) is not about a device.
    if (!('deviceRowId' in event)) return;
    const connection = this.sockets.of(event.deviceRowId);
    // A newer connection in another process is AgentSockets' to settle.
    if (!connection || event.type === 'agent.connected') return;
    // A deactivation also ends a connection that has not said hello yet: it must not stay open.
    if (event.type === 'device.deactivated') {
      this.send(connection, { type: 'device.deactivated', removeClient: event.removeClient });
      connection.socket.close(AGENT_CLOSE_DEACTIVATED, 'Device deactivated');
      return;
    }
    if (!connection.ready) return;
    switch (event.type) {
      case 'job.available': {
        const job = await this.services.jobs.jobOf(connection.device, event.targetId, connection.readyAt ?? undefined);
        if (job) this.assign(connection, job);
        return;
      }
      case 'job.cancel':
        this.send(connection, { type: 'job.cancel', jobId: event.targetId });
        return;
      case 'inventory.request':
        return this.requestInventory(connection, event.refresh === true);
      case 'removal.check': {
        const item = await this.services.removalChecks.request(connection.device, event.checkId);
        if (item) this.send(connection, { type: 'removal.check', checkId: event.checkId, item });
        return;
      }
      case 'device.search': {
        const request = await this.services.searches.request(connection.device, event.searchId);
        if (request) this.send(connection, request);
        return;
      }
    }
  }

  private async sendPendingJobs(connection: Connection): Promise<void> {
    for (const job of await this.services.jobs.pendingJobs(connection.device, connection.readyAt ?? undefined))
      this.assign(connection, job);
  }

  /** The agent reports its inventory when the job ends: that one is applied at once. */
  private assign(connection: Connection, job: Job): void {
    if (this.send(connection, { type: 'job.assign', job })) this.inventories.expect(connection.device);
  }

  private async requestInventory(connection: Connection, refresh = false): Promise<void> {
    const packages = await this.services.inventory.wanted(connection.device);
    const request = { type: 'inventory.request' as const, packages, ...(refresh ? { refresh } : {}) };
    if (this.send(connection, request)) this.inventories.expect(connection.device);
  }

  private send(connection: Connection, message: ServerMessage): boolean {
    return this.sockets.send(connection, message);
  }
}
