import { describe, expect, it } from 'vitest';

import { scriptedRun, testDeps, type Answer } from '../../../tests/fixtures/pm-output/fake-run';
import { block } from '../../../tests/fixtures/pm-output/read-fixture';
import {
  brewCommand,
  brewInstallArgs,
  BrewInstaller,
  brewUninstallArgs,
  brewUpgradeArgs,
  interpretBrewInstall,
  interpretBrewUpgrade,
  parseBrewListVersions,
  parseBrewOutdated,
} from './brew';

const signal = new AbortController().signal;

describe('brew arguments', () => {
  it('names the kind, so a formula and a cask of the same name are never confused', () => {
    expect(brewInstallArgs({ name: 'firefox', cask: true })).toEqual(['install', '--cask', 'firefox']);
    expect(brewInstallArgs({ name: 'wget' })).toEqual(['install', '--formula', 'wget']);
  });

  it("zaps a cask's settings only when asked, and never a formula's (it has no zap)", () => {
    expect(brewUninstallArgs({ name: 'firefox', cask: true }, true)).toEqual(['uninstall', '--cask', '--zap', 'firefox']);
    expect(brewUninstallArgs({ name: 'firefox', cask: true })).toEqual(['uninstall', '--cask', 'firefox']);
    expect(brewUninstallArgs({ name: 'wget' }, true)).toEqual(['uninstall', '--formula', 'wget']);
    const installer = new BrewInstaller(testDeps(scriptedRun(() => ({})).run, true));
    expect(installer.canPurge({ name: 'firefox', cask: true })).toBe(true);
    expect(installer.canPurge({ name: 'wget' })).toBe(false);
  });

  it('runs brew as the owner of Homebrew through sudo when the agent is root, carrying the environment', () => {
    expect(brewCommand('/opt/homebrew/bin/brew', ['install', '--formula', 'wget'], { NONINTERACTIVE: '1' }, null)).toEqual({
      command: '/opt/homebrew/bin/brew',
      args: ['install', '--formula', 'wget'],
    });
    expect(brewCommand('/opt/homebrew/bin/brew', ['install', '--formula', 'wget'], { NONINTERACTIVE: '1' }, 501)).toEqual({
      command: 'sudo',
      args: ['-n', '-H', '-u', '#501', '--', 'env', 'NONINTERACTIVE=1', '/opt/homebrew/bin/brew', 'install', '--formula', 'wget'],
    });
  });
});

describe('brew parsers', () => {
  it('reads `brew list --versions`, newest of several versions, ignoring the removed-package mark', () => {
    const formulae = parseBrewListVersions(block('brew-list-versions.txt', '$ brew list --versions --formula'));
    expect(formulae.get('ack')).toBe('2.14');
    expect(formulae.get('graphviz')).toBe('2.40.20161221.0239');
    expect(formulae.get('audacity')).toBe('2.1.2');
    expect(formulae.get('quicklook-json')).toBe('latest');
    const casks = parseBrewListVersions(block('brew-list-versions.txt', '$ brew list --versions --cask'));
    expect(casks.get('tunnelblick')).toBe('3.6.9_build_4685');
    expect(casks.get('gimp')).toBe('2.8.18-x86_64');
  });

  it("reads `brew outdated --json=v2` in both shapes of a cask's installed_versions", () => {
    const formulae = parseBrewOutdated(block('brew-outdated-json-v2.txt', '$ brew outdated --json=v2 --formula'));
    expect(formulae.formulae.get('pygobject3')).toEqual({ installed: '3.36.1', current: '3.38.0' });
    const oldCasks = parseBrewOutdated(block('brew-outdated-json-v2.txt', '$ brew outdated --json=v2 --greedy --cask'));
    expect(oldCasks.casks.get('amethyst')).toEqual({ installed: '0.14.3', current: '0.15.3' });
    expect(oldCasks.casks.get('lg-onscreen-control')).toEqual({ installed: '5.47,yi5XuIZw6hg', current: '5.48,uYXSwyUCNFBbSch9PFw' });
    const newCasks = parseBrewOutdated(
      JSON.stringify({
        formulae: [],
        casks: [{ name: 'amethyst', installed_versions: ['0.14.3'], current_version: '0.15.3', pinned: false, pinned_version: null }],
      }),
    );
    expect(newCasks.casks.get('amethyst')).toEqual({ installed: '0.14.3', current: '0.15.3' });
    expect(parseBrewOutdated('Error: not json').casks.size).toBe(0);
  });

  it('reads installed, up to date and not found from install output', () => {
    expect(interpretBrewInstall(0, block('brew-install.txt', '$ brew install jpeginfo'), 'jpeginfo')).toEqual({ kind: 'installed' });
    expect(interpretBrewInstall(0, block('brew-install-cask.txt', '$ brew install pngyu'), 'pngyu')).toEqual({ kind: 'installed' });
    const upToDate = block('brew-install.txt', '# source: https://github.com/asdf-community');
    expect(interpretBrewInstall(0, upToDate, 'gmp')).toEqual({ kind: 'already-installed', version: '6.2.1' });
    expect(interpretBrewInstall(0, upToDate, 'libsodium')).toEqual({ kind: 'already-installed', version: '1.0.18_1' });
    expect(interpretBrewInstall(0, upToDate, 'imagemagick')).toEqual({ kind: 'installed' });
    expect(interpretBrewInstall(0, block('brew-install.txt', '# newer single-line wording'), 'hwloc')).toEqual({
      kind: 'already-installed',
      version: '2.12.1',
    });
    expect(interpretBrewInstall(1, block('brew-install.txt', '# source: https://github.com/ClementTsang'), 'bottom')).toEqual({
      kind: 'failed',
      message: 'Not found in Homebrew',
    });
    expect(interpretBrewInstall(1, 'Error: Running Homebrew as root is extremely dangerous and no longer supported.\n', 'wget')).toEqual({
      kind: 'failed',
      message: 'Homebrew refuses to run as root',
    });
  });
});

