import { describe, expect, it } from 'vitest';

import { runResult, scriptedRun, testDeps, type Answer } from '../../../tests/fixtures/pm-output/fake-run';
import { block } from '../../../tests/fixtures/pm-output/read-fixture';
import {
  chocoInstallArgs,
  ChocoInstaller,
  chocoInstallVersionArgs,
  chocoListArgs,
  chocoOutdatedArgs,
  chocoPinAddArgs,
  chocoPinRemoveArgs,
  chocoPinResult,
  chocoSearchArgs,
  chocoUninstallArgs,
  chocoUpgradeArgs,
  interpretChocoInstall,
  interpretChocoUpgrade,
  isChoco2OrLater,
  parseChocoList,
  parseChocoOutdated,
  parseChocoSearch,
} from './choco';
import type { Installer } from './installer';

const signal = new AbortController().signal;
const INSTALLED = block('choco-install.txt', '$ choco install rufus');
const NOT_FOUND = block('choco-install.txt', '$ choco install windows-driver-kit');
const LATEST = block('choco-upgrade.txt', '$ choco upgrade chocolatey');
const PINNED = block('choco-upgrade.txt', '$ choco upgrade --pin androidstudio');
/** What the fake machine has, one line as `choco list --limit-output` prints it (choco-list.txt). */
const listed = (id: string, version: string) => `${id}|${version}\n`;

describe('choco arguments', () => {
  it('confirms, hides progress, and puts the id after `--`', () => {
    expect(chocoInstallArgs('7zip.install')).toEqual(['install', '--yes', '--no-progress', '--', '7zip.install']);
    expect(chocoInstallVersionArgs('git', '2.12.0')).toEqual([
      'install',
      '--yes',
      '--no-progress',
      '--version=2.12.0',
      '--allow-downgrade',
      '--',
      'git',
    ]);
    expect(chocoUpgradeArgs('git')).toEqual(['upgrade', '--yes', '--no-progress', '--fail-on-not-installed', '--', 'git']);
    expect(chocoUninstallArgs('git')).toEqual(['uninstall', '--yes', '--no-progress', '--', 'git']);
  });

  it('asks in --limit-output form, and pins by --name=', () => {
    expect(chocoListArgs()).toEqual(['list', '--limit-output']);
    expect(chocoListArgs('git')).toEqual(['list', '--exact', '--limit-output', '--', 'git']);
    expect(chocoOutdatedArgs()).toEqual(['outdated', '--limit-output', '--ignore-unfound', '--ignore-pinned']);
    expect(chocoSearchArgs('visual studio')).toEqual(['search', '--limit-output', '--page=0', '--page-size=50', '--', 'visual studio']);
    expect(chocoPinAddArgs('git', '2.12.0')).toEqual(['pin', 'add', '--name=git', '--version=2.12.0']);
    expect(chocoPinRemoveArgs('git')).toEqual(['pin', 'remove', '--name=git']);
  });
});

