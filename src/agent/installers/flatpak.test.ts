import { describe, expect, it } from 'vitest';

import { scriptedRun, testDeps, type Answer } from '../../../tests/fixtures/pm-output/fake-run';
import { capturedOutput } from '../../../tests/fixtures/pm-output/read-fixture';
import {
  flatpakInstallArgs,
  FlatpakInstaller,
  flatpakRemoteAddArgs,
  flatpakUpdateArgs,
  interpretFlatpakInstall,
  interpretFlatpakUpdate,
  parseFlatpakColumns,
} from './flatpak';

const signal = new AbortController().signal;
const captured = (name: string): Answer => {
  const { stdout, output, exitCode } = capturedOutput(name);
  return { stdout, output, exitCode };
};

describe('flatpak arguments', () => {
  it('installs from flathub without prompts, system-wide as root and per user otherwise', () => {
    expect(flatpakInstallArgs('org.mozilla.firefox', '--system')).toEqual([
      'install',
      '--system',
      '-y',
      '--noninteractive',
      'flathub',
      'org.mozilla.firefox',
    ]);
    expect(flatpakInstallArgs('org.mozilla.firefox', '--user')[1]).toBe('--user');
    expect(flatpakRemoteAddArgs('--user')).toEqual([
      'remote-add',
      '--user',
      '--if-not-exists',
      'flathub',
      'https://dl.flathub.org/repo/flathub.flatpakrepo',
    ]);
  });
});

describe('flatpak parsers', () => {
  it('reads --columns output, where a version may be empty', () => {
    const columns = ['name', 'application', 'version', 'branch', 'origin', 'installation'];
    expect(parseFlatpakColumns(capturedOutput('flatpak-list-app-columns.txt').stdout, columns)).toEqual([
      { name: 'Hello', application: 'org.loadout.Hello', version: '', branch: 'stable', origin: 'loadout-test', installation: 'system' },
    ]);
    const updates = parseFlatpakColumns(capturedOutput('flatpak-remote-ls-updates.txt').stdout, [
      'name',
      'application',
      'version',
      'branch',
      'origin',
    ]);
    expect(updates.map((row) => row.application)).toEqual(['org.loadout.Hello']);
    expect(parseFlatpakColumns(capturedOutput('flatpak-remote-ls-updates-none.txt').stdout, ['application'])).toEqual([]);
  });

  it('reads installed, already installed, not found and a missing remote', () => {
    const read = (name: string) => {
      const { output, exitCode } = capturedOutput(name);
      return interpretFlatpakInstall(exitCode, output);
    };
    expect(read('flatpak-install-success.txt')).toEqual({ kind: 'installed' });
    expect(read('flatpak-install-y-without-noninteractive.txt')).toEqual({ kind: 'installed' });
    expect(read('flatpak-install-already-installed.txt')).toEqual({ kind: 'already-installed' });
    expect(read('flatpak-install-not-found.txt')).toEqual({ kind: 'failed', message: 'Not found on Flathub' });
    expect(read('flatpak-install-remote-missing.txt')).toEqual({
      kind: 'failed',
      message: 'The Flathub remote is not set up on this machine',
    });
  });
});

describe('FlatpakInstaller', () => {
  function machine(installAnswer: Answer, isRoot = true) {
    let installed = false;
    const fake = scriptedRun((call) => {
      if (call.args[0] === 'list') return { stdout: installed ? 'org.loadout.Hello\t1.2\n' : '' };
      if (call.args[0] === 'remote-ls') return { stdout: 'org.loadout.Hello\t1.3\n' };
      installed = installAnswer.exitCode === 0;
      return installAnswer;
    });
    return { ...fake, installer: new FlatpakInstaller(testDeps(fake.run, isRoot)) };
  }

  it('installs system-wide as root and reports the version', async () => {
    const m = machine(captured('flatpak-install-success.txt'));
    expect(await m.installer.install({ name: 'org.loadout.Hello' }, signal)).toMatchObject({
      status: 'succeeded',
      version: '1.2',
      message: 'Installed (1.2)',
    });
    expect(m.commandLines()[1]).toBe('flatpak install --system -y --noninteractive flathub org.loadout.Hello');
  });

  it('installs for the user when not root', async () => {
    const m = machine(captured('flatpak-install-success.txt'), false);
    await m.installer.install({ name: 'org.loadout.Hello' }, signal);
    expect(m.commandLines()[1]).toBe('flatpak install --user -y --noninteractive flathub org.loadout.Hello');
  });

  it('reports "Skipping: … is already installed" as skipped', async () => {
    const m = machine(captured('flatpak-install-already-installed.txt'));
    expect(await m.installer.install({ name: 'org.loadout.Hello' }, signal)).toMatchObject({
      status: 'skipped',
      message: 'Already installed (1.2)',
    });
  });

  it('reports an unknown app and a missing remote as failures a person understands', async () => {
    const notFound = await machine(captured('flatpak-install-not-found.txt')).installer.install(
      { name: 'org.loadout.DoesNotExist' },
      signal,
    );
    expect(notFound).toMatchObject({ status: 'failed', exitCode: 1, message: 'Not found on Flathub' });
    expect(notFound.log).toBe('error: Nothing matches org.loadout.DoesNotExist in remote loadout-test');
    const noRemote = await machine(captured('flatpak-install-remote-missing.txt')).installer.install(
      { name: 'org.mozilla.firefox' },
      signal,
    );
    expect(noRemote).toMatchObject({ status: 'failed', message: 'The Flathub remote is not set up on this machine' });
  });

  it('uninstalls what is installed', async () => {
    const fake = scriptedRun((call) => (call.args[0] === 'list' ? { stdout: 'org.loadout.Hello\t\n' } : captured('flatpak-uninstall.txt')));
    const outcome = await new FlatpakInstaller(testDeps(fake.run, true)).uninstall({ name: 'org.loadout.Hello' }, signal);
    expect(outcome).toMatchObject({ status: 'succeeded', version: null, message: 'Removed' });
    expect(fake.commandLines().filter((line) => line.includes(' uninstall '))).toEqual([
      'flatpak uninstall --system -y --noninteractive org.loadout.Hello',
    ]);
  });

  it("deletes the app's data only when the person asked to purge, and never for an id that reads as an option", async () => {
    const fake = scriptedRun((call) => (call.args[0] === 'list' ? { stdout: 'org.loadout.Hello\t\n' } : captured('flatpak-uninstall.txt')));
    const installer = new FlatpakInstaller(testDeps(fake.run, true));
    expect(await installer.uninstall({ name: 'org.loadout.Hello' }, signal, { alsoRemove: [], purge: true })).toMatchObject({
      status: 'succeeded',
    });
    expect(await installer.uninstall({ name: '--delete-data' }, signal, { alsoRemove: [], purge: true })).toMatchObject({
      status: 'failed',
      message: 'Not a valid package id: nothing was run',
    });
    expect(fake.commandLines().filter((line) => line.includes(' uninstall '))).toEqual([
      'flatpak uninstall --system -y --noninteractive --delete-data org.loadout.Hello',
    ]);
  });

  it('lists installed apps with their updates', async () => {
    const m = machine({ exitCode: 0 });
    await m.installer.install({ name: 'org.loadout.Hello' }, signal);
    expect(await m.installer.inventory([{ name: 'org.loadout.Hello' }, { name: 'org.other.App' }])).toEqual([
      { id: { name: 'org.loadout.Hello' }, installedVersion: '1.2', upgradable: true, availableVersion: '1.3' },
    ]);
  });
});

