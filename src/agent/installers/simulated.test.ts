import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { nextSimulatedVersion, SimulatedInstaller } from './simulated';

const signal = new AbortController().signal;

describe('SimulatedInstaller', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs at once, then skips the same id as already installed', async () => {
    const installer = new SimulatedInstaller();
    expect(await installer.install({ name: 'hello' }, signal)).toMatchObject({
      status: 'succeeded',
      version: '1.0.0',
      exitCode: 0,
      message: 'Installed (1.0.0)',
    });
    expect(await installer.install({ name: 'hello' }, signal)).toMatchObject({
      status: 'skipped',
      version: '1.0.0',
      message: 'Already installed (1.0.0)',
    });
    expect(await installer.inventory([{ name: 'hello' }, { name: 'other' }])).toEqual([
      { id: { name: 'hello' }, installedVersion: '1.0.0', upgradable: false, availableVersion: null },
    ]);
  });

  it('fails ids that start with fail- with exit code 1', async () => {
    const outcome = await new SimulatedInstaller().install({ name: 'fail-on-purpose' }, signal);
    expect(outcome).toMatchObject({ status: 'failed', exitCode: 1, message: 'Simulated failure', version: null });
  });

  it('keeps a formula and a cask of the same name apart', async () => {
    const installer = new SimulatedInstaller();
    await installer.install({ name: 'docker', cask: true }, signal);
    expect(await installer.installedVersion({ name: 'docker' })).toBeNull();
  });

  it('remembers installs in a JSON file across restarts, and forgets what is uninstalled', async () => {
    dir = mkdtempSync(join(tmpdir(), 'simulated-'));
    await new SimulatedInstaller({ stateDir: dir }).install({ name: 'hello' }, signal);
    const restarted = new SimulatedInstaller({ stateDir: dir });
    expect(await restarted.install({ name: 'hello' }, signal)).toMatchObject({ status: 'skipped' });
    expect(await restarted.uninstall({ name: 'hello' })).toMatchObject({ status: 'succeeded', message: 'Removed (1.0.0)' });
    expect(await new SimulatedInstaller({ stateDir: dir }).installedVersion({ name: 'hello' })).toBeNull();
  });
});

describe('SimulatedInstaller upgrade', () => {
  it('moves an installed id to the next version, skips a missing one, fails fail- ids', async () => {
    const installer = new SimulatedInstaller();
    await installer.install({ name: 'hello' }, signal);
    expect(await installer.upgrade({ name: 'hello' }, signal)).toMatchObject({
      status: 'succeeded',
      version: '1.0.1',
      exitCode: 0,
      message: 'Updated from 1.0.0 to 1.0.1',
    });
    expect(await installer.installedVersion({ name: 'hello' })).toBe('1.0.1');
    expect(await installer.upgrade({ name: 'other' }, signal)).toMatchObject({
      status: 'skipped',
      version: null,
      message: 'Not installed',
    });
    expect(await installer.installedVersion({ name: 'other' })).toBeNull();
    expect(await installer.upgrade({ name: 'fail-on-purpose' }, signal)).toMatchObject({ status: 'failed', exitCode: 1 });
  });

  it('counts the last number up, or adds .1', () => {
    expect(nextSimulatedVersion('1.0.0')).toBe('1.0.1');
    expect(nextSimulatedVersion('1.0.9')).toBe('1.0.10');
    expect(nextSimulatedVersion('2')).toBe('3');
    expect(nextSimulatedVersion('1.0-beta')).toBe('1.0-beta.1');
    expect(nextSimulatedVersion('')).toBe('.1');
  });
});
