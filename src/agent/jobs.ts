import type { AgentMessage, Job, JobKind, ManagerName } from '@shared/agent/protocol';
import { isOpenItem } from '@shared/installation-states';

import { HoldStore } from './hold-store';
import { chooseManager, notAvailableMessage } from './installers/index';
import {
  finishedByEarlierRun,
  refusedOutcome,
  type BatchOutcomes,
  type Installer,
  type InstallOutcome,
  type PackageId,
  type UninstallConsent,
} from './installers/installer';
import type { Lane } from './lane';
import type { Logger } from './log';
import type { OutcomeStore } from './outcome-store';
import { callWithPins, holdPinned } from './pinning';
import { readBack } from './read-back';
import { itemReport, type ItemReport } from './report';
import { ReportDelivery } from './report-delivery';

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
  /** The holds this agent set for pinned apps; without one they live in memory only. */
  holds?: HoldStore;
}

const STARTING: Record<JobKind, string> = { install: 'Installing', upgrade: 'Upgrading', uninstall: 'Removing' };

interface Running {
  job: Job;
  controller: AbortController;
  cancelled: boolean;
  /** Another agent with this enrolment took over: finish the running call, start nothing more. */
  parked: boolean;
}

/**
 * The machine's jobs, one at a time and one app at a time. A job is acknowledged
 * whenever it arrives; one that is running or waiting is not queued twice; apps this agent
 * already finished are reported again rather than run again (the report may have been lost
 * with the connection; the server ignores repeats). Final reports and job.done travel through
 * ReportDelivery: numbered, kept until the server acknowledges them, sent again until it does.
 */
export class JobRunner {
  private pending: Job[] = [];
  private current: Running | null = null;
  private readonly delivery: ReportDelivery;
  private readonly holds: HoldStore;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private paused = false;
  private resumeWaiters: (() => void)[] = [];

  constructor(private readonly options: JobRunnerOptions) {
    this.holds = options.holds ?? HoldStore.inMemory();
    const records = new Map(options.store?.outcomes());
    this.delivery = new ReportDelivery(records, {
      send: options.send,
      persist: () => options.store?.save(records) ?? Promise.resolve(),
    });
  }

  /** The server's `report.ack`. */
  acknowledged(jobId: string, seq: number): void {
    this.delivery.acknowledged(jobId, seq);
  }

  /** Each (re)connection: what the server has not acknowledged goes again. */
  reconnected(): void {
    this.delivery.reconnected();
  }

  /** Called now and then on a live connection. */
  resendOverdue(): void {
    this.delivery.resendOverdue();
  }

  /** Whether every report has been acknowledged. */
  get delivered(): boolean {
    return this.delivery.settled;
  }

  get busy(): boolean {
    return this.current !== null || this.pending.length > 0;
  }

