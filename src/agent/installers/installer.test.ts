import { describe, expect, it } from 'vitest';

import { scriptedRun, testDeps, type RunCall } from '../../../tests/fixtures/pm-output/fake-run';
import { HoldStore } from '../hold-store';
import { callWithPins } from '../pinning';
import { AptInstaller } from './apt';
import { dpkgSelectionLine } from './apt-run';
import { BrewInstaller } from './brew';
import { FlatpakInstaller } from './flatpak';
import { skippedInstalled, type Installer, type InstallerDeps, type PackageId } from './installer';
import { SnapInstaller } from './snap';
import { WingetInstaller } from './winget';

const signal = new AbortController().signal;

/** Read as an option, a shell word, a glob or a path by some program: no manager's grammar takes them. */
const EVERYWHERE = ['--allow-unauthenticated', '-y', '--force', 'a b', 'x;rm -rf /', '$(id)', '*', '../etc/passwd', '', 'hello\n--yes'];

/** Each manager with the ids its own grammar refuses though another manager's would take them. */
const MANAGERS: Array<{ make: (deps: InstallerDeps) => Installer; ids: PackageId[] }> = [
  {
    make: (deps) => new AptInstaller(deps, { listsDir: '/nonexistent', runtimePath: '/usr/bin/node' }),
    ids: ['hello-', 'hello+', 'canary.+', 'Hello', 'bas*'].map((name) => ({ name })),
  },
  {
    make: (deps) => new BrewInstaller(deps, { brew: '/usr/local/bin/brew', ownerUid: null }),
    ids: [{ name: 'evil/tap/node' }, { name: '-node' }, { name: 'evil/tap/firefox', cask: true }, { name: '--cask', cask: true }],
  },
  { make: (deps) => new FlatpakInstaller(deps), ids: ['org.mozilla', 'firefox', '1org.mozilla.firefox'].map((name) => ({ name })) },
  {
    make: (deps) => new SnapInstaller(deps),
    ids: ['Firefox', 'a--b', '-firefox', '1234', 'org.mozilla.firefox'].map((name) => ({ name })),
  },
  {
    make: (deps) => new WingetInstaller(deps),
    ids: ['Mozilla', '.Mozilla.Firefox', 'Mozilla.Firefox;calc', 'Mozilla..Firefox'].map((name) => ({ name })),
  },
];

describe('every installer holds each id to its grammar before it runs anything', () => {
  for (const { make, ids } of MANAGERS) {
    const name = make(testDeps(scriptedRun(() => ({})).run)).name;

    it(`${name}: install, upgrade, uninstall, queries and batches run nothing for a bad id`, async () => {
      const fake = scriptedRun(() => ({}));
      const installer = make(testDeps(fake.run, true));
      const bad = [...EVERYWHERE.map((each) => ({ name: each })), ...ids];
      for (const id of bad) {
        for (const outcome of [
          await installer.install(id, signal),
          await installer.upgrade(id, signal),
          await installer.uninstall(id, signal, { alsoRemove: [] }),
        ])
          expect(outcome, JSON.stringify(id)).toMatchObject({
            status: 'failed',
            exitCode: null,
            message: 'Not a valid package id: nothing was run',
          });
        expect(await installer.installedVersion(id)).toBeNull();
        expect((await installer.removalPlan(id)).removes).toEqual([]);
      }
      expect(await installer.inventory(bad)).toEqual([]);
      for (const batch of [installer.installMany, installer.upgradeMany]) {
        if (!batch) continue;
        const outcomes = await batch.call(installer, bad, signal);
        expect([...outcomes.values()].map((outcome) => outcome.message)).toEqual(
          [...new Set(bad.map((id) => id.name))].map(() => 'Not a valid package id: nothing was run'),
        );
      }
      expect(fake.commandLines()).toEqual([]);
    });
  }
});

/** A pinned version in each shape a manager could read as an option, a second package, a pattern or shell syntax. */
const BAD_VERSIONS = [
  '-o x',
  '--allow-unauthenticated',
  '1.0 ; rm',
  '$(x)',
  '1.0\n--yes',
  '\n',
  '*',
  '1.*',
  '=x',
  '1.0=2',
  '',
  ' 1.0',
  '1.0/x',
];