describe('flatpak update', () => {
  it('updates one app without prompts, in the installation install uses', () => {
    expect(flatpakUpdateArgs('org.loadout.Hello', '--system')).toEqual([
      'update',
      '--system',
      '-y',
      '--noninteractive',
      'org.loadout.Hello',
    ]);
    expect(flatpakUpdateArgs('org.loadout.Hello', '--user')[1]).toBe('--user');
  });

  it('reads "Nothing to do." and "Updating app/…" from real runs', () => {
    const read = (name: string) => {
      const { output, exitCode } = capturedOutput(name);
      return interpretFlatpakUpdate(exitCode, output, 'org.loadout.Hello');
    };
    expect(read('flatpak-update-nothing.txt')).toEqual({ kind: 'done', said: 'up-to-date' });
    expect(read('flatpak-update-noninteractive.txt')).toEqual({ kind: 'done', said: 'upgraded' });
    const { output } = capturedOutput('flatpak-install-not-found.txt');
    expect(interpretFlatpakUpdate(1, output, 'org.loadout.DoesNotExist')).toEqual({ kind: 'failed', message: 'Not found on Flathub' });
  });

  function updating(answer: Answer, versions: (string | null)[], isRoot = true) {
    const fake = scriptedRun((call) => {
      if (call.args[0] !== 'list') return answer;
      const version = versions.shift() ?? null;
      return { stdout: version === null ? '' : `org.loadout.Hello\t${version}\n` };
    });
    return { ...fake, installer: new FlatpakInstaller(testDeps(fake.run, isRoot)) };
  }

  it('updates an installed app and names the versions before and after', async () => {
    const m = updating(captured('flatpak-update-noninteractive.txt'), ['1.2', '1.3']);
    expect(await m.installer.upgrade({ name: 'org.loadout.Hello' }, signal)).toMatchObject({
      status: 'succeeded',
      version: '1.3',
      message: 'Updated from 1.2 to 1.3',
    });
    expect(m.commandLines()[1]).toBe('flatpak update --system -y --noninteractive org.loadout.Hello');
  });

  it('says updated when the app declares no version (flatpak-list-app-columns.txt shows one)', async () => {
    const m = updating(captured('flatpak-update-noninteractive.txt'), ['', ''], false);
    expect(await m.installer.upgrade({ name: 'org.loadout.Hello' }, signal)).toMatchObject({
      status: 'succeeded',
      version: null,
      message: 'Updated',
    });
    expect(m.commandLines()[1]).toBe('flatpak update --user -y --noninteractive org.loadout.Hello');
  });

  it('reports "Nothing to do." as up to date, and never installs a missing app', async () => {
    const m = updating(captured('flatpak-update-nothing.txt'), ['', '']);
    expect(await m.installer.upgrade({ name: 'org.loadout.Hello' }, signal)).toMatchObject({
      status: 'skipped',
      version: null,
      message: 'Already up to date',
    });
    const missing = updating({}, [null]);
    expect(await missing.installer.upgrade({ name: 'org.loadout.Hello' }, signal)).toMatchObject({
      status: 'skipped',
      message: 'Not installed',
    });
    expect(missing.calls).toHaveLength(1);
  });
});
