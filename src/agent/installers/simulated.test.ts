import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { SimulatedInstaller } from './simulated';

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
