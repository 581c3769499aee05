import { AGENT_INVENTORY_INTERVAL_MS, type ManagerName } from '@shared/agent/protocol';
import type { AgentEvent, AgentStatus, EnrolmentRequest, EnrolmentResult } from '@shared/desktop/bridge';

import { Agent, type AgentExit, type AgentOptions } from '../agent/agent';
import type { AgentConfig } from '../agent/config-store';
import { defaultDeviceName, enrolledConfig, enrollWithCode, newDeviceId, ServerRefused, ServerUnreachable } from '../agent/enrolment';
import type { Logger } from '../agent/log';
import { AgentStatusTracker } from './agent-status';
import { followServiceStatus, type ServiceStatus } from './service-status';

/** Where the enrolment lives: the desktop's CredentialStore (keychain-sealed) or, in tests, a folder. */
export interface EnrolmentStore {
  load(): Promise<AgentConfig | null>;
  save(config: AgentConfig): Promise<void>;
  clear(): Promise<unknown>;
  /** Throws, with a sentence for the person, when a credential could not be kept safely here. */
  checkCanSave(): void;
}

/** The part of Agent the host drives; tests may hand in their own. */
export interface RunningAgent {
  run(): Promise<AgentExit>;
  stop(): void;
  pause(): void;
  resume(): void;
}

/** The agent as a system service (system-agent.ts): installed and removed with administrator rights, followed through its status file. */
export interface SystemServiceHooks {
  /** Whether this computer's agent runs as the service (kept in the client's settings). */
  enabled: boolean;
  setEnabled(enabled: boolean): Promise<void>;
  /** Asks for administrator rights once and installs the service with this enrolment; rejects with the reason. */
  install(config: AgentConfig): Promise<void>;
  /** Asks for administrator rights once and removes the service and its enrolment. */
  uninstall(): Promise<void>;
  read(): Promise<ServiceStatus | null>;
  pollMs?: number;
  now?: () => number;
}

export interface AgentHostOptions {
  store: EnrolmentStore;
  /** Folder for the agent's own state (the simulated installer's file). */
  stateDir: string;
  log: Logger;
  /** Only this package manager (`simulated` for demonstrations and tests); null detects them. */
  installerName?: ManagerName | null;
  simulateDelayMs?: number;
  deviceName?: () => string;
  createAgent?: (options: AgentOptions) => RunningAgent;
  enroll?: typeof enrollWithCode;
  systemService?: SystemServiceHooks;
}

export const DEACTIVATED = 'This computer was deactivated from another location. Add it again to receive installations.';
const ALREADY = 'ALREADY_ENROLLED';

/**
 * The desktop client's agent: the same Agent the headless client runs, started in the main
 * process from the stored enrolment, enrolled from the window or a loadout:// link, stopped
 * and forgotten on unenrol or deactivation. Everything it does is followed by a tracker whose
 * events feed the tray, notifications and the window.
 */
export class DesktopAgentHost {
  private readonly tracker = new AgentStatusTracker();
  private agent: RunningAgent | null = null;
  private running: Promise<void> | null = null;
  private busy: Promise<unknown> = Promise.resolve();
  /** While the agent runs as the system service: the timer reading its status. */
  private following: NodeJS.Timeout | null = null;

  constructor(private readonly options: AgentHostOptions) {}

  get status(): AgentStatus {
    return this.tracker.status;
  }

  onEvent(listener: (event: AgentEvent) => void): () => void {
    return this.tracker.onEvent(listener);
  }

  /** Whether this computer's agent runs as the system service rather than in this process. */
  get runsAsService(): boolean {
    return this.following !== null;
  }

  /** At start: runs the agent when this computer is enrolled; a damaged or unreadable store is a problem to show. */
  async start(): Promise<void> {
    await this.serialised(async () => {
      if (this.options.systemService?.enabled) {
        await this.follow();
        return;
      }
      let config: AgentConfig | null;
      try {
        config = await this.options.store.load();
      } catch (error) {
        this.tracker.notEnrolled((error as Error).message);
        return;
      }
      if (config) this.launch(config);
    });
  }

  /** Enrols with a code; refused answers come back as data with the server's words. */
  enroll(request: EnrolmentRequest): Promise<EnrolmentResult> {
    return this.serialised(async (): Promise<EnrolmentResult> => {
      const { status } = this.tracker;
      if (status.state !== 'not-enrolled') {
        return { ok: false, code: ALREADY, message: `This computer is already added as "${status.deviceName ?? ''}"` };
      }
      try {
        // Before the code is spent: a credential we could not keep would be lost.
        this.options.store.checkCanSave();
      } catch (error) {
        return { ok: false, code: null, message: (error as Error).message };
      }
      const enroll = this.options.enroll ?? enrollWithCode;
      const deviceName = (this.options.deviceName ?? defaultDeviceName)();
      try {
        const answer = await enroll({ server: request.server, code: request.code, deviceId: newDeviceId(), deviceName });
        const config = enrolledConfig(request.server, answer);
        await this.options.store.save(config);
        this.options.log.info(`Enrolled "${config.deviceName}" with ${config.server}`);
        this.launch(config);
        return { ok: true, status: this.tracker.status };
      } catch (error) {
        if (error instanceof ServerRefused) return { ok: false, code: error.code, message: error.message };
        if (error instanceof ServerUnreachable) return { ok: false, code: null, message: error.message };
        return { ok: false, code: null, message: `Could not add this computer: ${(error as Error).message}` };
      }
    });
  }

