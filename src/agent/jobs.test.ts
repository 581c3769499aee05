import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { serverMessageSchema, type AgentMessage, type Job, type ManagerName } from '@shared/agent/protocol';
import { perPackageField } from '@shared/package-managers';

import {
  skippedInstalled,
  type BatchOutcomes,
  type HoldResult,
  type Installer,
  type InstallOutcome,
  type PackageId,
  type RemovalPlan,
  type UninstallConsent,
} from './installers/installer';
import { SimulatedInstaller } from './installers/simulated';
import { JobRunner } from './jobs';
import { Lane } from './lane';
import { silentLogger } from './log';
import { OutcomeStore } from './outcome-store';

/** An apt that installs when the test says so; it records every call, in order. */
class FakeApt implements Installer {
  readonly name: ManagerName = 'apt';
  readonly calls: string[] = [];
  /** What is installed, as the manager would list it: name → version (the agent reads it back after each call). */
  readonly installed = new Map<string, string>();
  private waiting: { name: string; resolve: (outcome: InstallOutcome) => void; signal: AbortSignal }[] = [];
  private waiters: (() => void)[] = [];

  async isAvailable() {
    return true;
  }
  async prepare() {
    this.calls.push('prepare');
  }
  async installedVersion(id: PackageId) {
    return this.installed.get(id.name) ?? null;
  }
  install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    this.calls.push(`install ${id.name}`);
    return new Promise((resolve) => {
      const entry = { name: id.name, resolve, signal };
      this.waiting.push(entry);
      signal.addEventListener('abort', () =>
        resolve({ status: 'failed', version: null, exitCode: null, message: 'Cancelled before it finished', log: '' }),
      );
      for (const waiter of this.waiters.splice(0)) waiter();
    });
  }
  async removalPlan(id: PackageId): Promise<RemovalPlan> {
    return { installedVersion: '1', removes: [{ name: id.name, version: '1' }], refused: null };
  }
  /** Whether this fake manager can remove settings too; the real apt can, winget cannot. */
  purgeable = false;
  canPurge(): boolean {
    return this.purgeable;
  }
  async uninstall(id: PackageId, _signal: AbortSignal, consent?: UninstallConsent): Promise<InstallOutcome> {
    const also = consent?.alsoRemove.length ? ` also ${consent.alsoRemove.join(',')}` : '';
    this.calls.push(`uninstall ${id.name}${also}${consent?.purge ? ' purge' : ''}`);
    this.installed.delete(id.name);
    return { status: 'succeeded', version: '1', exitCode: 0, message: 'Removed (1)', log: '' };
  }
  async upgrade(id: PackageId): Promise<InstallOutcome> {
    this.calls.push(`upgrade ${id.name}`);
    const before = this.installed.get(id.name);
    if (before === undefined) return { status: 'skipped', version: null, exitCode: null, message: 'Not installed', log: '' };
    this.installed.set(id.name, `${before}.1`);
    return { status: 'succeeded', version: `${before}.1`, exitCode: 0, message: `Updated from ${before} to ${before}.1`, log: '' };
  }
  async inventory() {
    return [];
  }
  /** Waits until an install of `name` is running, then lets it succeed (or find it already there). */
  async finish(
    name: string,
    log = '',
    outcome: InstallOutcome = { status: 'succeeded', version: '2.0', exitCode: 0, message: 'Installed (2.0)', log },
    /** Whether the manager lists the app afterwards (what the agent reads back); as the outcome says, unless told. */
    listedAfter = outcome.status !== 'failed',
  ) {
    while (!this.waiting.some((entry) => entry.name === name)) await new Promise<void>((resolve) => this.waiters.push(resolve));
    const entry = this.waiting.find((candidate) => candidate.name === name)!;
    this.waiting = this.waiting.filter((candidate) => candidate !== entry);
    if (listedAfter) this.installed.set(name, outcome.version ?? '');
    entry.resolve(outcome);
  }
  async running(name: string): Promise<void> {
    while (!this.waiting.some((entry) => entry.name === name)) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}