describe('BrewInstaller', () => {
  function machine(installAnswer: Answer, isRoot = false, ownerUid: number | null = 501) {
    let installed = false;
    const fake = scriptedRun((call) => {
      const args = call.command === 'sudo' ? call.args.slice(call.args.indexOf('/opt/homebrew/bin/brew') + 1) : call.args;
      if (args[0] === 'list')
        return installed ? { stdout: 'pngyu 1.0.1\n' } : { exitCode: 1, stdout: '', stderr: "Error: Cask 'pngyu' is not installed.\n" };
      installed = true;
      return installAnswer;
    });
    return { ...fake, installer: new BrewInstaller(testDeps(fake.run, isRoot), { brew: '/opt/homebrew/bin/brew', ownerUid }) };
  }

  it('installs a cask and reports its version', async () => {
    const m = machine({ stdout: block('brew-install-cask.txt', '$ brew install pngyu') });
    const outcome = await m.installer.install({ name: 'pngyu', cask: true }, signal);
    expect(outcome).toMatchObject({ status: 'succeeded', version: '1.0.1', message: 'Installed (1.0.1)' });
    expect(outcome.log).toContain('pngyu was successfully installed!');
    expect(outcome.log).not.toContain('####');
    expect(m.commandLines()).toEqual([
      '/opt/homebrew/bin/brew list --versions --cask pngyu',
      '/opt/homebrew/bin/brew install --cask pngyu',
      '/opt/homebrew/bin/brew list --versions --cask pngyu',
    ]);
  });

  it('as root, runs every brew call as the owner of Homebrew', async () => {
    const m = machine({ stdout: '' }, true);
    await m.installer.install({ name: 'pngyu', cask: true }, signal);
    expect(m.calls.every((call) => call.command === 'sudo' && call.args.includes('#501'))).toBe(true);
  });

  it('as root with Homebrew owned by root, fails with a reason instead of running brew', async () => {
    const m = machine({}, true, null);
    expect(await m.installer.install({ name: 'pngyu', cask: true }, signal)).toMatchObject({
      status: 'failed',
      message: 'Homebrew refuses to run as root and no other user owns it',
    });
    expect(await m.installer.isAvailable()).toBe(false);
    expect(m.calls).toEqual([]);
  });

  it('reports a formula Homebrew does not know as not found', async () => {
    const m = machine({ exitCode: 1, stdout: block('brew-install.txt', '# source: https://github.com/ClementTsang') });
    expect(await m.installer.install({ name: 'bottom' }, signal)).toMatchObject({
      status: 'failed',
      exitCode: 1,
      message: 'Not found in Homebrew',
    });
  });

  it('will not offer to remove a formula that other installed formulae use, and removes nothing', async () => {
    const fake = scriptedRun((call) => {
      if (call.args[0] === 'list') return { stdout: 'openssl@3 3.4.0\n' };
      if (call.args[0] === 'uses') return { stdout: 'curl\nwget\n' };
      return {};
    });
    const installer = new BrewInstaller(testDeps(fake.run), { brew: '/opt/homebrew/bin/brew' });
    const refusal = 'Homebrew keeps openssl@3 while curl and wget use it: uninstall those first';
    expect(await installer.removalPlan({ name: 'openssl@3' })).toEqual({
      installedVersion: '3.4.0',
      removes: [{ name: 'openssl@3', version: '3.4.0' }],
      refused: refusal,
    });
    expect(await installer.uninstall({ name: 'openssl@3' }, signal)).toMatchObject({ status: 'failed', message: refusal });
    expect(fake.commandLines()).toContain('/opt/homebrew/bin/brew uses --installed --formula openssl@3');
    expect(fake.commandLines().some((line) => line.includes(' uninstall '))).toBe(false);
  });

  it('lists installed and outdated casks and formulae', async () => {
    const fake = scriptedRun((call) => {
      if (call.args.includes('outdated'))
        return { stdout: block('brew-outdated-json-v2.txt', '$ brew outdated --json=v2 --greedy --cask') };
      if (call.args.includes('--cask'))
        return { stdout: `${block('brew-list-versions.txt', '$ brew list --versions --cask')}amethyst 0.14.3\n` };
      return { stdout: block('brew-list-versions.txt', '$ brew list --versions --formula') };
    });
    const installer = new BrewInstaller(testDeps(fake.run), { brew: 'brew' });
    const entries = await installer.inventory([
      { name: 'firefox', cask: true },
      { name: 'ack' },
      { name: 'firefox' },
      { name: 'amethyst', cask: true },
    ]);
    expect(entries).toEqual([
      { id: { name: 'firefox', cask: true }, installedVersion: '49.0.1', upgradable: false, availableVersion: null },
      { id: { name: 'ack' }, installedVersion: '2.14', upgradable: false, availableVersion: null },
      { id: { name: 'amethyst', cask: true }, installedVersion: '0.14.3', upgradable: true, availableVersion: '0.15.3' },
    ]);
  });
});