  /** Stops the agent between two package-manager calls and forgets the credential. */
  unenroll(): Promise<AgentStatus> {
    return this.serialised(async () => {
      const service = this.options.systemService;
      if (this.following && service) {
        // Administrator rights again: the service and its enrolment are the system's.
        await service.uninstall();
        this.unfollow();
        await service.setEnabled(false);
      }
      await this.halt();
      await this.options.store.clear();
      this.tracker.notEnrolled();
      return this.tracker.status;
    });
  }

  /**
   * Hands this computer's agent to a system service (administrator rights asked once): the
   * service gets the enrolment, this process stops its agent and forgets its own copy.
   */
  moveToService(): Promise<{ ok: true } | { ok: false; message: string }> {
    return this.serialised(async () => {
      const service = this.options.systemService;
      if (!service) return { ok: false as const, message: 'A system service is not available here' };
      const config = await this.options.store.load().catch(() => null);
      if (!config || this.following) return { ok: false as const, message: 'This computer is not added, or already runs as a service' };
      try {
        await service.install(config);
      } catch (error) {
        return { ok: false as const, message: (error as Error).message };
      }
      await this.halt();
      await this.options.store.clear();
      await service.setEnabled(true);
      this.tracker.enrolled({ server: config.server, deviceId: config.deviceId, deviceName: config.deviceName });
      await this.follow();
      return { ok: true as const };
    });
  }

  setPaused(paused: boolean): void {
    // The service is another process: it is paused by stopping it, not from here.
    if (this.following) return;
    if (paused) this.agent?.pause();
    else this.agent?.resume();
    this.tracker.setPaused(paused);
  }

  /** At quit: lets the running call finish (the agent reports it) and closes the connection. */
  stop(): Promise<void> {
    this.unfollow();
    return this.serialised(() => this.halt());
  }

  /** Reads the service's status now and every few seconds; the first read announces nothing old. */
  private async follow(): Promise<void> {
    const service = this.options.systemService;
    if (!service) return;
    const poll = async (prime: boolean) => {
      const read = await service.read();
      const now = (service.now ?? Date.now)();
      const { status } = this.tracker;
      const identity = { server: status.server, deviceId: status.deviceId, deviceName: status.deviceName, paused: false };
      const next = followServiceStatus(read, identity, now);
      if (next.status.state === 'not-enrolled') {
        // Deactivated from the web: the service forgot its credential and stopped.
        this.unfollow();
        await service.setEnabled(false);
        this.tracker.notEnrolled(next.status.problem);
        return;
      }
      this.tracker.replace(next.status);
      if (next.finished) this.tracker.announce(next.finished, prime);
    };
    this.following = setInterval(() => void poll(false), service.pollMs ?? 2_000);
    this.following.unref();
    await poll(true);
  }

  private unfollow(): void {
    if (this.following) clearInterval(this.following);
    this.following = null;
  }

  /** One enrol/unenrol/start/stop at a time: two clicks must not enrol twice. */
  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const next = this.busy.then(work, work);
    this.busy = next.catch(() => undefined);
    return next;
  }

  private launch(config: AgentConfig): void {
    const { options } = this;
    this.tracker.enrolled({ server: config.server, deviceId: config.deviceId, deviceName: config.deviceName });
    const agentOptions: AgentOptions = {
      configDir: options.stateDir,
      config,
      installerName: options.installerName ?? null,
      inventoryIntervalMs: AGENT_INVENTORY_INTERVAL_MS,
      simulateDelayMs: options.simulateDelayMs,
      log: options.log,
      forgetCredential: () => options.store.clear(),
      observer: this.tracker,
    };
    const agent = (options.createAgent ?? ((o) => new Agent(o)))(agentOptions);
    this.agent = agent;
    if (this.tracker.status.paused) agent.pause();
    this.running = agent
      .run()
      .then((exit) => this.ended(agent, exit))
      .catch((error: unknown) => {
        options.log.error(`The agent stopped: ${(error as Error).message}`);
        if (this.agent === agent) this.tracker.problem(`The agent stopped: ${(error as Error).message}`);
      });
  }

  private async ended(agent: RunningAgent, exit: AgentExit): Promise<void> {
    if (this.agent !== agent || exit.reason === 'stopped') return;
    this.agent = null;
    if (exit.reason === 'deactivated') {
      this.tracker.notEnrolled(DEACTIVATED);
      return;
    }
    // The server no longer knows this credential: keeping it would only fail again.
    await this.options.store.clear().catch(() => undefined);
    this.tracker.notEnrolled(`${exit.message.replace(/\.$/, '')}. Add this computer again to receive installations.`);
  }

  private async halt(): Promise<void> {
    const { agent, running } = this;
    this.agent = null;
    this.running = null;
    if (!agent) return;
    agent.stop();
    await running;
  }
}
