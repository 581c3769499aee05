import { arch as osArch } from 'node:os';

import { AGENT_PROTOCOL_VERSION, type AgentMessage, type ManagerName, type ServerMessage } from '@shared/agent/protocol';

import { ConfigStore, type AgentConfig } from './config-store';
import { AgentConnection } from './connection';
import { HoldStore } from './hold-store';
import { createInstaller, defaultDeps, detectInstallers, managersOf, platformName } from './installers/index';
import type { Installer } from './installers/installer';
import { InventoryReporter } from './inventory';
import { JobRunner } from './jobs';
import { Lane } from './lane';
import type { Logger } from './log';
import { OutcomeStore } from './outcome-store';
import { answerRemovalCheck } from './removal-check';
import { ACK_WAIT_MS } from './report-delivery';
import { MachineSearch } from './search/machine-search';
import { agentBuild, selfUpdater } from './updater/index';
import { AGENT_VERSION } from './version';

export interface AgentOptions {
  configDir: string;
  config: AgentConfig;
  /** Use only this manager; `simulated` is used only when named here. */
  installerName: ManagerName | null;
  inventoryIntervalMs: number;
  simulateDelayMs?: number;
  /** Sent in hello (`run --tag`), already checked and lower-cased; none: hello says nothing of tags. */
  tags?: readonly string[];
  log: Logger;
  platform?: NodeJS.Platform;
  /** Removes the system service when a deactivation asks to remove the client. */
  removeService?: () => Promise<void>;
  /** Tests: these installers instead of detecting or creating them. */
  installers?: Installer[];
  random?: () => number;
  /** Forgets the credential after a deactivation; default: delete agent.json in configDir. */
  forgetCredential?: () => Promise<unknown>;
  /** Sees the agent work (the desktop client's tray and window follow it). */
  observer?: AgentObserver;
}

/** What the agent does, as it happens: for a host that shows it, never to steer it. */
export interface AgentObserver {
  /** Welcomed by the server (true), or a welcomed connection was lost (false). */
  connection?(online: boolean): void;
  /** Another agent with this enrolment took the connection: this one waits until then (null: connected again). */
  waiting?(until: Date | null): void;
  received?(message: ServerMessage): void;
  sent?(message: AgentMessage): void;
}

export type AgentExit =
  /**
   * `restart`: a newer build took the program's place (or installing one stopped the agent):
   * exit with EXIT_RESTART so that the service starts the program again.
   */
  { reason: 'stopped'; restart?: true } | { reason: 'deactivated'; removeClient: boolean } | { reason: 'refused'; message: string };

/**
 * The running agent: one connection, one job queue, one inventory reporter, and the lane
 * they share so that only one package-manager call runs at a time (two would wait on each other's locks).
 */
export class Agent {
  private requestStop!: () => void;
  private readonly stopRequested = new Promise<void>((resolve) => (this.requestStop = resolve));
  private jobs: JobRunner | null = null;
  private paused = false;

  constructor(private readonly options: AgentOptions) {}

  /** Ends a run between two package-manager calls; run() then resolves with 'stopped'. */
  stop(): void {
    this.requestStop();
  }

  /** Lets the running app finish and starts no other until resume() (jobs keep arriving). */
  pause(): void {
    this.paused = true;
    this.jobs?.pause();
  }

  resume(): void {
    this.paused = false;
    this.jobs?.resume();
  }