describe('choco output', () => {
  it('reads `choco list` rows, ids in any case, versions as printed', () => {
    const all = parseChocoList(block('choco-list.txt', '$ choco list -lo -r -y'));
    expect(all.size).toBe(47);
    expect(all.get('7zip.install')).toBe('19.0');
    expect(all.get('dotnet4.5.2')).toBe('4.5.2.20140902');
    expect(all.get('chocolatey')).toBe('0.10.16-beta-20200806');
    expect([...parseChocoList(block('choco-list.txt', '$ choco list 7zip --exact'))]).toEqual([['7zip', '19.00']]);
    // choco ends its lines with \r\n on Windows.
    expect([...parseChocoList(block('choco-list.txt', '$ choco list 7zip --exact').replaceAll('\n', '\r\n'))]).toEqual([['7zip', '19.00']]);
    // A licence warning among the rows is no row.
    expect(parseChocoList(block('choco-list.txt', '$ choco list banana')).size).toBe(0);
  });

  it('reads `choco outdated`: headings and sentences are no rows, nor a package the sources lack or one pinned', () => {
    const outdated = parseChocoOutdated(block('choco-outdated.txt', '$ choco outdated -r'));
    expect(outdated.size).toBe(32);
    expect(outdated.get('git')).toBe('2.12.2.2');
    expect(outdated.get('nuget.commandline')).toBe('3.5.0');
    expect(outdated.has('temp_boxstarterpackage')).toBe(false); // 1.0.0|1.0.0: not in the sources
    expect(outdated.has('output is package name')).toBe(false);
    // Pinned (chromium, github) and unfound rows only.
    expect(parseChocoOutdated(block('choco-outdated.txt', '$ choco outdated')).size).toBe(0);
    expect([...parseChocoOutdated(block('choco-outdated.txt', '$ choco outdated --limitoutput'))]).toEqual([['firefox', '90.0.2']]);
  });

  it('reads `choco search --limit-output`, and nothing from the output meant for a person', () => {
    expect(parseChocoSearch(block('choco-search.txt', '$ choco search kitty --limit-output'))).toEqual([
      { id: 'kitty', name: 'kitty', version: '0.76.1.13' },
      { id: 'kitty.portable', name: 'kitty.portable', version: '0.67.0' },
      { id: 'superputty', name: 'superputty', version: '1.5.0' },
      { id: 'superputty.install', name: 'superputty.install', version: '1.5.0' },
      { id: 'superputty.portable', name: 'superputty.portable', version: '1.5.0' },
    ]);
    expect(parseChocoSearch(block('choco-search.txt', '$ choco search kitty'))).toEqual([]);
  });

  it('takes Chocolatey 2 and later only', () => {
    const version = block('choco-version.txt', '$ choco -v');
    expect(isChoco2OrLater(version)).toBe(true);
    // The same line as Chocolatey 1 prints it: its `list` would search the remote sources.
    expect(isChoco2OrLater(version.replace('2.1.0', '1.4.0'))).toBe(false);
    expect(isChoco2OrLater('')).toBe(false);
  });
});

describe('what choco meant', () => {
  it('reads an install, a package the sources lack, one already installed, and a restart', () => {
    expect(interpretChocoInstall(0, INSTALLED, 'rufus')).toEqual({ kind: 'installed', restartNeeded: false });
    expect(interpretChocoInstall(1, NOT_FOUND, 'windows-driver-kit')).toEqual({
      kind: 'failed',
      message: 'Not found in the Chocolatey sources',
    });
    const already = block('choco-install.txt', '$ choco install visualstudio2013ultimate');
    expect(interpretChocoInstall(0, already, 'visualstudio2013ultimate')).toEqual({ kind: 'already-installed' });
    expect(interpretChocoInstall(3010, '', 'rufus')).toEqual({ kind: 'installed', restartNeeded: true });
    expect(interpretChocoInstall(1641, '', 'rufus')).toEqual({ kind: 'installed', restartNeeded: true });
  });

  it('says why an install failed, or its exit code (signed, as choco means it)', () => {
    // The words are about windows-driver-kit: a package of another id is not said to be missing.
    expect(interpretChocoInstall(1, NOT_FOUND, 'driver')).toEqual({ kind: 'failed', message: 'Chocolatey failed with exit code 1' });
    expect(interpretChocoInstall(0xffffffff, '', 'x')).toEqual({ kind: 'failed', message: 'Chocolatey failed with exit code -1' });
    expect(interpretChocoInstall(350, '', 'x')).toMatchObject({ message: expect.stringContaining('A restart is pending') });
  });

  it('reads an upgrade: nothing newer, pinned, a restart, a failure', () => {
    expect(interpretChocoUpgrade(0, LATEST, 'chocolatey')).toEqual({ kind: 'done', said: 'up-to-date', restartNeeded: false });
    expect(interpretChocoUpgrade(2, LATEST, 'chocolatey')).toEqual({ kind: 'done', said: 'up-to-date', restartNeeded: false });
    expect(interpretChocoUpgrade(0, '', 'chocolatey')).toEqual({ kind: 'done', said: null, restartNeeded: false });
    expect(interpretChocoUpgrade(0, PINNED, 'androidstudio')).toEqual({
      kind: 'failed',
      message: 'Pinned with choco pin: Chocolatey does not upgrade it until the pin is removed',
    });
    expect(interpretChocoUpgrade(3010, '', 'git')).toEqual({ kind: 'done', said: 'upgraded', restartNeeded: true });
    expect(interpretChocoUpgrade(15608, '', 'git')).toEqual({ kind: 'failed', message: 'Chocolatey failed with exit code 15608' });
  });

  it('reads choco pin: pinned, pinned already (not Loadout’s), not installed, unpinned', () => {
    const pin = (marker: string, exitCode: number) => chocoPinResult(runResult({ exitCode, stdout: block('choco-pin.txt', marker) }), true);
    expect(pin('$ choco pin add --name upgradepackage', 0)).toEqual({ ok: true, message: 'pinned with choco pin' });
    expect(pin('$ choco pin add --name upgradepackage (pinned already)', 0)).toEqual({
      ok: true,
      preexisting: true,
      message: 'already pinned (choco pin)',
    });
    expect(pin('$ choco pin add --name upgradepackage (pinned already)', 2)).toMatchObject({ ok: true, preexisting: true });
    expect(pin('$ choco pin add --name whatisthis', 1)).toEqual({
      ok: false,
      message: "choco pin failed (Unable to find package named 'whatisthis' to pin. Please check to ensure it is installed.)",
    });
    const unpin = (marker: string) => chocoPinResult(runResult({ stdout: block('choco-pin.txt', marker) }), false);
    expect(unpin('$ choco pin remove --name androidstudio')).toEqual({ ok: true, message: 'unpinned with choco pin' });
    expect(unpin('$ choco pin remove --name upgradepackage (not pinned)')).toEqual({ ok: true, message: 'not pinned (choco pin)' });
  });
});

