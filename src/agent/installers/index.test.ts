import { describe, expect, it } from 'vitest';

import { appPackagesSchema } from '@shared/agent/packages';

import { scriptedRun, testDeps } from '../../../tests/fixtures/pm-output/fake-run';
import { chooseManager, detectInstallers, notAvailableMessage } from './index';

const app = (packages: Record<string, string | null>) => appPackagesSchema.parse(packages);

describe('chooseManager', () => {
  const everything = app({
    winget_id: 'Mozilla.Firefox',
    homebrew_cask: 'firefox',
    homebrew_formula: 'firefox-cli',
    apt_package: 'firefox-esr',
    flatpak_id: 'org.mozilla.firefox',
    snap_name: 'firefox',
  });

  it('prefers apt, then Flatpak, then Snap on Linux, among the managers the machine has', () => {
    expect(chooseManager(everything, ['apt', 'flatpak', 'snap'], 'linux')).toEqual({ manager: 'apt', id: { name: 'firefox-esr' } });
    expect(chooseManager(everything, ['flatpak', 'snap'], 'linux')).toEqual({ manager: 'flatpak', id: { name: 'org.mozilla.firefox' } });
    expect(chooseManager(app({ snap_name: 'firefox', flatpak_id: null }), ['apt', 'flatpak', 'snap'], 'linux')).toEqual({
      manager: 'snap',
      id: { name: 'firefox' },
    });
  });

  it('takes a cask, else a formula, on macOS and winget on Windows', () => {
    expect(chooseManager(everything, ['brew'], 'darwin')).toEqual({ manager: 'brew', id: { name: 'firefox', cask: true } });
    expect(chooseManager(app({ homebrew_formula: 'wget' }), ['brew'], 'darwin')).toEqual({ manager: 'brew', id: { name: 'wget' } });
    expect(chooseManager(everything, ['winget'], 'win32')).toEqual({ manager: 'winget', id: { name: 'Mozilla.Firefox' } });
  });

  it('answers null when nothing fits, for the caller to say "not available on <platform>"', () => {
    expect(chooseManager(app({ winget_id: 'Mozilla.Firefox' }), ['apt', 'flatpak'], 'linux')).toBeNull();
    expect(chooseManager(app({ apt_package: 'hello' }), [], 'linux')).toBeNull();
    expect(chooseManager(everything, ['apt'], 'freebsd')).toBeNull();
    expect(notAvailableMessage('linux')).toBe('Not available on Linux');
    expect(notAvailableMessage('darwin')).toBe('Not available on macOS');
  });

  it("hands the platform's preferred package to the simulated installer when it is named", () => {
    expect(chooseManager(everything, ['simulated'], 'linux')).toEqual({ manager: 'simulated', id: { name: 'firefox-esr' } });
    expect(chooseManager(app({ winget_id: 'Mozilla.Firefox' }), ['simulated'], 'linux')).toBeNull();
  });

  it('refuses package ids that could pass as options before they reach a manager', () => {
    expect(appPackagesSchema.safeParse({ apt_package: '--allow-downgrades' }).success).toBe(false);
    expect(appPackagesSchema.safeParse({ snap_name: 'x y' }).success).toBe(false);
  });
});

describe('detectInstallers', () => {
  it('keeps the managers whose version command answers, in order of preference', async () => {
    const fake = scriptedRun((call) =>
      call.command === 'apt-get' || call.command === 'snap' ? {} : { exitCode: null, spawnError: 'ENOENT' },
    );
    const found = await detectInstallers('linux', testDeps(fake.run));
    expect(found.map((installer) => installer.name)).toEqual(['apt', 'snap']);
    expect(fake.commandLines()).toEqual(['apt-get --version', 'flatpak --version', 'snap version']);
  });

  it('never detects the simulated installer', async () => {
    const fake = scriptedRun(() => ({}));
    expect((await detectInstallers('linux', testDeps(fake.run))).map((installer) => installer.name)).not.toContain('simulated');
    expect(await detectInstallers('aix', testDeps(fake.run))).toEqual([]);
  });
});
