import type { AgentMessage, Job, JobItem, JobKind, ManagerName } from '@shared/agent/protocol';

import { chooseManager, notAvailableMessage } from './installers/index';
import type { Installer, InstallOutcome, PackageId, UninstallConsent } from './installers/installer';
import type { Lane } from './lane';
import type { Logger } from './log';
import { REMEMBERED_JOBS, type Outcomes, type OutcomeStore } from './outcome-store';
import { itemReport, type ItemReport } from './report';

export interface JobRunnerOptions {
  /** The managers this agent uses, by name (only `simulated` when it was asked for). */
  installers: ReadonlyMap<ManagerName, Installer>;
  platform: NodeJS.Platform;
  send: (message: AgentMessage) => void;
  lane: Lane;
  log: Logger;
  /** After each job that ran to its end (the agent then reports its inventory). */
  onJobFinished?: () => void;
  /** Keeps the final reports across a restart; without one they live in memory only. */
  store?: OutcomeStore;
}

const STARTING: Record<JobKind, string> = { install: 'Installing', upgrade: 'Upgrading', uninstall: 'Removing' };

interface Running {
  job: Job;
  controller: AbortController;
  cancelled: boolean;
}

/**
 * The machine's jobs, one at a time and one app at a time. A job is acknowledged
 * whenever it arrives; one that is running or waiting is not queued twice; apps this agent
 * already finished are reported again rather than run again (the report may have been lost
 * with the connection; the server ignores repeats).
 */
export class JobRunner {
  private pending: Job[] = [];
  private current: Running | null = null;
  /** jobId → itemId → the final report sent for it. */
  private readonly finished: Outcomes;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private paused = false;
  private resumeWaiters: (() => void)[] = [];

  constructor(private readonly options: JobRunnerOptions) {
    this.finished = new Map(options.store?.outcomes());
  }

  get busy(): boolean {
    return this.current !== null || this.pending.length > 0;
  }

  assign(job: Job): void {
    const { send } = this.options;
    send({ type: 'job.ack', jobId: job.jobId });
    if (this.stopping) return;
    if (this.current?.job.jobId === job.jobId || this.pending.some((waiting) => waiting.jobId === job.jobId)) return;
    const done = this.finished.get(job.jobId);
    if (done && job.items.every((item) => done.has(item.itemId))) {
      for (const item of job.items) send(done.get(item.itemId)!);
      send({ type: 'job.done', jobId: job.jobId });
      return;
    }
    this.pending.push(job);
    this.loop ??= this.drain().finally(() => (this.loop = null));
  }

  /** Stops the running call (its signal) and drops what has not started; then job.done. */
  cancel(jobId: string): void {
    if (this.current?.job.jobId === jobId) {
      this.current.cancelled = true;
      this.current.controller.abort();
      return;
    }
    const before = this.pending.length;
    this.pending = this.pending.filter((job) => job.jobId !== jobId);
    if (this.pending.length !== before) this.options.send({ type: 'job.done', jobId });
  }

  /** Between two package-manager calls: the running call finishes, nothing else starts. */
  stop(): Promise<void> {
    this.stopping = true;
    this.pending = [];
    this.releaseWaiters();
    return this.loop ?? Promise.resolve();
  }

  /**
   * The desktop tray's "Pause installs": the running call finishes and is reported, the next
   * app waits until resume(). Jobs still arrive and are acknowledged; a cancel still ends one.
   */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    for (const wake of this.resumeWaiters.splice(0)) wake();
  }

  private whilePaused(signal: AbortSignal): Promise<void> {
    if (!this.paused || this.stopping || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      this.resumeWaiters.push(resolve);
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  /** Resolves when nothing runs or waits (tests). */
  idle(): Promise<void> {
    return this.loop ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    for (let job = this.pending.shift(); job && !this.stopping; job = this.pending.shift()) {
      const running: Running = { job, controller: new AbortController(), cancelled: false };
      this.current = running;
      try {
        await this.run(running);
      } catch (error) {
        this.options.log.error(`Job ${job.jobId} stopped: ${(error as Error).message}`);
      } finally {
        this.current = null;
      }
    }
  }

  private async run(running: Running): Promise<void> {
    const { job } = running;
    const { send, platform, installers, lane, log } = this.options;
    const done = this.remember(job.jobId);
    const prepared = new Set<ManagerName>();
    const available = [...installers.keys()];
    log.info(`Job ${job.jobId}: ${job.kind} ${job.items.length} app(s)`);
    const report = async (item: JobItem, message: ItemReport) => {
      send(message);
      if (message.status === 'installing') return;
      done.set(item.itemId, message);
      // Before the next app and before job.done: a restart from here on re-sends, never re-runs.
      await this.options.store?.save(this.finished);
    };

    for (const item of job.items) {
      await this.whilePaused(running.controller.signal);
      if (this.stopping || running.cancelled) break;
      const earlier = done.get(item.itemId);
      if (earlier) {
        send(earlier);
        continue;
      }
      const ids = { jobId: job.jobId, itemId: item.itemId };
      const chosen = chooseManager(item.packages, available, platform);
      const installer = chosen ? installers.get(chosen.manager) : undefined;
      if (!chosen || !installer) {
        await report(item, itemReport(ids, 'skipped', null, { message: notAvailableMessage(platform) }));
        continue;
      }
      if (!prepared.has(installer.name)) {
        prepared.add(installer.name);
        await lane
          .run(() => installer.prepare(running.controller.signal))
          .catch((error: unknown) => {
            log.warn(`${installer.name}: preparing failed: ${(error as Error).message}`);
          });
        if (this.stopping || running.cancelled) break;
      }
      send(itemReport(ids, 'installing', installer.name, { message: STARTING[job.kind] }));
      const consent = { alsoRemove: item.alsoRemove ?? [] };
      const outcome = await lane.run(() => this.call(installer, job.kind, chosen.id, running.controller.signal, consent));
      log.info(`Job ${job.jobId}: ${item.name}: ${outcome.status} (${outcome.message})`);
      await report(item, itemReport(ids, outcome.status, installer.name, outcome));
    }

    // Stopped by a signal before the end: say nothing, the server sends the rest next time.
    if (this.stopping && !running.cancelled && job.items.some((item) => !done.has(item.itemId))) return;
    send({ type: 'job.done', jobId: job.jobId });
    this.options.onJobFinished?.();
  }

  /**
   * One package-manager call for the job's kind. An upgrade never installs: an app that is not
   * installed is `skipped` "Not installed"; an upgraded one says "Updated from 1.1 to 1.2" and
   * reports the version after it.
   */
  private async call(
    installer: Installer,
    kind: JobKind,
    id: PackageId,
    signal: AbortSignal,
    consent: UninstallConsent,
  ): Promise<InstallOutcome> {
    try {
      switch (kind) {
        case 'install':
          return await installer.install(id, signal);
        case 'upgrade':
          return await installer.upgrade(id, signal);
        case 'uninstall':
          return await installer.uninstall(id, signal, consent);
      }
    } catch (error) {
      return {
        status: 'failed',
        version: null,
        exitCode: null,
        message: `The agent could not run ${installer.name}: ${(error as Error).message}`,
        log: '',
      };
    }
  }

  private remember(jobId: string): Map<string, ItemReport> {
    let done = this.finished.get(jobId);
    if (!done) {
      done = new Map();
      this.finished.set(jobId, done);
      const oldest = this.finished.keys().next().value;
      if (this.finished.size > REMEMBERED_JOBS && oldest !== undefined) this.finished.delete(oldest);
    }
    return done;
  }
}