describe('ChocoInstaller', () => {
  /** A machine where `id` is installed at each of `versions` in turn (null: not installed); other calls answer `answer`. */
  function machine(id: string, versions: (string | null)[], answer: Answer = {}) {
    const fake = scriptedRun((call) => {
      if (call.args[0] !== 'list') return answer;
      const version = (versions.length > 1 ? versions.shift() : versions[0]) ?? null;
      return version === null ? {} : { stdout: listed(id, version) };
    });
    return { ...fake, installer: new ChocoInstaller(testDeps(fake.run)) };
  }

  it('installs and reports the version choco lists afterwards', async () => {
    const m = machine('rufus', [null, '4.2.0'], { stdout: INSTALLED });
    const outcome = await m.installer.install({ name: 'rufus' }, signal);
    expect(outcome).toMatchObject({ status: 'succeeded', version: '4.2.0', exitCode: 0, message: 'Installed (4.2.0)' });
    expect(outcome.log).toContain('The install of rufus was successful.');
    expect(m.commandLines()).toEqual([
      'choco list --exact --limit-output -- rufus',
      'choco install --yes --no-progress -- rufus',
      'choco list --exact --limit-output -- rufus',
    ]);
  });

  it('skips an app choco already lists, without installing', async () => {
    const m = machine('7zip', ['19.00']);
    expect(await m.installer.install({ name: '7zip' }, signal)).toMatchObject({ status: 'skipped', message: 'Already installed (19.00)' });
    expect(m.calls).toHaveLength(1);
  });

  it('reports a package the sources lack, and a restart choco asks for', async () => {
    const missing = machine('windows-driver-kit', [null], { exitCode: 1, stdout: NOT_FOUND });
    expect(await missing.installer.install({ name: 'windows-driver-kit' }, signal)).toMatchObject({
      status: 'failed',
      exitCode: 1,
      message: 'Not found in the Chocolatey sources',
    });
    const restart = machine('rufus', [null, '4.2.0'], { exitCode: 3010, stdout: INSTALLED });
    expect(await restart.installer.install({ name: 'rufus' }, signal)).toMatchObject({
      status: 'succeeded',
      exitCode: 3010,
      message: 'Installed (4.2.0); restart the PC to finish',
    });
  });

  it('installs a pinned version (going down if need be), skips one already there, and pins it', async () => {
    const m = machine('git', ['2.12.2.2', '2.12.0']);
    expect(await m.installer.installAt({ name: 'git' }, '2.12.0', signal)).toMatchObject({ status: 'succeeded', version: '2.12.0' });
    expect(m.commandLines()[1]).toBe('choco install --yes --no-progress --version=2.12.0 --allow-downgrade -- git');
    const there = machine('git', ['2.12.0']);
    expect(await there.installer.installAt({ name: 'git' }, '2.12.0', signal)).toMatchObject({ status: 'skipped' });
    expect(there.calls).toHaveLength(1);
    const pinned = machine('git', ['2.12.0'], { stdout: block('choco-pin.txt', '$ choco pin add --name upgradepackage') });
    expect(await pinned.installer.hold({ name: 'git' }, '2.12.0', signal)).toEqual({ ok: true, message: 'pinned with choco pin' });
    expect(await pinned.installer.releaseHold({ name: 'git' }, signal)).toMatchObject({ ok: true });
    expect(pinned.commandLines()).toEqual(['choco pin add --name=git --version=2.12.0', 'choco pin remove --name=git']);
  });

  describe('upgrade', () => {
    it('names the versions choco lists before and after', async () => {
      const m = machine('git', ['2.12.0', '2.12.2.2']);
      expect(await m.installer.upgrade({ name: 'git' }, signal)).toMatchObject({
        status: 'succeeded',
        version: '2.12.2.2',
        exitCode: 0,
        message: 'Updated from 2.12.0 to 2.12.2.2',
      });
      expect(m.commandLines()[1]).toBe('choco upgrade --yes --no-progress --fail-on-not-installed -- git');
    });

    it('is up to date when choco says so, and fails when a pin of the person’s keeps it', async () => {
      const latest = machine('chocolatey', ['2.1.0'], { stdout: LATEST });
      expect(await latest.installer.upgrade({ name: 'chocolatey' }, signal)).toMatchObject({
        status: 'skipped',
        message: 'Already up to date (2.1.0)',
      });
      const pinned = machine('androidstudio', ['2022.2.1.18'], { stdout: PINNED });
      expect(await pinned.installer.upgrade({ name: 'androidstudio' }, signal)).toMatchObject({ status: 'failed' });
    });

    it('never installs: an app choco does not list is skipped', async () => {
      const m = machine('git', [null]);
      expect(await m.installer.upgrade({ name: 'git' }, signal)).toMatchObject({ status: 'skipped', message: 'Not installed' });
      expect(m.calls).toHaveLength(1);
    });
  });

  describe('uninstall', () => {
    it('removes the package alone, and cannot purge', async () => {
      const m = machine('cyg-get', ['1.1.0'], { stdout: block('choco-uninstall.txt', '$ choco uninstall cyg-get') });
      expect(await m.installer.removalPlan({ name: 'cyg-get' })).toEqual({
        installedVersion: '1.1.0',
        removes: [{ name: 'cyg-get', version: '1.1.0' }],
        refused: null,
      });
      expect(await m.installer.uninstall({ name: 'cyg-get' }, signal)).toMatchObject({ status: 'succeeded', message: 'Removed (1.1.0)' });
      expect(m.commandLines().at(-1)).toBe('choco uninstall --yes --no-progress -- cyg-get');
      expect((m.installer as Installer).canPurge).toBeUndefined();
    });

    it('counts 1605 and 1614 as removed, 3010 as removed with a restart', async () => {
      for (const [exitCode, message] of [
        [1605, 'Removed (1.1.0)'],
        [1614, 'Removed (1.1.0)'],
        [3010, 'Removed (1.1.0); restart the PC to finish'],
      ] as const) {
        const m = machine('cyg-get', ['1.1.0'], { exitCode });
        expect(await m.installer.uninstall({ name: 'cyg-get' }, signal)).toMatchObject({ status: 'succeeded', exitCode, message });
      }
    });

    it('says why an uninstall failed, from choco’s summary', async () => {
      const m = machine('openssh', ['0.0.21.0'], {
        exitCode: 0xffffffff,
        stdout: block('choco-uninstall.txt', '$ choco uninstall -y openssh'),
      });
      expect(await m.installer.uninstall({ name: 'openssh' }, signal)).toMatchObject({
        status: 'failed',
        message:
          "Error while running 'C:\\ProgramData\\chocolatey\\lib\\openssh\\tools\\chocolateyuninstall.ps1'. (Chocolatey exit code -1)",
      });
    });

    it('skips an app that is not installed', async () => {
      const m = machine('git', [null]);
      expect(await m.installer.uninstall({ name: 'git' }, signal)).toMatchObject({ status: 'skipped', message: 'Not installed' });
      expect(m.calls).toHaveLength(1);
    });
  });

  it('tells what is installed and upgradable from `choco list` and `choco outdated`', async () => {
    const installed = listed('git', '2.12.0') + listed('temp_BoxstarterPackage', '1.0.0') + listed('vscode', '1.9.1');
    const outdated = (answer: Answer) => scriptedRun((call) => (call.args[0] === 'list' ? { stdout: installed } : answer));
    const ids = [{ name: 'Git' }, { name: 'temp_BoxstarterPackage' }, { name: 'vscode' }, { name: 'not-here' }, { name: '-force' }];
    // With enhanced exit codes, `outdated` exits 2 when it found some.
    const found = outdated({ exitCode: 2, stdout: block('choco-outdated.txt', '$ choco outdated -r') });
    expect(await new ChocoInstaller(testDeps(found.run)).inventory(ids)).toEqual([
      { id: { name: 'Git' }, installedVersion: '2.12.0', upgradable: true, availableVersion: '2.12.2.2' },
      { id: { name: 'temp_BoxstarterPackage' }, installedVersion: '1.0.0', upgradable: false, availableVersion: null },
      { id: { name: 'vscode' }, installedVersion: '1.9.1', upgradable: false, availableVersion: null },
    ]);
    expect(found.commandLines()).toEqual(['choco list --limit-output', 'choco outdated --limit-output --ignore-unfound --ignore-pinned']);
    // The sources did not answer: what is installed still is.
    const offline = outdated({ exitCode: 1 });
    expect((await new ChocoInstaller(testDeps(offline.run)).inventory(ids)).map((entry) => entry.upgradable)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('searches the sources in --limit-output form; nothing found (exit 2, no output) is no error', async () => {
    const fake = scriptedRun(() => ({ stdout: block('choco-search.txt', '$ choco search kitty --limit-output') }));
    const found = await new ChocoInstaller(testDeps(fake.run)).search('kitty', signal);
    expect(found.results.map((result) => result.id)).toEqual([
      'kitty',
      'kitty.portable',
      'superputty',
      'superputty.install',
      'superputty.portable',
    ]);
    expect(fake.commandLines()).toEqual(['choco search --limit-output --page=0 --page-size=50 -- kitty']);
    const none = scriptedRun(() => ({ exitCode: 2 }));
    expect(await new ChocoInstaller(testDeps(none.run)).search('no such thing', signal)).toEqual({ results: [], truncated: false });
    const refused = scriptedRun(() => ({}));
    expect(await new ChocoInstaller(testDeps(refused.run)).search('/y', signal)).toMatchObject({
      error: 'Not a valid search: nothing was run',
    });
    expect(refused.calls).toHaveLength(0);
  });

  it('is available where `choco --version` says 2 or later', async () => {
    const two = scriptedRun(() => ({ stdout: block('choco-version.txt', '$ choco -v') }));
    expect(await new ChocoInstaller(testDeps(two.run)).isAvailable()).toBe(true);
    expect(two.commandLines()).toEqual(['choco --version']);
    const missing = scriptedRun(() => ({ exitCode: null, spawnError: 'ENOENT' }));
    expect(await new ChocoInstaller(testDeps(missing.run)).isAvailable()).toBe(false);
  });

  // An id that tries to be an option (choco also reads `/x` as one), a path, a pattern, a second
  // package, or a name choco gives a meaning (`all`, a packages.config file): nothing runs, and
  // only that app fails.
  it.each(['-force', '--source=x', '/y', '..\\x', 'C:\\x', 'a/b', 'pkg*', 'a b', 'a;b', 'all', 'packages.config', 'x.nupkg'])(
    'runs nothing for the id %j and fails that app only',
    async (name) => {
      const m = machine('rufus', [null, '4.2.0'], { stdout: INSTALLED });
      const refused = { status: 'failed', message: 'Not a valid package id: nothing was run' };
      const id = { name };
      expect(await m.installer.install(id, signal)).toMatchObject(refused);
      expect(await m.installer.installAt(id, '1.0', signal)).toMatchObject(refused);
      expect(await m.installer.upgrade(id, signal)).toMatchObject(refused);
      expect(await m.installer.uninstall(id, signal)).toMatchObject(refused);
      expect(await m.installer.hold(id, '1.0', signal)).toMatchObject({ ok: false });
      expect(await m.installer.releaseHold(id, signal)).toMatchObject({ ok: false });
      expect(await m.installer.installedVersion(id)).toBeNull();
      expect(await m.installer.inventory([id])).toEqual([]);
      expect(m.calls).toHaveLength(0);
      // The next app of the job installs as usual.
      expect(await m.installer.install({ name: 'rufus' }, signal)).toMatchObject({ status: 'succeeded' });
    },
  );

  it('runs nothing for a pinned version that could be an option', async () => {
    const m = machine('git', [null]);
    expect(await m.installer.installAt({ name: 'git' }, '--force', signal)).toMatchObject({
      status: 'failed',
      message: 'Not a valid version to pin: nothing was run',
    });
    expect(m.calls).toHaveLength(0);
  });
});