/** An apt that also takes several apps in one call, as the real one does; the test decides how each ends. */
class FakeBatchApt extends FakeApt {
  private batches: {
    names: string[];
    onStarted?: (name: string) => void;
    resolve: (outcomes: BatchOutcomes) => void;
    signal: AbortSignal;
  }[] = [];
  private batchWaiters: (() => void)[] = [];
  /** Thrown by the next batch call instead of running it. */
  failWith: Error | null = null;

  installMany(ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void): Promise<BatchOutcomes> {
    return this.batch('installMany', ids, signal, onStarted);
  }
  upgradeMany(ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void): Promise<BatchOutcomes> {
    return this.batch('upgradeMany', ids, signal, onStarted);
  }
  protected batch(kind: string, ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void, label?: string[]) {
    const names = ids.map((id) => id.name);
    this.calls.push(`${kind} ${(label ?? names).join(' ')}`);
    if (this.failWith) return Promise.reject(this.failWith);
    return new Promise<BatchOutcomes>((resolve) => {
      this.batches.push({ names, onStarted, resolve, signal });
      for (const waiter of this.batchWaiters.splice(0)) waiter();
    });
  }
  /** Waits for the running batch call; `start` says apt reached a package, `end` ends the call. */
  async batchRunning() {
    while (this.batches.length === 0) await new Promise<void>((resolve) => this.batchWaiters.push(resolve));
    const current = this.batches[0]!;
    return {
      names: current.names,
      signal: current.signal,
      start: (name: string) => current.onStarted?.(name),
      end: (outcomes: Record<string, InstallOutcome>) => {
        this.batches.shift();
        current.resolve(new Map(Object.entries(outcomes)));
      },
    };
  }
}

/** A batching apt that also takes pinned apps in its one call (`name=version`), and holds them. */
class FakePinningBatchApt extends FakeBatchApt {
  installManyAt(
    ids: readonly PackageId[],
    pins: ReadonlyMap<string, string>,
    signal: AbortSignal,
    onStarted?: (name: string) => void,
  ): Promise<BatchOutcomes> {
    const label = ids.map((id) => (pins.has(id.name) ? `${id.name}=${pins.get(id.name)}` : id.name));
    return this.batch('installManyAt', ids, signal, onStarted, label);
  }
  async hold(id: PackageId, version: string): Promise<HoldResult> {
    this.calls.push(`hold ${id.name} ${version}`);
    return { ok: true, message: 'held by apt-mark' };
  }
}

const installed = (version: string): InstallOutcome => ({
  status: 'succeeded',
  version,
  exitCode: 0,
  message: `Installed (${version})`,
  log: `Setting up (${version})`,
});
const cancelledOutcome: InstallOutcome = {
  status: 'failed',
  version: null,
  exitCode: null,
  message: 'Cancelled before it finished',
  log: '',
};

const packages = (apt: string | null, winget: string | null = null) => ({
  ...perPackageField(() => null),
  winget_id: winget,
  apt_package: apt,
});

function job(jobId: string, names: (string | null)[], kind: Job['kind'] = 'install'): Job {
  return {
    jobId,
    installationId: `inst-${jobId}`,
    kind,
    items: names.map((name, i) => ({
      itemId: `${jobId}-item${i}`,
      appId: i + 1,
      name: name ?? 'Windows only',
      packages: name ? packages(name) : packages(null, 'Example.App'),
    })),
  };
}

/** `serverAcks`: the server acknowledges each numbered report as it arrives, as a live connection does. */
function setup(store?: OutcomeStore, { serverAcks = true, batching = false, pinsInBatch = false } = {}) {
  const apt = pinsInBatch ? new FakePinningBatchApt() : batching ? new FakeBatchApt() : new FakeApt();
  const sent: AgentMessage[] = [];
  let finishedJobs = 0;
  const runner: JobRunner = new JobRunner({
    installers: new Map([['apt', apt]]),
    platform: 'linux',
    send: (message) => {
      sent.push(message);
      const { seq } = message as { seq?: number };
      if (serverAcks && seq !== undefined && 'jobId' in message) queueMicrotask(() => runner.acknowledged(message.jobId, seq));
    },
    lane: new Lane(),
    log: silentLogger,
    onJobFinished: () => (finishedJobs += 1),
    store,
  });
  const summary = () =>
    sent.map((message) =>
      message.type === 'item.progress'
        ? `${message.itemId} ${message.status}`
        : `${message.type} ${'jobId' in message ? message.jobId : ''}`,
    );
  return { apt, sent, runner, summary, finishedJobs: () => finishedJobs };
}