  assign(job: Job): void {
    const { send } = this.options;
    send({ type: 'job.ack', jobId: job.jobId });
    if (this.stopping) return;
    if (this.current?.job.jobId === job.jobId || this.pending.some((waiting) => waiting.jobId === job.jobId)) return;
    const done = this.delivery.records.get(job.jobId);
    if (done && job.items.every((item) => done.reports.has(item.itemId))) {
      for (const item of job.items) this.delivery.resend(job.jobId, item.itemId);
      void this.delivery.done(job.jobId);
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
    if (this.pending.length !== before) void this.delivery.done(jobId);
  }

  /** Between two package-manager calls: the running call finishes, nothing else starts. */
  stop(): Promise<void> {
    this.stopping = true;
    this.pending = [];
    this.releaseWaiters();
    return this.loop ?? Promise.resolve();
  }

  /**
   * Another agent with this enrolment has the connection, and the server sends it the jobs: the
   * running call finishes (its report waits for this agent's turn), nothing else starts here, so
   * the two do not both run the rest. The server sends what is left when this one is back.
   */
  park(): void {
    this.pending = [];
    if (this.current) this.current.parked = true;
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

  /** Resolves when nothing runs or waits, and what was written is on disk (tests). */
  async idle(): Promise<void> {
    await this.loop;
    // Acknowledgements that arrived meanwhile write the store once more.
    await new Promise((resolve) => setImmediate(resolve));
    await this.options.store?.flushed();
  }

  private async drain(): Promise<void> {
    for (let job = this.pending.shift(); job && !this.stopping; job = this.pending.shift()) {
      const running: Running = { job, controller: new AbortController(), cancelled: false, parked: false };
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
    const done = this.delivery.record(job.jobId).reports;
    const prepared = new Set<ManagerName>();
    const available = [...installers.keys()];
    log.info(`Job ${job.jobId}: ${job.kind} ${job.items.length} app(s)`);
    const report = async (message: ItemReport) => {
      if (isOpenItem(message.status)) send(message);
      // Kept before the next app and before job.done: a restart from here on re-sends, never re-runs.
      else await this.delivery.final(message);
    };

    for (let index = 0; index < job.items.length;) {
      await this.whilePaused(running.controller.signal);
      if (this.stopping || running.cancelled || running.parked) break;
      const item = job.items[index]!;
      if (done.has(item.itemId)) {
        this.delivery.resend(job.jobId, item.itemId);
        index += 1;
        continue;
      }
      const ids = { jobId: job.jobId, itemId: item.itemId };
      const chosen = chooseManager(item.packages, available, platform);
      const installer = chosen ? installers.get(chosen.manager) : undefined;
      if (!chosen || !installer) {
        await report(itemReport(ids, 'skipped', null, { message: notAvailableMessage(platform) }));
        index += 1;
        continue;
      }
      if (!prepared.has(installer.name)) {
        prepared.add(installer.name);
        await lane
          .run(() => installer.prepare(running.controller.signal))
          .catch((error: unknown) => {
            log.warn(`${installer.name}: preparing failed: ${(error as Error).message}`);
          });
        if (this.stopping || running.cancelled || running.parked) break;
      }
      const batch = this.batchFrom(job, index, installer, done);
      if (batch.length > 1) {
        await this.runBatch(running, installer, batch, report);
        index += batch.length;
        continue;
      }
      const cutOff = await this.delivery.starting(job.jobId, item.itemId);
      send(itemReport(ids, 'installing', installer.name, { message: STARTING[job.kind] }));
      const consent = { alsoRemove: item.alsoRemove ?? [], purge: item.purge === true };
      const signal = running.controller.signal;
      const called = await lane.run(async () =>
        readBack(
          installer,
          job.kind,
          chosen.id,
          await callWithPins(installer, job.kind, chosen.id, item.pinnedVersion, signal, this.holds, () =>
            this.call(installer, job.kind, chosen.id, signal, consent),
          ),
        ),
      );
      const outcome = cutOff ? finishedByEarlierRun(job.kind, called) : called;
      log.info(`Job ${job.jobId}: ${item.name}: ${outcome.status} (${outcome.message})`);
      await report(itemReport(ids, outcome.status, installer.name, outcome));
      index += 1;
    }

    // Stopped by a signal before the end: say nothing, the server sends the rest next time.
    const halted = this.stopping || running.parked;
    if (halted && !running.cancelled && job.items.some((item) => !done.has(item.itemId))) return;
    await this.delivery.done(job.jobId);
    this.options.onJobFinished?.();
  }

  /**
   * The apps from `start` on that go to `installer` in one call: consecutive, not reported yet,
   * chosen for this same manager, and only for an install or upgrade it can batch (each removal
   * has its own consent check, so removals stay one app per call).
   */
  private batchFrom(job: Job, start: number, installer: Installer, done: ReadonlyMap<string, unknown>): BatchEntry[] {
    if (!batchMethod(installer, job.kind)) return [];
    const available = [...this.options.installers.keys()];
    const batch: BatchEntry[] = [];
    for (const item of job.items.slice(start)) {
      const chosen = done.has(item.itemId) ? null : chooseManager(item.packages, available, this.options.platform);
      if (!chosen || chosen.manager !== installer.name) break;
      // A pinned install joins where the manager takes a version in a batch (`installManyAt`);
      // its hold follows the call (runBatch). One this agent holds runs alone, its hold released
      // or changed first (pinning.ts), unless the job pins it at the very version held.
      const pinnable = item.pinnedVersion !== undefined && job.kind === 'install' && installer.installManyAt !== undefined;
      if (item.pinnedVersion !== undefined && !pinnable) break;
      const held = this.holds.heldAt(installer.name, chosen.id);
      if (held !== null && !(pinnable && held === item.pinnedVersion)) break;
      batch.push({ item, id: chosen.id });
    }
    return batch;
  }

  /**
   * One manager call for several apps, with each app's guarantees as if it ran alone: its start
   * noted on disk before the call (an app cut off mid-call then reads "Installed"), "Installing"
   * sent when the manager reaches it, and its own final report, kept before the next call. A
   * cancel aborts the call: what it had not finished reads "Cancelled before it finished".
   */
  private async runBatch(
    running: Running,
    installer: Installer,
    batch: readonly BatchEntry[],
    report: (message: ItemReport) => Promise<void>,
  ): Promise<void> {
    const { job, controller } = running;
    const { send, lane, log } = this.options;
    const idsOf = (entry: BatchEntry) => ({ jobId: job.jobId, itemId: entry.item.itemId });
    const cutOff = new Set<string>();
    for (const entry of batch) if (await this.delivery.starting(job.jobId, entry.item.itemId)) cutOff.add(entry.item.itemId);
    const announced = new Set<string>();
    const announce = (entry: BatchEntry) => {
      if (announced.has(entry.item.itemId)) return;
      announced.add(entry.item.itemId);
      send(itemReport(idsOf(entry), 'installing', installer.name, { message: STARTING[job.kind] }));
    };
    announce(batch[0]!);
    const onStarted = (name: string) => batch.filter((entry) => entry.id.name === name).forEach(announce);
    const pins = new Map(
      batch.flatMap((entry) => (entry.item.pinnedVersion === undefined ? [] : [[entry.id.name, entry.item.pinnedVersion]])),
    );
    const method: BatchCall =
      pins.size > 0 && installer.installManyAt
        ? (ids, signal, started) => installer.installManyAt!(ids, pins, signal, started)
        : batchMethod(installer, job.kind)!;
    const outcomes = await lane.run(async () => {
      try {
        return await method(
          batch.map((entry) => entry.id),
          controller.signal,
          onStarted,
        );
      } catch (error) {
        return (error as Error).message;
      }
    });
    for (const entry of batch) {
      announce(entry);
      const pin = pins.get(entry.id.name);
      let called =
        typeof outcomes === 'string'
          ? couldNotRun(installer, outcomes)
          : (outcomes.get(entry.id.name) ?? couldNotRun(installer, 'it gave no outcome for this app'));
      // The holds after the one call, each app's own (as callWithPins does for an app alone).
      if (pin !== undefined) called = await lane.run(() => holdPinned(installer, entry.id, pin, called, controller.signal, this.holds));
      const outcome = cutOff.has(entry.item.itemId) ? finishedByEarlierRun(job.kind, called) : called;
      log.info(`Job ${job.jobId}: ${entry.item.name}: ${outcome.status} (${outcome.message})`);
      await report(itemReport(idsOf(entry), outcome.status, installer.name, outcome));
    }
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
          // A purge the manager cannot do is refused, not turned into a plain removal nobody asked for.
          if (consent.purge && !installer.canPurge?.(id))
            return refusedOutcome(`${installer.name} cannot remove ${id.name}'s settings: nothing was removed`);
          return await installer.uninstall(id, signal, consent);
      }
    } catch (error) {
      return couldNotRun(installer, (error as Error).message);
    }
  }
}

interface BatchEntry {
  item: Job['items'][number];
  id: PackageId;
}

type BatchCall = (ids: readonly PackageId[], signal: AbortSignal, onStarted: (name: string) => void) => Promise<BatchOutcomes>;

/** The installer's call for several apps of this kind, when it has one. */
function batchMethod(installer: Installer, kind: JobKind): BatchCall | undefined {
  if (kind === 'install' && installer.installMany) return (ids, signal, onStarted) => installer.installMany!(ids, signal, onStarted);
  if (kind === 'upgrade' && installer.upgradeMany) return (ids, signal, onStarted) => installer.upgradeMany!(ids, signal, onStarted);
  return undefined;
}

const couldNotRun = (installer: Installer, reason: string): InstallOutcome => ({
  status: 'failed',
  version: null,
  exitCode: null,
  message: `The agent could not run ${installer.name}: ${reason}`,
  log: '',
});