  async run(): Promise<AgentExit> {
    const { options } = this;
    const platform = options.platform ?? process.platform;
    const installers = options.installers ?? (await this.createInstallers(platform));
    const byName = new Map(installers.map((installer) => [installer.name, installer]));
    options.log.info(`Package managers: ${[...byName.keys()].join(', ') || 'none found'}`);

    const lane = new Lane();
    let connection: AgentConnection | null = null;
    const { observer } = options;
    const send = (message: AgentMessage) => {
      connection?.send(message);
      observer?.sent?.(message);
    };
    const inventory = new InventoryReporter({ installers: byName, send, lane, log: options.log });
    const jobs = new JobRunner({
      installers: byName,
      platform,
      send,
      lane,
      log: options.log,
      onJobFinished: () => void inventory.report(),
      store: await OutcomeStore.open(options.configDir, options.log),
      holds: await HoldStore.open(options.configDir, options.log),
    });
    this.jobs = jobs;
    if (this.paused) jobs.pause();
    const search = new MachineSearch({ installers: byName, send, log: options.log });
    const updater = selfUpdater({ configDir: options.configDir, config: options.config, send, log: options.log });
    const onMessage = (message: ServerMessage) => {
      observer?.received?.(message);
      switch (message.type) {
        case 'welcome':
          options.log.info(`Welcome: this machine is "${message.deviceName}" (${message.deviceId})`);
          return void updater?.welcomed();
        case 'update.available':
          return void updater?.offer(message);
        case 'job.assign':
          return jobs.assign(message.job);
        case 'job.cancel':
          return jobs.cancel(message.jobId);
        case 'inventory.request':
          return void inventory.request(message.packages, { refresh: message.refresh === true });
        case 'removal.check':
          return void answerRemovalCheck(message, { installers: byName, platform, lane }).then(send);
        case 'search.request':
          return void search.start(message);
        case 'report.ack':
          return jobs.acknowledged(message.jobId, message.seq);
        case 'device.deactivated':
          return;
      }
    };
    connection = new AgentConnection({
      server: options.config.server,
      credential: options.config.credential,
      hello: () => ({
        type: 'hello',
        protocol: AGENT_PROTOCOL_VERSION,
        agentVersion: AGENT_VERSION,
        build: agentBuild(),
        platform: platformName(platform) ?? platform,
        arch: osArch(),
        managers: reportedManagers(byName, platform),
        // Only when there are some: an untagged machine's hello stays what older servers know.
        ...(options.tags?.length ? { tags: [...options.tags] } : {}),
        ...machineTimeZone(),
      }),
      onMessage,
      onReady: () => {
        jobs.reconnected();
        observer?.connection?.(true);
      },
      onDisconnected: () => observer?.connection?.(false),
      onWaiting: (until) => {
        if (until) jobs.park();
        observer?.waiting?.(until);
      },
      log: options.log,
      random: options.random,
    });
    connection.start();
    const timer = setInterval(() => void inventory.report(), options.inventoryIntervalMs);
    // A report the server received but could not apply (its database was away) is not acknowledged: send it again.
    const resendTimer = setInterval(() => connection?.connected && jobs.resendOverdue(), ACK_WAIT_MS / 3);

    const updateReady = updater ? updater.ready.then(() => 'update' as const) : new Promise<never>(() => undefined);
    const end = await Promise.race([connection.ended$, this.stopRequested.then(() => null), updateReady]);
    clearInterval(timer);
    clearInterval(resendTimer);
    search.stop();
    // Between two calls: the running one finishes and is reported, nothing else starts.
    await jobs.stop();
    await lane.run(async () => undefined);
    if (end === 'update') {
      // Said while still connected: the device's page shows the restart, or why it did not happen.
      await updater?.install();
      await connection.stop();
      return { reason: 'stopped', restart: true };
    }
    if (end === null) {
      await connection.stop();
      options.log.info('Stopped');
      return { reason: 'stopped' };
    }
    if (end.reason === 'deactivated') {
      options.log.warn('This device was deactivated: forgetting its credential');
      await (options.forgetCredential ?? (() => new ConfigStore(options.configDir).remove()))();
      if (end.removeClient && options.removeService) {
        await options
          .removeService()
          .catch((error: unknown) => options.log.error(`Could not remove the service: ${(error as Error).message}`));
      }
      return end;
    }
    if (end.reason === 'refused') options.log.error(end.message);
    return end;
  }

  private async createInstallers(platform: NodeJS.Platform): Promise<Installer[]> {
    const { installerName, configDir, simulateDelayMs } = this.options;
    if (!installerName) return detectInstallers(platform);
    const installer = createInstaller(installerName, defaultDeps(), { stateDir: configDir, simulateDelayMs });
    if (!(await installer.isAvailable())) this.options.log.warn(`${installerName} does not answer on this machine`);
    return [installer];
  }
}

/**
 * The managers named in hello. `simulated` stands in for every manager of the platform, so the
 * server plans installs as it would for a machine that has them.
 */
export function reportedManagers(installers: ReadonlyMap<ManagerName, Installer>, platform: NodeJS.Platform): ManagerName[] {
  const names = [...installers.keys()];
  if (!installers.has('simulated')) return names;
  return [...new Set<ManagerName>([...managersOf(platform), ...names])];
}

/** The machine's own IANA zone (the system's, or TZ), for update policies' windows; nothing when the runtime cannot tell. */
function machineTimeZone(): { timeZone?: string } {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? { timeZone: zone } : {};
}