describe('a pinned version is held to its grammar before anything runs', () => {
  const valid: Record<string, PackageId> = {
    apt: { name: 'hello' },
    brew: { name: 'node' },
    flatpak: { name: 'org.mozilla.firefox' },
    snap: { name: 'firefox' },
    winget: { name: 'Mozilla.Firefox' },
  };
  for (const { make } of MANAGERS) {
    const name = make(testDeps(scriptedRun(() => ({})).run)).name;

    it(`${name}: a pinned install, an upgrade and a hold run nothing for a bad version`, async () => {
      const fake = scriptedRun(() => ({}));
      const installer = make(testDeps(fake.run, true));
      const id = valid[name]!;
      for (const version of BAD_VERSIONS) {
        for (const kind of ['install', 'upgrade'] as const) {
          const outcome = await callWithPins(installer, kind, id, version, signal, HoldStore.inMemory(), () => {
            throw new Error('the call ran');
          });
          expect(outcome, `${kind} ${JSON.stringify(version)}`).toMatchObject({
            status: 'failed',
            exitCode: null,
            message: 'Not a valid version to pin: nothing was run',
          });
        }
        if (installer.installAt)
          expect(await installer.installAt(id, version, signal)).toMatchObject({ message: 'Not a valid version to pin: nothing was run' });
      }
      expect(fake.commandLines()).toEqual([]);
    });
  }
});

/** The calls that read or set apt's holds (dpkg's selections), with what went to dpkg's standard input. */
function selectionCalls(calls: readonly RunCall[]): string[] {
  return calls
    .filter((call) => call.command === 'dpkg' || (call.command === 'dpkg-query' && call.args[1] === '-f=${Status}\n'))
    .map((call) => [call.command, ...call.args].join(' ') + (call.options.input === undefined ? '' : ` <- ${call.options.input}`));
}

