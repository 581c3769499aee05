import { describe, expect, it } from 'vitest';

import { scriptedRun, testDeps, type Answer } from '../../../tests/fixtures/pm-output/fake-run';
import { block, readFixture } from '../../../tests/fixtures/pm-output/read-fixture';
import { interpretSnapInstall, interpretSnapRefresh, parseSnapTable, snapInstallArgs, SnapInstaller, snapRefreshArgs } from './snap';

const signal = new AbortController().signal;
const microk8s = () => block('snap-install.txt', '# ---- `snap install --classic microk8s`');

describe('snap parsers', () => {
  it('reads `snap list`, also with German headers and a cut tracking column', () => {
    const list = parseSnapTable(block('snap-list.txt', '# source 1'));
    expect(list.get('lxd')).toBe('5.6-794016a');
    expect(list.get('core20')).toBe('20220826');
    expect(list.has('Name')).toBe(false);
    const german = parseSnapTable(block('snap-list.txt', '$ snap list --color=never'));
    expect(german.get('wechat')).toBe('2.0');
    expect(german.has('Name')).toBe(false);
  });

  it('reads `snap refresh --list`', () => {
    expect(parseSnapTable(block('snap-refresh-list.txt', '$ snap refresh --list')).get('standard-notes')).toBe('3.3.5');
  });

  it('finds the installed version at the end of \\r frames and ANSI escapes', () => {
    expect(microk8s()).toContain('\r');
    expect(interpretSnapInstall(0, microk8s(), 'microk8s')).toEqual({ kind: 'installed', version: 'v1.27.2' });
    expect(interpretSnapInstall(0, block('snap-install.txt', '# ---- `snap install hello-world`'), 'hello-world')).toEqual({
      kind: 'installed',
      version: 'v12345',
    });
  });

  it('reads not found, already installed and classic confinement', () => {
    expect(interpretSnapInstall(1, 'error: snap "nosuch" not found\n', 'nosuch')).toEqual({
      kind: 'failed',
      message: 'Not found in the Snap Store',
    });
    expect(interpretSnapInstall(0, 'snap "hello-world" is already installed, see \'snap help refresh\'\n', 'hello-world')).toEqual({
      kind: 'already-installed',
    });
    const classic =
      'error: This revision of snap "code" was published using classic confinement and thus may perform\n       arbitrary system changes outside of the security sandbox that snaps are usually confined to,\n';
    expect(interpretSnapInstall(1, classic, 'code')).toEqual({ kind: 'needs-classic' });
  });
});

describe('SnapInstaller', () => {
  function machine(answers: Answer[]) {
    let installed = false;
    const fake = scriptedRun((call) => {
      if (call.args[0] === 'list')
        return installed
          ? {
              stdout:
                'Name      Version  Rev   Tracking       Publisher   Notes\nmicrok8s  v1.27.2  5372  1.27/stable    canonical** classic\n',
            }
          : { exitCode: 1, stderr: 'error: no matching snaps installed\n' };
      const answer = answers.shift() ?? {};
      installed = (answer.exitCode ?? 0) === 0;
      return answer;
    });
    return { ...fake, installer: new SnapInstaller(testDeps(fake.run, true)) };
  }

  it('removes without keeping a snapshot of its data only when the person asked to purge', async () => {
    const m = machine([{ stdout: microk8s() }, {}, { stdout: microk8s() }, {}]);
    await m.installer.install({ name: 'microk8s' }, signal);
    expect(await m.installer.uninstall({ name: 'microk8s' }, signal)).toMatchObject({ status: 'succeeded' });
    await m.installer.install({ name: 'microk8s' }, signal);
    expect(await m.installer.uninstall({ name: 'microk8s' }, signal, { alsoRemove: [], purge: true })).toMatchObject({
      status: 'succeeded',
    });
    expect(m.commandLines().filter((line) => line.startsWith('snap remove'))).toEqual([
      'snap remove microk8s',
      'snap remove --purge microk8s',
    ]);
  });

  it('installs in the C locale and shows a log without frames or escapes', async () => {
    const m = machine([{ stdout: microk8s() }]);
    const outcome = await m.installer.install({ name: 'microk8s' }, signal);
    expect(outcome).toMatchObject({ status: 'succeeded', version: 'v1.27.2', message: 'Installed (v1.27.2)' });
    expect(outcome.log).toBe('microk8s (1.27/stable) v1.27.2 from Canonical** installed');
    expect(m.calls[1]!.options.env).toEqual({ LANGUAGE: 'C', LC_ALL: 'C' });
  });

  it('installs a classic snap with --classic after snap asks for it', async () => {
    const m = machine([
      { exitCode: 1, stderr: 'error: This revision of snap "microk8s" was published using classic confinement\n' },
      { stdout: microk8s() },
    ]);
    expect(await m.installer.install({ name: 'microk8s' }, signal)).toMatchObject({ status: 'succeeded' });
    expect(m.commandLines().filter((line) => line.startsWith('snap install'))).toEqual([
      'snap install microk8s',
      'snap install --classic microk8s',
    ]);
    expect(snapInstallArgs('x', true)).toEqual(['install', '--classic', 'x']);
  });

  it('skips a snap that is installed', async () => {
    const m = machine([{ stdout: microk8s() }]);
    await m.installer.install({ name: 'microk8s' }, signal);
    expect(await m.installer.install({ name: 'microk8s' }, signal)).toMatchObject({
      status: 'skipped',
      version: 'v1.27.2',
      message: 'Already installed (v1.27.2)',
    });
  });

  it('reports an unknown snap as not found', async () => {
    const m = machine([{ exitCode: 1, stderr: 'error: snap "nosuch" not found\n' }]);
    expect(await m.installer.install({ name: 'nosuch' }, signal)).toMatchObject({
      status: 'failed',
      exitCode: 1,
      message: 'Not found in the Snap Store',
    });
  });
});