describe('JobRunner', () => {
  it('after a restart, re-sends the outcomes it kept on disk instead of running the apps again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-jobs-'));
    try {
      const before = setup(await OutcomeStore.open(dir, silentLogger));
      before.runner.assign(job('j1', ['a']));
      await before.apt.finish('a');
      await before.runner.idle();

      const after = setup(await OutcomeStore.open(dir, silentLogger));
      after.runner.assign(job('j1', ['a']));
      await after.runner.idle();
      expect(after.apt.calls).toEqual([]);
      expect(after.summary()).toEqual(['job.ack j1', 'j1-item0 succeeded', 'job.done j1']);
      const resent = after.sent.find((message) => message.type === 'item.progress');
      expect(resent).toEqual(before.sent.find((message) => message.type === 'item.progress' && message.status === 'succeeded'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('after a crash in the middle of a job, re-sends the finished app and runs only the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-jobs-'));
    try {
      const crashed = setup(await OutcomeStore.open(dir, silentLogger));
      crashed.runner.assign(job('j1', ['a', 'b']));
      await crashed.apt.finish('a');
      // The process dies while b installs: nothing more is sent or written.
      await crashed.apt.running('b');

      const after = setup(await OutcomeStore.open(dir, silentLogger));
      after.runner.assign(job('j1', ['a', 'b']));
      await after.apt.finish('b');
      await after.runner.idle();
      expect(after.apt.calls).toEqual(['prepare', 'install b']);
      expect(after.summary()).toEqual(['job.ack j1', 'j1-item0 succeeded', 'j1-item1 installing', 'j1-item1 succeeded', 'job.done j1']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an app whose install an earlier run began and never reported, found installed now, reads "Installed", not "Already installed"', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-jobs-'));
    try {
      const crashed = setup(await OutcomeStore.open(dir, silentLogger));
      crashed.runner.assign(job('j1', ['a', 'b']));
      // Killed while apt installs b: apt finishes alone (it leads its own process group), the report never goes.
      await crashed.apt.running('a');

      const after = setup(await OutcomeStore.open(dir, silentLogger));
      after.runner.assign(job('j1', ['a', 'b']));
      await after.apt.finish('a', '', skippedInstalled('2.0'));
      // b was never begun: found installed, it was there before this job.
      await after.apt.finish('b', '', skippedInstalled('3.1'));
      await after.runner.idle();
      const finals = after.sent.filter((message) => message.type === 'item.progress' && message.status !== 'installing');
      expect(finals.map((report) => report.type === 'item.progress' && [report.itemId, report.status, report.message])).toEqual([
        ['j1-item0', 'succeeded', 'Installed (2.0)'],
        ['j1-item1', 'skipped', 'Already installed (3.1)'],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports what the manager lists after the call, not what the installer said', async () => {
    const { apt, runner, sent } = setup();
    runner.assign(job('j1', ['hello', 'cowsay']));
    // hello's installer failed, yet apt lists it; cowsay's said it succeeded, yet apt does not list it.
    apt.installed.set('hello', '2.10-3');
    await apt.finish('hello', '', { status: 'failed', version: null, exitCode: 1, message: 'apt-get failed', log: '' });
    await apt.finish('cowsay', '', { status: 'succeeded', version: '3.03', exitCode: 0, message: 'Installed (3.03)', log: '' }, false);
    await runner.idle();
    const finals = sent.filter((message) => message.type === 'item.progress' && message.status !== 'installing');
    expect(finals.map((report) => report.type === 'item.progress' && [report.status, report.version, report.message])).toEqual([
      ['succeeded', '2.10-3', 'Installed (2.10-3), though apt reported an error: apt-get failed'],
      ['failed', null, 'apt reported it installed, but does not list cowsay as installed'],
    ]);
  });

  it('acknowledges, prepares once, installs one app at a time in order, skips what has no package here, then says done', async () => {
    const { apt, runner, summary, sent, finishedJobs } = setup();
    runner.assign(job('j1', ['hello', null, 'cowsay']));
    await apt.finish('hello', 'x'.repeat(20_000));
    expect(apt.calls).toEqual(['prepare', 'install hello']);
    await apt.finish('cowsay');
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'install hello', 'install cowsay']);
    expect(summary()).toEqual([
      'job.ack j1',
      'j1-item0 installing',
      'j1-item0 succeeded',
      'j1-item1 skipped',
      'j1-item2 installing',
      'j1-item2 succeeded',
      'job.done j1',
    ]);
    const reports = sent.filter((message) => message.type === 'item.progress');
    expect(reports[1]).toMatchObject({ manager: 'apt', version: '2.0', exitCode: 0, message: 'Installed (2.0)' });
    expect(reports[1]!.log).toHaveLength(16_000);
    expect(reports[2]).toMatchObject({ manager: null, message: 'Not available on Linux' });
    expect(finishedJobs()).toBe(1);
  });

  it('runs jobs one after another, in the order they came', async () => {
    const { apt, runner, summary } = setup();
    runner.assign(job('j1', ['a']));
    runner.assign(job('j2', ['b']));
    await apt.running('a');
    expect(apt.calls).toEqual(['prepare', 'install a']);
    await apt.finish('a');
    await apt.finish('b');
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'install a', 'prepare', 'install b']);
    expect(summary().filter((line) => line.startsWith('job.'))).toEqual(['job.ack j1', 'job.ack j2', 'job.done j1', 'job.done j2']);
  });

  it('does not run a job twice when the server sends it again, and answers a finished one from memory', async () => {
    const { apt, runner, summary } = setup();
    const sentJob = job('j1', ['a', 'b']);
    runner.assign(sentJob);
    await apt.running('a');
    runner.assign(sentJob); // a reconnect while it runs
    await apt.finish('a');
    await apt.finish('b');
    await runner.idle();
    runner.assign({ ...sentJob, items: sentJob.items.slice(1) }); // the report of b was lost: the server sends b again
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'install a', 'install b']);
    expect(summary().slice(-4)).toEqual(['job.done j1', 'job.ack j1', 'j1-item1 succeeded', 'job.done j1']);
  });

  it('cancels: aborts the running call, drops what has not started, then says done', async () => {
    const { apt, runner, summary } = setup();
    runner.assign(job('j1', ['a', 'b', 'c']));
    runner.assign(job('j2', ['d']));
    await apt.running('a');
    runner.cancel('j2'); // waiting: dropped at once
    runner.cancel('j1');
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'install a']);
    expect(summary()).toEqual(['job.ack j1', 'job.ack j2', 'j1-item0 installing', 'job.done j2', 'j1-item0 failed', 'job.done j1']);
  });

  it('stops between two calls: the running install finishes and is reported, nothing else starts, no job.done', async () => {
    const { apt, runner, summary } = setup();
    runner.assign(job('j1', ['a', 'b']));
    await apt.running('a');
    const stopped = runner.stop();
    await apt.finish('a');
    await stopped;
    expect(apt.calls).toEqual(['prepare', 'install a']);
    expect(summary()).toEqual(['job.ack j1', 'j1-item0 installing', 'j1-item0 succeeded']);
  });

  it('parks when another agent with this enrolment takes over: the running install finishes and is kept, the rest of that job and the waiting jobs are left to the other, and the job comes back later', async () => {
    const { apt, runner, summary } = setup();
    runner.assign(job('j1', ['a', 'b']));
    runner.assign(job('j2', ['c']));
    await apt.running('a');
    runner.park();
    await apt.finish('a');
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'install a']);
    expect(summary()).toEqual(['job.ack j1', 'job.ack j2', 'j1-item0 installing', 'j1-item0 succeeded']);
    // Its turn again: the server sends what is left; the app it finished is reported, not run again.
    runner.assign(job('j1', ['a', 'b']));
    await apt.finish('b');
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'install a', 'prepare', 'install b']);
    expect(summary().slice(-2)).toEqual(['j1-item1 succeeded', 'job.done j1']);
  });

  it('pauses between two apps: the running one finishes, the next starts only after resume; a cancel still ends a paused job', async () => {
    const { apt, runner, summary } = setup();
    runner.assign(job('j1', ['a', 'b']));
    await apt.running('a');
    runner.pause();
    await apt.finish('a');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(apt.calls).toEqual(['prepare', 'install a']);
    runner.assign(job('j2', ['c'])); // still acknowledged while paused
    expect(summary().at(-1)).toBe('job.ack j2');
    runner.resume();
    await apt.finish('b');
    expect(apt.calls).toEqual(['prepare', 'install a', 'install b']);
    runner.pause();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(apt.calls).toEqual(['prepare', 'install a', 'install b']);
    runner.cancel('j2');
    await runner.idle();
    expect(apt.calls).not.toContain('install c');
    expect(summary().slice(-3)).toEqual(['j1-item1 succeeded', 'job.done j1', 'job.done j2']);
  });

  it('removes apps for an uninstall job', async () => {
    const { apt, runner, sent } = setup();
    runner.assign(job('j1', ['a'], 'uninstall'));
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'uninstall a']);
    expect(sent[1]).toMatchObject({ status: 'installing', message: 'Removing' });
    expect(sent[2]).toMatchObject({ status: 'succeeded', message: 'Removed (1)' });
  });

  it('hands the installer exactly the other packages the person confirmed for an uninstall', async () => {
    const { apt, runner } = setup();
    const confirmed = job('j1', ['a'], 'uninstall');
    confirmed.items[0]!.alsoRemove = ['a-plugins', 'a-data'];
    runner.assign(confirmed);
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'uninstall a also a-plugins,a-data']);
  });

  it('hands the installer a purge only when the job asks for one', async () => {
    const { apt, runner } = setup();
    apt.purgeable = true;
    const purged = job('j1', ['a'], 'uninstall');
    purged.items[0]!.alsoRemove = ['a-data'];
    purged.items[0]!.purge = true;
    runner.assign(purged);
    runner.assign(job('j2', ['b'], 'uninstall'));
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'uninstall a also a-data purge', 'prepare', 'uninstall b']);
  });

  it('refuses a purge its manager cannot do, removing nothing rather than removing without it', async () => {
    const { apt, runner, sent } = setup();
    const purged = job('j1', ['a'], 'uninstall');
    purged.items[0]!.purge = true;
    runner.assign(purged);
    await runner.idle();
    expect(apt.calls).toEqual(['prepare']);
    expect(sent.find((message) => message.type === 'item.progress' && message.status === 'failed')).toMatchObject({
      message: "apt cannot remove a's settings: nothing was removed",
    });
  });

  it('drops a job frame whose purge is anything but true: a string, a number, false, an option', () => {
    const frame = (purge: unknown) => ({
      type: 'job.assign',
      job: { ...job('j1', ['a'], 'uninstall'), items: [{ ...job('j1', ['a']).items[0], purge }] },
    });
    expect(serverMessageSchema.safeParse(frame(true)).success).toBe(true);
    for (const purge of ['true', '--purge', 1, false, null, {}, ['--purge']])
      expect(serverMessageSchema.safeParse(frame(purge)).success).toBe(false);
  });

  it('upgrades apps for an upgrade job, reporting the version after it, and never installs one that is missing', async () => {
    const { apt, runner, sent, summary } = setup();
    apt.installed.set('a', '2.10-2');
    runner.assign(job('j1', ['a', 'b'], 'upgrade'));
    await runner.idle();
    expect(apt.calls).toEqual(['prepare', 'upgrade a', 'upgrade b']);
    expect(summary()).toEqual([
      'job.ack j1',
      'j1-item0 installing',
      'j1-item0 succeeded',
      'j1-item1 installing',
      'j1-item1 skipped',
      'job.done j1',
    ]);
    expect(sent[1]).toMatchObject({ status: 'installing', message: 'Upgrading' });
    expect(sent[2]).toMatchObject({ status: 'succeeded', version: '2.10-2.1', message: 'Updated from 2.10-2 to 2.10-2.1' });
    expect(sent[4]).toMatchObject({ status: 'skipped', version: null, message: 'Not installed' });
  });

  it('with the simulated installer: install, then upgrade moves the version on', async () => {
    const sent: AgentMessage[] = [];
    const runner = new JobRunner({
      installers: new Map([['simulated', new SimulatedInstaller()]]),
      platform: 'linux',
      send: (message) => sent.push(message),
      lane: new Lane(),
      log: silentLogger,
    });
    runner.assign(job('j1', ['hello'], 'install'));
    runner.assign(job('j2', ['hello', 'sl'], 'upgrade'));
    await runner.idle();
    const finals = sent.filter((message) => message.type === 'item.progress' && message.status !== 'installing');
    expect(finals.map((message) => message.type === 'item.progress' && [message.status, message.version, message.message])).toEqual([
      ['succeeded', '1.0.0', 'Installed (1.0.0)'],
      ['succeeded', '1.0.1', 'Updated from 1.0.0 to 1.0.1'],
      ['skipped', null, 'Not installed'],
    ]);
  });

  describe('several apps in one manager call', () => {
    const batchSetup = (store?: OutcomeStore) => {
      const context = setup(store, { batching: true });
      return { ...context, apt: context.apt as FakeBatchApt };
    };

    it('installs consecutive apps of one manager in one call; each gets "Installing" when apt reaches it and its own final report', async () => {
      const { apt, runner, summary, sent } = batchSetup();
      runner.assign(job('j1', ['a', 'b', null, 'c']));
      const batch = await apt.batchRunning();
      expect(batch.names).toEqual(['a', 'b']);
      // The first app shows "Installing" at once; the next when apt starts on it.
      expect(summary()).toEqual(['job.ack j1', 'j1-item0 installing']);
      batch.start('b');
      expect(summary().at(-1)).toBe('j1-item1 installing');
      batch.end({
        a: installed('1.0'),
        b: { status: 'failed', version: null, exitCode: 100, message: 'Unable to correct problems', log: 'b: broken' },
      });
      await apt.finish('c');
      await runner.idle();
      // A batch of one is the one-app call.
      expect(apt.calls).toEqual(['prepare', 'installMany a b', 'install c']);
      expect(summary()).toEqual([
        'job.ack j1',
        'j1-item0 installing',
        'j1-item1 installing',
        'j1-item0 succeeded',
        'j1-item1 failed',
        'j1-item2 skipped',
        'j1-item3 installing',
        'j1-item3 succeeded',
        'job.done j1',
      ]);
      const finals = sent.filter((message) => message.type === 'item.progress' && message.status !== 'installing');
      expect(finals[0]).toMatchObject({ itemId: 'j1-item0', version: '1.0', message: 'Installed (1.0)', log: 'Setting up (1.0)', seq: 1 });
      expect(finals[1]).toMatchObject({ itemId: 'j1-item1', message: 'Unable to correct problems', log: 'b: broken', seq: 2 });
    });

    it('a pinned app leaves the batch and runs alone; an upgrade of it is refused by the agent, nothing runs', async () => {
      const { apt, runner, sent } = batchSetup();
      const final = (itemId: string) =>
        sent.find((message) => message.type === 'item.progress' && message.itemId === itemId && message.status !== 'installing');
      const pinned = job('j1', ['a', 'b', 'p', 'c']);
      pinned.items[2] = { ...pinned.items[2]!, pinnedVersion: '1.0' };
      runner.assign(pinned);
      const first = await apt.batchRunning();
      expect(first.names).toEqual(['a', 'b']);
      first.end({ a: installed('1.0'), b: installed('1.0') });
      // The fake has no installAt nor hold: the pinned app installs alone and says so plainly.
      await apt.finish('p');
      await apt.finish('c');
      await runner.idle();
      expect(apt.calls).toEqual(['prepare', 'installMany a b', 'install p', 'install c']);
      expect(final('j1-item2')).toMatchObject({
        status: 'succeeded',
        message:
          'Installed (2.0); pinned, apt cannot install a chosen version, so it stays at 2.0; apt has no hold: an update made outside Loadout may move it',
      });

      const upgrade = job('j2', ['a', 'b', 'p'], 'upgrade');
      upgrade.items[2] = { ...upgrade.items[2]!, pinnedVersion: '1.0' };
      runner.assign(upgrade);
      const second = await apt.batchRunning();
      expect(second.names).toEqual(['a', 'b']);
      second.end({ a: installed('1.1'), b: installed('1.1') });
      await runner.idle();
      expect(apt.calls.slice(4)).toEqual(['prepare', 'upgradeMany a b']);
      expect(final('j2-item2')).toMatchObject({ status: 'skipped', message: 'Pinned at 1.0' });
    });

    it('a pinned app joins the batch as name=version where apt takes it there; its hold follows the call', async () => {
      const context = setup(undefined, { pinsInBatch: true });
      const apt = context.apt as FakePinningBatchApt;
      const pinned = job('j1', ['a', 'p', 'c']);
      pinned.items[1] = { ...pinned.items[1]!, pinnedVersion: '1.0' };
      context.runner.assign(pinned);
      const batch = await apt.batchRunning();
      expect(batch.names).toEqual(['a', 'p', 'c']);
      batch.end({ a: installed('2.0'), p: installed('1.0'), c: installed('3.0') });
      await context.runner.idle();
      expect(apt.calls).toEqual(['prepare', 'installManyAt a p=1.0 c', 'hold p 1.0']);
      const final = context.sent.find(
        (message) => message.type === 'item.progress' && message.itemId === 'j1-item1' && message.status !== 'installing',
      );
      expect(final).toMatchObject({ status: 'succeeded', message: 'Installed (1.0); pinned, held by apt-mark' });

      // Held by this agent at the version the next job pins: still one call. At another version it goes alone.
      const again = job('j2', ['a', 'p']);
      again.items[1] = { ...again.items[1]!, pinnedVersion: '1.0' };
      context.runner.assign(again);
      (await apt.batchRunning()).end({ a: skippedInstalled('2.0'), p: skippedInstalled('1.0') });
      await context.runner.idle();
      expect(apt.calls.slice(3)).toEqual(['prepare', 'installManyAt a p=1.0', 'hold p 1.0']);
      const moved = job('j3', ['a', 'p']);
      moved.items[1] = { ...moved.items[1]!, pinnedVersion: '1.1' };
      context.runner.assign(moved);
      await apt.finish('a');
      await apt.finish('p');
      await context.runner.idle();
      expect(apt.calls.slice(6)).toEqual(['prepare', 'install a', 'install p', 'hold p 1.1']);
    });

    it('notes every app of the batch on disk before the call: after a kill mid-call, each found installed reads "Installed"', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'loadout-jobs-'));
      try {
        const crashed = batchSetup(await OutcomeStore.open(dir, silentLogger));
        crashed.runner.assign(job('j1', ['a', 'b']));
        // Killed while apt installs both: nothing more is sent or written.
        await crashed.apt.batchRunning();

        const after = batchSetup(await OutcomeStore.open(dir, silentLogger));
        after.runner.assign(job('j1', ['a', 'b']));
        (await after.apt.batchRunning()).end({ a: skippedInstalled('1.0'), b: skippedInstalled('2.0') });
        await after.runner.idle();
        const finals = after.sent.filter((message) => message.type === 'item.progress' && message.status !== 'installing');
        expect(finals.map((report) => report.type === 'item.progress' && [report.itemId, report.status, report.message])).toEqual([
          ['j1-item0', 'succeeded', 'Installed (1.0)'],
          ['j1-item1', 'succeeded', 'Installed (2.0)'],
        ]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('does not run again the apps of a batch already reported: the server sends the job again, only the rest run', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'loadout-jobs-'));
      try {
        const first = batchSetup(await OutcomeStore.open(dir, silentLogger));
        first.runner.assign(job('j1', ['a', 'b']));
        (await first.apt.batchRunning()).end({ a: installed('1.0'), b: installed('2.0') });
        await first.runner.idle();

        const again = batchSetup(await OutcomeStore.open(dir, silentLogger));
        again.runner.assign(job('j1', ['a', 'b', 'c', 'd']));
        (await again.apt.batchRunning()).end({ c: installed('3.0'), d: installed('4.0') });
        await again.runner.idle();
        expect(again.apt.calls).toEqual(['prepare', 'installMany c d']);
        expect(again.summary().filter((line) => !line.endsWith('installing'))).toEqual([
          'job.ack j1',
          'j1-item0 succeeded',
          'j1-item1 succeeded',
          'j1-item2 succeeded',
          'j1-item3 succeeded',
          'job.done j1',
        ]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('a cancel aborts the batch call: what apt finished is reported so, the rest cancelled, and nothing after it starts', async () => {
      const { apt, runner, summary } = batchSetup();
      runner.assign(job('j1', ['a', 'b', 'c']));
      runner.assign(job('j2', ['d', 'e']));
      const batch = await apt.batchRunning();
      batch.start('b');
      runner.cancel('j1');
      expect(batch.signal.aborted).toBe(true);
      batch.end({ a: installed('1.0'), b: cancelledOutcome, c: cancelledOutcome });
      (await apt.batchRunning()).end({ d: installed('4.0'), e: installed('5.0') });
      await runner.idle();
      expect(apt.calls).toEqual(['prepare', 'installMany a b c', 'prepare', 'installMany d e']);
      expect(summary().filter((line) => line.startsWith('j1') || line.endsWith('j1'))).toEqual([
        'job.ack j1',
        'j1-item0 installing',
        'j1-item1 installing',
        'j1-item0 succeeded',
        'j1-item1 failed',
        'j1-item2 installing',
        'j1-item2 failed',
        'job.done j1',
      ]);
    });

    it('pauses and stops between calls, not inside a batch: the running batch finishes and every app of it is reported', async () => {
      const { apt, runner, summary } = batchSetup();
      runner.assign(job('j1', ['a', 'b']));
      runner.assign(job('j2', ['c', 'd']));
      const batch = await apt.batchRunning();
      const stopped = runner.stop();
      batch.end({ a: installed('1.0'), b: installed('2.0') });
      await stopped;
      expect(apt.calls).toEqual(['prepare', 'installMany a b']);
      expect(summary()).toEqual([
        'job.ack j1',
        'job.ack j2',
        'j1-item0 installing',
        'j1-item0 succeeded',
        'j1-item1 installing',
        'j1-item1 succeeded',
        'job.done j1',
      ]);
    });

    it('upgrades in one call too; removals stay one app per call, each with its own consent', async () => {
      const { apt, runner } = batchSetup();
      runner.assign(job('j1', ['a', 'b'], 'upgrade'));
      (await apt.batchRunning()).end({ a: installed('1.1'), b: installed('2.1') });
      runner.assign(job('j2', ['a', 'b'], 'uninstall'));
      await runner.idle();
      expect(apt.calls).toEqual(['prepare', 'upgradeMany a b', 'prepare', 'uninstall a', 'uninstall b']);
    });

    it('an installer that throws fails every app of the batch with the reason, and the job still ends', async () => {
      const { apt, runner, sent, summary } = batchSetup();
      apt.failWith = new Error('dpkg-query vanished');
      runner.assign(job('j1', ['a', 'b']));
      await runner.idle();
      const finals = sent.filter((message) => message.type === 'item.progress' && message.status !== 'installing');
      expect(finals.map((report) => report.type === 'item.progress' && report.message)).toEqual([
        'The agent could not run apt: dpkg-query vanished',
        'The agent could not run apt: dpkg-query vanished',
      ]);
      expect(summary().at(-1)).toBe('job.done j1');
    });
  });
});