describe('pinning, per manager, with the exact arguments', () => {
  it('apt: installs name=version after --, alone and with downgrades allowed, then holds it; releases the hold before an upgrade', async () => {
    let installed = '2.0-1';
    const fake = scriptedRun((call) => {
      if (call.command === 'dpkg-query') return { stdout: `hello\tinstall ok installed\t${installed}\n` };
      if (call.command === 'apt-cache') return { stdout: 'hello\n' };
      if (call.command === 'apt-get' && call.args.includes('hello=1.0-1')) installed = '1.0-1';
      return {};
    });
    const apt = new AptInstaller(testDeps(fake.run, true), { listsDir: '/nonexistent', runtimePath: '/usr/bin/node' });
    const holds = HoldStore.inMemory();
    const outcome = await callWithPins(apt, 'install', { name: 'hello' }, '1.0-1', signal, holds, () =>
      apt.install({ name: 'hello' }, signal),
    );
    expect(outcome).toMatchObject({
      status: 'succeeded',
      version: '1.0-1',
      message: 'Changed from 2.0-1 to 1.0-1; pinned, held (apt-mark hold)',
    });
    const install = fake.calls.find((call) => call.command === 'apt-get')!;
    expect(install.args).toEqual([
      'install',
      '-y',
      '--no-remove',
      '--allow-downgrades',
      '-o',
      'DPkg::Lock::Timeout=300',
      '-o',
      'Dpkg::Options::=--force-confdef',
      '-o',
      'Dpkg::Options::=--force-confold',
      '--',
      'hello=1.0-1',
    ]);
    // The hold is dpkg's selection, read and set as apt-mark would, without loading apt's cache.
    expect(selectionCalls(fake.calls)).toEqual(['dpkg-query -W -f=${Status}\n -- hello', 'dpkg --set-selections <- hello hold\n']);
    expect(holds.heldAt('apt', { name: 'hello' })).toBe('1.0-1');

    // An upgrade of the pinned app: refused by the agent too, nothing runs.
    const before = fake.calls.length;
    const refused = await callWithPins(apt, 'upgrade', { name: 'hello' }, '1.0-1', signal, holds, () =>
      apt.upgrade({ name: 'hello' }, signal),
    );
    expect(refused).toMatchObject({ status: 'skipped', message: 'Pinned at 1.0-1' });
    expect(fake.calls.length).toBe(before);

    // Unpinned, then upgraded: the hold Loadout set goes first.
    await callWithPins(apt, 'upgrade', { name: 'hello' }, undefined, signal, holds, () => apt.upgrade({ name: 'hello' }, signal));
    expect(selectionCalls(fake.calls).slice(2)).toEqual(['dpkg --set-selections <- hello install\n']);
    expect(holds.heldAt('apt', { name: 'hello' })).toBeNull();
    // A hold this agent did not set is never cleared.
    await callWithPins(apt, 'uninstall', { name: 'hello' }, undefined, signal, holds, async () => skippedInstalled('1.0-1'));
    expect(selectionCalls(fake.calls)).toHaveLength(3);
  });

  it('apt: a hold the person set themselves is neither taken over nor ever released', async () => {
    const fake = scriptedRun((call) => {
      if (call.command === 'dpkg-query' && call.args[1] === '-f=${Status}\n') return { stdout: 'hold ok installed\n' };
      if (call.command === 'dpkg-query') return { stdout: 'hello\thold ok installed\t1.0-1\n' };
      return {};
    });
    const apt = new AptInstaller(testDeps(fake.run, true), { listsDir: '/nonexistent', runtimePath: '/usr/bin/node' });
    const holds = HoldStore.inMemory();
    const outcome = await callWithPins(apt, 'install', { name: 'hello' }, '1.0-1', signal, holds, () =>
      apt.install({ name: 'hello' }, signal),
    );
    expect(outcome).toMatchObject({ status: 'skipped', message: 'Already installed (1.0-1); pinned, already held (apt-mark hold)' });
    expect(holds.heldAt('apt', { name: 'hello' })).toBeNull();
    await callWithPins(apt, 'upgrade', { name: 'hello' }, undefined, signal, holds, async () => skippedInstalled('1.0-1'));
    expect(selectionCalls(fake.calls)).toEqual(['dpkg-query -W -f=${Status}\n -- hello']);
  });

  it('apt: a name that would be a second selection on dpkg’s input never reaches dpkg', async () => {
    const fake = scriptedRun(() => ({}));
    const apt = new AptInstaller(testDeps(fake.run, true), { listsDir: '/nonexistent', runtimePath: '/usr/bin/node' });
    for (const name of ['hello\nperl-base purge', 'hello purge', 'perl-base deinstall\n', '-a']) {
      expect(await apt.hold({ name }, '1.0', signal)).toEqual({ ok: false, message: 'Not a valid package id: nothing was run' });
      expect(await apt.releaseHold({ name }, signal)).toEqual({ ok: false, message: 'Not a valid package id: nothing was run' });
      expect(() => dpkgSelectionLine(name, 'hold')).toThrow('Not a valid apt package name');
    }
    expect(fake.calls).toEqual([]);
  });

  it('apt: a version the sources lack is said plainly', async () => {
    const fake = scriptedRun((call) => {
      if (call.command === 'apt-cache') return { stdout: 'hello\n' };
      if (call.command === 'apt-get') return { exitCode: 100, stderr: "E: Version '9.9' for 'hello' was not found\n" };
      return {};
    });
    const apt = new AptInstaller(testDeps(fake.run, true), { listsDir: '/nonexistent', runtimePath: '/usr/bin/node' });
    expect(await apt.installAt({ name: 'hello' }, '9.9', signal)).toMatchObject({
      status: 'failed',
      message: 'Version 9.9 of hello is not in the apt sources',
    });
    expect(selectionCalls(fake.calls)).toEqual([]);
  });

  it('winget: --version, then winget pin add --version; pin remove when released', async () => {
    const fake = scriptedRun(() => ({}));
    const winget = new WingetInstaller(testDeps(fake.run, true));
    const holds = HoldStore.inMemory();
    await callWithPins(winget, 'install', { name: 'Mozilla.Firefox' }, '128.0.3', signal, holds, () =>
      winget.install({ name: 'Mozilla.Firefox' }, signal),
    );
    await callWithPins(winget, 'uninstall', { name: 'Mozilla.Firefox' }, undefined, signal, holds, async () => skippedInstalled(''));
    const calls = fake.calls.filter((call) => call.args[0] === 'install' || call.args[0] === 'pin').map((call) => call.args);
    expect(calls).toEqual([
      [
        'install',
        '--id',
        'Mozilla.Firefox',
        '--exact',
        '--source',
        'winget',
        '--accept-source-agreements',
        '--accept-package-agreements',
        '--disable-interactivity',
        '--silent',
        '--version',
        '128.0.3',
      ],
      [
        'pin',
        'add',
        '--id',
        'Mozilla.Firefox',
        '--exact',
        '--version',
        '128.0.3',
        '--source',
        'winget',
        '--accept-source-agreements',
        '--disable-interactivity',
      ],
      [
        'pin',
        'remove',
        '--id',
        'Mozilla.Firefox',
        '--exact',
        '--source',
        'winget',
        '--accept-source-agreements',
        '--disable-interactivity',
      ],
    ]);
  });

  it('Homebrew: installs the newest formula and pins it, says a cask cannot be pinned', async () => {
    const fake = scriptedRun((call) => (call.args[0] === 'list' && call.args.includes('node') ? { stdout: 'node 22.1.0\n' } : {}));
    const brew = new BrewInstaller(testDeps(fake.run), { brew: '/usr/local/bin/brew', ownerUid: null });
    const holds = HoldStore.inMemory();
    const formula = await callWithPins(brew, 'install', { name: 'node' }, '20.0.0', signal, holds, async () => ({
      status: 'succeeded',
      version: '22.1.0',
      exitCode: 0,
      message: 'Installed (22.1.0)',
      log: '',
    }));
    expect(formula.message).toBe(
      'Installed (22.1.0); pinned, Homebrew cannot install a chosen version, so it stays at 22.1.0; pinned with brew pin',
    );
    expect(fake.calls.filter((call) => call.args[0] === 'pin').map((call) => [call.command, ...call.args])).toEqual([
      ['/usr/local/bin/brew', 'pin', 'node'],
    ]);
    const cask = await callWithPins(brew, 'install', { name: 'firefox', cask: true }, '128.0', signal, holds, async () =>
      skippedInstalled('128.0'),
    );
    expect(cask.message).toBe(
      'Already installed (128.0); pinned, not held: Homebrew cannot pin a cask: an update made outside Loadout may move it',
    );
    expect(holds.heldAt('brew', { name: 'firefox', cask: true })).toBeNull();
    await callWithPins(brew, 'uninstall', { name: 'node' }, undefined, signal, holds, async () => skippedInstalled(''));
    expect(fake.calls.filter((call) => call.args[0] === 'unpin').map((call) => call.args)).toEqual([['unpin', 'node']]);
  });

  it('Flatpak masks and unmasks the id after --; Snap holds and unholds after --', async () => {
    const fake = scriptedRun(() => ({}));
    const holds = HoldStore.inMemory();
    const flatpak = new FlatpakInstaller(testDeps(fake.run, true));
    const snap = new SnapInstaller(testDeps(fake.run, true));
    const installed = async () => skippedInstalled('1.0');
    await callWithPins(flatpak, 'install', { name: 'org.mozilla.firefox' }, '1.0', signal, holds, installed);
    await callWithPins(flatpak, 'uninstall', { name: 'org.mozilla.firefox' }, undefined, signal, holds, installed);
    await callWithPins(snap, 'install', { name: 'firefox' }, '1.0', signal, holds, installed);
    await callWithPins(snap, 'uninstall', { name: 'firefox' }, undefined, signal, holds, installed);
    expect(fake.commandLines()).toEqual([
      'flatpak mask --system -- org.mozilla.firefox',
      'flatpak mask --system --remove -- org.mozilla.firefox',
      'snap refresh --hold=forever -- firefox',
      'snap refresh --unhold -- firefox',
    ]);
  });
});
