import { describe, expect, it } from 'vitest';

import { scriptedRun, testDeps, type Answer } from '../../../tests/fixtures/pm-output/fake-run';
import { block, readFixture } from '../../../tests/fixtures/pm-output/read-fixture';
import {
  interpretWingetInstall,
  interpretWingetUpgrade,
  wingetInstallArgs,
  WingetInstaller,
  wingetInventory,
  wingetUpgradeArgs,
} from './winget';
import { describeWingetExitCode, normaliseWingetExitCode, WINGET_EXIT_CODES } from './winget-exit-codes';
import { findWingetRow, parseWingetTable } from './winget-table';

const signal = new AbortController().signal;
const ALREADY_INSTALLED = -1978335189; // 0x8A15002B as PowerShell shows it
const NOT_FOUND = -1978335212; // 0x8A150014
const listOf = (row: string) =>
  `Name               Id                 Version Available Source\n-----------------------------------------------------------------\n${row}\n`;

describe('winget arguments', () => {
  it('installs exactly this id from the winget source, silently and without prompts', () => {
    expect(wingetInstallArgs('Git.Git')).toEqual([
      'install',
      '--id',
      'Git.Git',
      '--exact',
      '--source',
      'winget',
      '--accept-source-agreements',
      '--accept-package-agreements',
      '--disable-interactivity',
      '--silent',
    ]);
  });
});

describe('winget tables', () => {
  it('reads `winget list` with ids cut by …, Unknown versions and no Source column', () => {
    const rows = parseWingetTable(block('winget-list.txt', '> winget list'));
    expect(findWingetRow(rows, 'Git.Git')).toMatchObject({ name: 'Git', version: '2.31.0.0.1', available: '2.33.0.2', source: 'winget' });
    expect(findWingetRow(rows, 'Microsoft.Edge')).toMatchObject({ version: '93.0.961.52', available: null, source: null });
    expect(findWingetRow(rows, 'CodeFlow_is1')).toMatchObject({ version: 'Unknown' });
    // "DolbyLaboratories.DolbyAccessOEM_rz1teb…": the full id is found by its start.
    expect(findWingetRow(rows, 'DolbyLaboratories.DolbyAccessOEM_rz1tebttyb220')).toMatchObject({ idTruncated: true, version: '3.9.26.0' });
    expect(findWingetRow(rows, 'git.git')?.name).toBe('Git');
    expect(findWingetRow(rows, 'Not.There')).toBeNull();
  });

  it('keeps ids with spaces whole (ARP entries)', () => {
    const rows = parseWingetTable(block('winget-list.txt', 'PS C:\\Windows\\System32> winget list'));
    expect(findWingetRow(rows, 'Cisco AnyConnect Secure Mobility Client')).toMatchObject({ version: '4.6.02074' });
    expect(findWingetRow(rows, 'Adobe AIR')).toMatchObject({ name: 'Adobe AIR', version: '32.0.0.125' });
    expect(rows).toHaveLength(7);
  });

  it('finds columns under localised headers with spaces and double-width characters', () => {
    const rows = parseWingetTable(block('winget-list.txt', '$ winget.exe list --exact CodecGuide.K-LiteCodecPack.Full'));
    expect(rows).toEqual([
      {
        name: 'K-Lite Codec Pack 18.8.5 Full',
        id: 'CodecGuide.K-LiteCodecPack.Full',
        idTruncated: false,
        version: '',
        available: null,
        source: null,
      },
    ]);
    const korean =
      '이름       장치 ID    버전    사용 가능 원본\n' + '-'.repeat(44) + '\n' + 'Git        Git.Git    2.31.0  2.33.0    winget\n';
    expect(parseWingetTable(korean)).toEqual([
      { name: 'Git', id: 'Git.Git', idTruncated: false, version: '2.31.0', available: '2.33.0', source: 'winget' },
    ]);
  });

  it('reads `winget upgrade` with duplicate rows, Unknown and range versions, then a footer', () => {
    const first = parseWingetTable(block('winget-upgrade.txt', 'C:\\Users\\birola>winget upgrade'));
    expect(first.filter((row) => row.id === 'Microsoft.Office')).toHaveLength(2);
    expect(findWingetRow(first, 'OpenWhisperSystems.Signal')).toMatchObject({ version: '5.27.1', available: '5.29.0' });
    expect(first.some((row) => row.name.includes('upgrades available'))).toBe(false);
    const third = parseWingetTable(block('winget-upgrade.txt', '> winget update --all'));
    expect(findWingetRow(third, 'Python.Launchez')).toMatchObject({ version: '< 3.12.0', available: '3.12.0' });
    expect(findWingetRow(third, 'Microsoft.VCRedist.2015+.X86')).toMatchObject({
      name: 'Microsoft Visual C++ (x86)...',
      available: '14.38.33135.0',
    });
    expect(third).toHaveLength(4);
  });

  it('reads a table through spinner and \\r progress noise', () => {
    const noisy = `\r   -\r   \\\r${listOf('Git                Git.Git            2.31.0  2.33.0    winget')}`;
    expect(findWingetRow(parseWingetTable(noisy), 'Git.Git')).toMatchObject({ version: '2.31.0', available: '2.33.0' });
  });

  it('tells what is upgradable from the upgrade table, once per id', () => {
    const list = parseWingetTable(block('winget-list.txt', '> winget list'));
    const upgrade = parseWingetTable(listOf('Git                Git.Git            2.31.0  2.34.1    winget'));
    expect(wingetInventory([{ name: 'Git.Git' }, { name: 'Microsoft.Edge' }, { name: 'Not.Installed' }], list, upgrade)).toEqual([
      { id: { name: 'Git.Git' }, installedVersion: '2.31.0.0.1', upgradable: true, availableVersion: '2.34.1' },
      { id: { name: 'Microsoft.Edge' }, installedVersion: '93.0.961.52', upgradable: false, availableVersion: null },
    ]);
  });
});