describe('brew upgrade', () => {
  it('names the kind, as install does', () => {
    expect(brewUpgradeArgs({ name: 'firefox', cask: true })).toEqual(['upgrade', '--cask', 'firefox']);
    expect(brewUpgradeArgs({ name: 'wget' })).toEqual(['upgrade', '--formula', 'wget']);
  });

  it('reads an upgrade, up to date and not found', () => {
    // `brew upgrade --cask` (all casks) upgrading aerial: "==> Upgrading aerial", "aerial was successfully upgraded!".
    expect(interpretBrewUpgrade(0, block('brew-install-cask.txt', '$ brew upgrade --cask'), 'aerial')).toEqual({
      kind: 'done',
      said: 'upgraded',
    });
    // `brew install gmp libsodium imagemagick`: two up to date, imagemagick upgraded. No capture of `brew upgrade X` on
    // an up-to-date X is in the fixtures; its warning names X and "already installed" as these do.
    const mixed = block('brew-install.txt', '# source: https://github.com/asdf-community');
    expect(interpretBrewUpgrade(0, mixed, 'gmp')).toEqual({ kind: 'done', said: 'up-to-date' });
    expect(interpretBrewUpgrade(0, mixed, 'imagemagick')).toEqual({ kind: 'done', said: 'upgraded' });
    expect(interpretBrewUpgrade(0, block('brew-install.txt', '# newer single-line wording'), 'hwloc')).toEqual({
      kind: 'done',
      said: 'up-to-date',
    });
    expect(interpretBrewUpgrade(0, '', 'wget')).toEqual({ kind: 'done', said: null });
    expect(interpretBrewUpgrade(1, block('brew-install.txt', '# source: https://github.com/ClementTsang'), 'bottom')).toEqual({
      kind: 'failed',
      message: 'Not found in Homebrew',
    });
  });
});

describe('BrewInstaller upgrade', () => {
  /** `brew list --versions` shows each version in turn (null: not installed); the upgrade answers `answer`. */
  function upgrading(answer: Answer, versions: (string | null)[], isRoot = false) {
    const fake = scriptedRun((call) => {
      const args = call.command === 'sudo' ? call.args.slice(call.args.indexOf('/opt/homebrew/bin/brew') + 1) : call.args;
      if (args[0] !== 'list') return answer;
      const version = versions.shift() ?? null;
      return version === null ? { exitCode: 1 } : { stdout: `aerial ${version}\n` };
    });
    return { ...fake, installer: new BrewInstaller(testDeps(fake.run, isRoot), { brew: '/opt/homebrew/bin/brew', ownerUid: 501 }) };
  }

  it('upgrades a cask as the owner of Homebrew when root, naming the versions before and after', async () => {
    const m = upgrading({ stdout: block('brew-install-cask.txt', '$ brew upgrade --cask') }, ['2.0.7', '2.0.8'], true);
    const outcome = await m.installer.upgrade({ name: 'aerial', cask: true }, signal);
    expect(outcome).toMatchObject({ status: 'succeeded', version: '2.0.8', exitCode: 0, message: 'Updated from 2.0.7 to 2.0.8' });
    expect(m.calls.every((call) => call.command === 'sudo' && call.args.includes('#501'))).toBe(true);
    expect(m.calls[1]!.args.slice(-3)).toEqual(['upgrade', '--cask', 'aerial']);
  });

  it('reports an unchanged version as up to date, and never installs a missing one', async () => {
    const same = upgrading({ stdout: '' }, ['2.0.8', '2.0.8']);
    expect(await same.installer.upgrade({ name: 'aerial', cask: true }, signal)).toMatchObject({
      status: 'skipped',
      version: '2.0.8',
      message: 'Already up to date (2.0.8)',
    });
    const missing = upgrading({}, [null]);
    expect(await missing.installer.upgrade({ name: 'aerial', cask: true }, signal)).toMatchObject({
      status: 'skipped',
      message: 'Not installed',
    });
    expect(missing.calls).toHaveLength(1);
  });
});