describe('snap refresh', () => {
  // nodesource/distributions#832: `snap refresh` that refreshed node, then with nothing to do. The lines sit under "# snap refresh".
  const sample = (ending: string) =>
    `${readFixture('snap-refresh-list.txt')
      .split('\n')
      .find((line) => line.endsWith(ending))!}\n`;
  const refreshed = () => sample(' refreshed'); // "node (12/stable) 12.0.0 from NodeSource, Inc. (nodesource✓) refreshed"
  const upToDate = () => sample('All snaps up to date.');

  it('refreshes one snap', () => {
    expect(snapRefreshArgs('node')).toEqual(['refresh', 'node']);
  });

  it('reads "refreshed" with the new version, and "All snaps up to date."', () => {
    expect(interpretSnapRefresh(0, refreshed(), 'node')).toEqual({ kind: 'done', said: 'upgraded', version: '12.0.0' });
    expect(interpretSnapRefresh(0, upToDate(), 'node')).toEqual({ kind: 'done', said: 'up-to-date', version: null });
    // No capture of `snap refresh NAME` with nothing newer is in the fixtures; snapd's wording is matched, not shown here.
    expect(interpretSnapRefresh(0, '', 'node')).toEqual({ kind: 'done', said: null, version: null });
    expect(interpretSnapRefresh(1, '', 'node')).toEqual({ kind: 'failed', message: 'snap failed with exit code 1' });
  });

  function refreshing(answer: Answer, versions: (string | null)[]) {
    const fake = scriptedRun((call) => {
      if (call.args[0] !== 'list') return answer;
      const version = versions.shift() ?? null;
      return version === null
        ? { exitCode: 1 }
        : { stdout: `Name  Version  Rev  Tracking  Publisher  Notes\nnode  ${version}  1  12/stable  nodesource  classic\n` };
    });
    return { ...fake, installer: new SnapInstaller(testDeps(fake.run, true)) };
  }

  it('refreshes an installed snap in the C locale and names the versions before and after', async () => {
    const m = refreshing({ stdout: refreshed() }, ['11.15.0', '12.0.0']);
    expect(await m.installer.upgrade({ name: 'node' }, signal)).toMatchObject({
      status: 'succeeded',
      version: '12.0.0',
      message: 'Updated from 11.15.0 to 12.0.0',
    });
    expect(m.commandLines()[1]).toBe('snap refresh node');
    expect(m.calls[1]!.options.env).toEqual({ LANGUAGE: 'C', LC_ALL: 'C' });
  });

  it('reports an unchanged version as up to date, and never installs a missing snap', async () => {
    const m = refreshing({}, ['12.0.0', '12.0.0']);
    expect(await m.installer.upgrade({ name: 'node' }, signal)).toMatchObject({
      status: 'skipped',
      message: 'Already up to date (12.0.0)',
    });
    const missing = refreshing({}, [null]);
    expect(await missing.installer.upgrade({ name: 'node' }, signal)).toMatchObject({ status: 'skipped', message: 'Not installed' });
    expect(missing.calls).toHaveLength(1);
  });
});