describe('winget exit codes', () => {
  it('normalises signed and low-byte codes to unsigned 32-bit', () => {
    expect(normaliseWingetExitCode(-1978335189)).toBe(0x8a15002b);
    expect(normaliseWingetExitCode(0x8a15002b)).toBe(0x8a15002b);
    expect(normaliseWingetExitCode(20)).toBe(0x8a150014); // winget-cli#3994 under a POSIX shell
    expect(normaliseWingetExitCode(0)).toBe(0);
    expect(normaliseWingetExitCode(1)).toBe(1);
  });

  it('maps every documented code in the fixture table to its words', () => {
    const table = readFixture('winget-exitcodes-main.md')
      .split('\n')
      .filter((line) => line.startsWith('| 0x'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(table.length).toBe(WINGET_EXIT_CODES.size);
    for (const [, hexCode, decimal, , description] of table) {
      expect(normaliseWingetExitCode(Number(decimal))).toBe(Number(hexCode));
      expect(describeWingetExitCode(Number(decimal))).toBe(`${description!.replace(/\.$/, '')} (winget error ${hexCode})`);
    }
    expect(describeWingetExitCode(0x8a150008)).toBe('Downloading installer failed (winget error 0x8A150008)');
    expect(describeWingetExitCode(0x8a15ffff)).toBe('winget failed with exit code 0x8A15FFFF');
  });

  it('reads already installed, not found and restart-needed from the exit code', () => {
    expect(interpretWingetInstall(ALREADY_INSTALLED, block('winget-install-already-installed.txt', '# source'))).toEqual({
      kind: 'already-installed',
      message: 'Already installed',
    });
    expect(interpretWingetInstall(0x8a150011, '')).toEqual({
      kind: 'failed',
      message: "The installer file's hash does not match the manifest (winget error 0x8A150011)",
    });
    expect(interpretWingetInstall(NOT_FOUND, '')).toEqual({ kind: 'failed', message: 'Not found in the winget source' });
    expect(interpretWingetInstall(0x8a150109, '')).toEqual({ kind: 'installed', restartNeeded: true });
    // "No applicable update found." printed before a successful install is not "already installed".
    expect(
      interpretWingetInstall(
        0,
        `${block('winget-upgrade-progress-noise.txt', '# source: https://github.com/Romanitho')}Successfully installed\n`,
      ),
    ).toEqual({
      kind: 'installed',
      restartNeeded: false,
    });
  });
});

describe('winget upgrade', () => {
  it('upgrades exactly this id with the flags install uses; without an id it lists what is upgradable', () => {
    expect(wingetUpgradeArgs('Git.Git')).toEqual([
      'upgrade',
      '--id',
      'Git.Git',
      '--exact',
      '--source',
      'winget',
      '--accept-source-agreements',
      '--accept-package-agreements',
      '--disable-interactivity',
      '--silent',
    ]);
    expect(wingetUpgradeArgs()).toEqual(['upgrade', '--accept-source-agreements', '--disable-interactivity']);
  });

  it('reads "nothing newer" from 0x8A15002B and 0x8A15004F, and from the words older winget printed with exit 0', () => {
    const upToDate = block('winget-install-already-installed.txt', '# source'); // "No available upgrade found."
    expect(interpretWingetUpgrade(ALREADY_INSTALLED, upToDate)).toEqual({ kind: 'done', said: 'up-to-date', restartNeeded: false });
    expect(interpretWingetUpgrade(0x2b, '')).toEqual({ kind: 'done', said: 'up-to-date', restartNeeded: false }); // low byte (POSIX shell)
    expect(interpretWingetUpgrade(0x8a15004f, '')).toEqual({ kind: 'done', said: 'up-to-date', restartNeeded: false });
    expect(interpretWingetUpgrade(0, upToDate)).toEqual({ kind: 'done', said: 'up-to-date', restartNeeded: false });
  });

  it('reads an upgrade, a restart to finish, and failures', () => {
    // Winget-AutoUpdate's `winget upgrade` log prints "No applicable update found." before upgrading; the fixture stops before the end.
    const upgraded = `${block('winget-upgrade-progress-noise.txt', '# source: https://github.com/Romanitho')}Successfully installed\n`;
    expect(interpretWingetUpgrade(0, upgraded)).toEqual({ kind: 'done', said: 'upgraded', restartNeeded: false });
    expect(interpretWingetUpgrade(0, '')).toEqual({ kind: 'done', said: null, restartNeeded: false });
    expect(interpretWingetUpgrade(0x8a150109, '')).toEqual({ kind: 'done', said: 'upgraded', restartNeeded: true });
    expect(interpretWingetUpgrade(0x8a150068, '')).toEqual({
      kind: 'failed',
      message: 'The package has a pin that prevents upgrade (winget error 0x8A150068)',
    });
    expect(interpretWingetUpgrade(NOT_FOUND, '')).toMatchObject({ kind: 'failed' });
  });
});

describe('WingetInstaller', () => {
  function machine(installAnswer: Answer, listAfter: Answer = { stdout: listOf('Git                Git.Git            2.45.1') }) {
    let installed = false;
    const fake = scriptedRun((call) => {
      if (call.args[0] === 'list')
        return installed ? listAfter : { exitCode: NOT_FOUND >>> 0, stdout: 'No installed package found matching input criteria.\n' };
      installed = true;
      return installAnswer;
    });
    return { ...fake, installer: new WingetInstaller(testDeps(fake.run)) };
  }

  it('installs and reports the version winget lists afterwards, with a clean log', async () => {
    const m = machine({ stdout: block('winget-install-success.txt', '# source: https://github.com/microsoft/winget-cli/issues/929') });
    const outcome = await m.installer.install({ name: 'Git.Git' }, signal);
    expect(outcome).toMatchObject({ status: 'succeeded', version: '2.45.1', exitCode: 0, message: 'Installed (2.45.1)' });
    expect(outcome.log).toContain('Successfully installed');
    expect(outcome.log).not.toContain('█');
    expect(m.commandLines()[1]).toBe(
      'winget install --id Git.Git --exact --source winget --accept-source-agreements --accept-package-agreements --disable-interactivity --silent',
    );
  });

  it('skips an app winget already lists, without installing', async () => {
    const fake = scriptedRun(() => ({ stdout: block('winget-install-not-found.txt', 'PS C:\\Users\\antho> winget list') }));
    const outcome = await new WingetInstaller(testDeps(fake.run)).install({ name: 'Gyan.FFmpeg.Shared' }, signal);
    expect(outcome).toMatchObject({ status: 'skipped', version: '6.0', message: 'Already installed (6.0)' });
    expect(fake.calls).toHaveLength(1);
  });

  it('reports 0x8A15002B from install as skipped, already installed', async () => {
    const m = machine({ exitCode: ALREADY_INSTALLED >>> 0, stdout: block('winget-install-already-installed.txt', '# source') });
    expect(await m.installer.install({ name: 'Git.Git' }, signal)).toMatchObject({
      status: 'skipped',
      exitCode: 0x8a15002b,
      message: 'Already installed (2.45.1)',
    });
  });

  it('reports an id the source does not have as not found', async () => {
    const m = machine({ exitCode: NOT_FOUND >>> 0, stdout: 'No package found matching input criteria.\n' });
    const outcome = await m.installer.install({ name: 'FilesCommunity.Files' }, signal);
    expect(outcome).toMatchObject({ status: 'failed', version: null, exitCode: 0x8a150014, message: 'Not found in the winget source' });
    expect(outcome.log).toBe('No package found matching input criteria.');
  });

  it('reports a time-out in words', async () => {
    const m = machine({ timedOut: true, exitCode: null, signal: 'SIGTERM', stdout: 'Downloading https://example.org/setup.exe\n' });
    expect(await m.installer.install({ name: 'Big.App' }, signal)).toMatchObject({
      status: 'failed',
      message: 'Timed out after 30 minutes',
      exitCode: null,
    });
  });

  describe('upgrade', () => {
    /** `winget list` shows each version in turn (before, after); the upgrade call answers `answer`. */
    function upgrading(answer: Answer, versions: (string | null)[]) {
      const fake = scriptedRun((call) => {
        if (call.args[0] !== 'list') return answer;
        const version = versions.shift() ?? null;
        return version === null ? { exitCode: NOT_FOUND >>> 0 } : { stdout: listOf(`Git                Git.Git            ${version}`) };
      });
      return { ...fake, installer: new WingetInstaller(testDeps(fake.run)) };
    }

    it('upgrades and names the versions winget lists before and after', async () => {
      const m = upgrading({ stdout: block('winget-install-success.txt', '# source: https://github.com/microsoft/winget-cli/issues/929') }, [
        '2.44.0',
        '2.45.1',
      ]);
      const outcome = await m.installer.upgrade({ name: 'Git.Git' }, signal);
      expect(outcome).toMatchObject({ status: 'succeeded', version: '2.45.1', exitCode: 0, message: 'Updated from 2.44.0 to 2.45.1' });
      expect(m.commandLines()[1]).toBe(`winget ${wingetUpgradeArgs('Git.Git').join(' ')}`);
    });

    it('reports an upgrade winget calls successful that leaves the old version as still at it, failed', async () => {
      // winget printed "Successfully installed" and exited 0; its list still shows 2.44.0 (the installer left the old entry).
      const m = upgrading({ stdout: block('winget-install-success.txt', '# source: https://github.com/microsoft/winget-cli/issues/929') }, [
        '2.44.0',
        '2.44.0',
      ]);
      expect(await m.installer.upgrade({ name: 'Git.Git' }, signal)).toMatchObject({
        status: 'failed',
        version: '2.44.0',
        exitCode: 0,
        message: 'Still 2.44.0 after the update: the installer ran but the version did not change',
      });
    });

    it('reports 0x8A15002B as skipped, already up to date', async () => {
      const m = upgrading({ exitCode: ALREADY_INSTALLED >>> 0, stdout: block('winget-install-already-installed.txt', '# source') }, [
        '2.45.1',
        '2.45.1',
      ]);
      expect(await m.installer.upgrade({ name: 'Git.Git' }, signal)).toMatchObject({
        status: 'skipped',
        version: '2.45.1',
        exitCode: 0x8a15002b,
        message: 'Already up to date (2.45.1)',
      });
    });

    it('never installs: an app winget does not list is skipped', async () => {
      const m = upgrading({}, [null]);
      expect(await m.installer.upgrade({ name: 'Git.Git' }, signal)).toMatchObject({ status: 'skipped', message: 'Not installed' });
      expect(m.calls).toHaveLength(1);
    });
  });
});
