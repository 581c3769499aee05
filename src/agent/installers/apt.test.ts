import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { scriptedRun, testDeps, type Answer, type RunCall } from '../../../tests/fixtures/pm-output/fake-run';
import { block, capturedOutput } from '../../../tests/fixtures/pm-output/read-fixture';
import { runCommand } from '../process';
import {
  aptInstallArgs,
  AptInstaller,
  aptUpgradeArgs,
  classifyAptFailure,
  dpkgQueryArgs,
  listsNeedUpdate,
  parseAptUpgradable,
  parseDpkgQuery,
} from './apt';
import { sleep } from './installer';

const DAY = 24 * 60 * 60_000;
const signal = new AbortController().signal;
const captured = (name: string): Answer => {
  const { stdout, output, exitCode } = capturedOutput(name);
  return { stdout, output, exitCode };
};
const notInstalled: Answer = { exitCode: 1, stdout: '', output: 'dpkg-query: no packages found matching hello\n' };
const installedHello: Answer = { stdout: 'hello\tinstall ok installed\t2.10-3\n' };

/** The sources know every name but this one. */
const UNKNOWN = 'nosuchpkg-loadout-xyz';
/** `apt-cache pkgnames -- PREFIX`: the names starting with it, the exact one among them. */
const pkgnames = (call: RunCall): Answer => {
  const prefix = call.args.at(-1)!;
  return { stdout: prefix === UNKNOWN ? '' : `${prefix}-doc\n${prefix}\n` };
};

interface MachineOptions {
  /** What `apt-get -s remove NAME` lists, per name (default: the package alone). */
  removals?: Record<string, string[]>;
  /** dpkg-query's Essential and Priority fields per name (default: no, optional). */
  priority?: Record<string, [essential: string, priority: string]>;
  /** The package `dpkg-query -S` names as the agent's runtime's owner. */
  runtimeOwner?: string;
}

/** An apt machine: dpkg-query answers from a set that a successful install adds to (as `newVersion`). */
function aptMachine(installAnswers: Answer[], installed = new Map<string, string>(), newVersion = '2.10-3', options: MachineOptions = {}) {
  const fake = scriptedRun((call: RunCall) => {
    if (call.command === 'apt-cache') return pkgnames(call);
    if (call.command === 'dpkg-query' && call.args[0] === '-S') return { stdout: `${options.runtimeOwner ?? 'nodejs'}: /usr/bin/node\n` };
    if (call.command === 'dpkg-query' && call.args[1]?.includes('Essential')) {
      const names = call.args.slice(call.args.indexOf('--') + 1);
      const lines = names.map((name) => [name, ...(options.priority?.[name] ?? ['no', 'optional'])].join('\t'));
      return { stdout: `${lines.join('\n')}\n` };
    }
    if (call.command === 'apt-get' && call.args[0] === '-s') {
      const name = call.args.at(-1)!;
      const names = options.removals?.[name] ?? [name];
      return { stdout: names.map((each) => `Remv ${each} [${installed.get(each) ?? '1.0'}]`).join('\n') };
    }
    if (call.command === 'dpkg-query') {
      const name = call.args.at(-1)!;
      const version = installed.get(name);
      return version === undefined ? notInstalled : { stdout: `${name}\tinstall ok installed\t${version}\n` };
    }
    const answer = installAnswers.shift() ?? {};
    if (answer.exitCode === 0 || answer.exitCode === undefined) installed.set(call.args.at(-1)!, newVersion);
    return answer;
  });
  const deps = testDeps(fake.run, true);
  return { ...fake, deps, installer: new AptInstaller(deps) };
}

describe('apt arguments', () => {
  it('installs one package per call, non-interactively, waiting for the dpkg lock', () => {
    expect(aptInstallArgs('hello')).toEqual([
      'install',
      '-y',
      '--no-remove',
      '-o',
      'DPkg::Lock::Timeout=300',
      '-o',
      'Dpkg::Options::=--force-confdef',
      '-o',
      'Dpkg::Options::=--force-confold',
      '--',
      'hello',
    ]);
    expect(aptUpgradeArgs('hello')).toEqual([
      'install',
      '-y',
      '--only-upgrade',
      '--no-remove',
      '-o',
      'DPkg::Lock::Timeout=300',
      '-o',
      'Dpkg::Options::=--force-confdef',
      '-o',
      'Dpkg::Options::=--force-confold',
      '--',
      'hello',
    ]);
    expect(dpkgQueryArgs(['hello', 'sl'])).toEqual(['-W', '-f=${Package}\t${Status}\t${Version}\n', '--', 'hello', 'sl']);
  });
});

describe('apt parsers', () => {
  it('reads installed versions from dpkg-query and ignores packages that are not installed', () => {
    // The fixture used a wider format; cut it to the agent's columns (name, status, version).
    const stdout = capturedOutput('dpkg-query-W-f.txt')
      .stdout.split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, version, , , status] = line.split('\t');
        return `${name}\t${status}\t${version}`;
      })
      .join('\n');
    const installed = parseDpkgQuery(stdout);
    expect(installed.get('bash')).toBe('5.2.15-2+b8');
    expect(installed.get('hello')).toBe('2.10-3');
    expect(installed.has('libgcc-10-dev')).toBe(false);
    expect(installed.has('sl')).toBe(false);
    expect(parseDpkgQuery('vim\tdeinstall ok config-files\t2:9.0\n').has('vim')).toBe(false);
    expect(parseDpkgQuery('libc6:amd64\thold ok installed\t2.36\n').get('libc6')).toBe('2.36');
  });

  it('reads upgradable versions from apt list --upgradable', () => {
    const upgradable = parseAptUpgradable(capturedOutput('apt-list-upgradable.txt').stdout);
    expect(upgradable.get('bash')).toEqual({ version: '5.2.15-2+b13', security: false });
    expect(upgradable.get('libcap2')?.version).toBe('1:2.66-4+deb12u3+b1');
    // Security updates are those from a "-security" suite, also when apt names it second.
    expect(upgradable.get('jq')).toEqual({ version: '1.6-2.1+deb12u3', security: true });
    expect(upgradable.get('krb5-locales')).toEqual({ version: '1.20.1-2+deb12u5', security: true });
    expect(upgradable.get('apt')?.security).toBe(true);
    expect(upgradable.get('curl')?.security).toBe(false);
    expect(upgradable.has('Listing...')).toBe(false);
    expect(upgradable.size).toBeGreaterThan(50);
  });

  it('tells a held lock from a missing package, with the program holding it', () => {
    expect(classifyAptFailure(capturedOutput('apt-get-install-dpkg-lock-held.txt').output)).toEqual({
      kind: 'lock',
      holder: 'python3 (process 28603)',
    });
    expect(classifyAptFailure(block('apt-get-install-dpkg-lock-held.txt', '# older apt wording'))).toEqual({ kind: 'lock', holder: null });
    expect(classifyAptFailure(capturedOutput('apt-get-install-unable-to-locate.txt').output)).toEqual({ kind: 'not-found' });
    expect(
      classifyAptFailure(
        'E: Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)\nE: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), are you root?\n',
      ),
    ).toEqual({
      kind: 'not-root',
    });
  });

  it('refreshes lists that are missing or older than a day', () => {
    const now = 10 * DAY;
    expect(listsNeedUpdate([], now)).toBe(true);
    expect(
      listsNeedUpdate(
        [
          { name: 'lock', mtimeMs: now },
          { name: 'partial', mtimeMs: now },
        ],
        now,
      ),
    ).toBe(true);
    expect(listsNeedUpdate([{ name: 'deb.debian.org_debian_dists_bookworm_InRelease', mtimeMs: now - 2 * DAY }], now)).toBe(true);
    expect(listsNeedUpdate([{ name: 'deb.debian.org_debian_dists_bookworm_InRelease', mtimeMs: now - 60_000 }], now)).toBe(false);
  });
});

describe('AptInstaller', () => {
  it('installs a package and reports the version dpkg now has', async () => {
    const machine = aptMachine([captured('apt-get-install-success.txt')]);
    const outcome = await machine.installer.install({ name: 'hello' }, signal);
    expect(outcome).toMatchObject({ status: 'succeeded', version: '2.10-3', exitCode: 0, message: 'Installed (2.10-3)' });
    expect(outcome.log).toContain('Setting up hello (2.10-3) ...');
    expect(outcome.log).not.toContain('\r');
    expect(outcome.log).toContain('(Reading database ... 117713 files and directories currently installed.)');
    const install = machine.calls.find((call) => call.command === 'apt-get')!;
    expect(install.options.env).toMatchObject({ DEBIAN_FRONTEND: 'noninteractive' });
  });

  it('skips a package that is already installed without calling apt-get', async () => {
    const machine = aptMachine([], new Map([['hello', '2.10-3']]));
    const outcome = await machine.installer.install({ name: 'hello' }, signal);
    expect(outcome).toMatchObject({ status: 'skipped', version: '2.10-3', message: 'Already installed (2.10-3)' });
    expect(machine.commandLines().some((line) => line.startsWith('apt-get'))).toBe(false);
  });

  it('reports apt-get\'s "already the newest version" as skipped', async () => {
    const machine = aptMachine([captured('apt-get-install-already-installed.txt')]);
    const outcome = await machine.installer.install({ name: 'hello' }, signal);
    expect(outcome).toMatchObject({ status: 'skipped', version: '2.10-3', message: 'Already installed (2.10-3)' });
  });

  it('reports an unknown package as not found in the apt sources', async () => {
    const machine = aptMachine([captured('apt-get-install-unable-to-locate.txt')]);
    const outcome = await machine.installer.install({ name: UNKNOWN }, signal);
    expect(outcome).toMatchObject({ status: 'failed', version: null, message: 'Not found in the apt sources' });
    // apt would read a name it does not know as a pattern: it is never handed one.
    expect(machine.commandLines().filter((line) => line.startsWith('apt-get'))).toEqual([]);
    expect(machine.commandLines()).toContain(`apt-cache pkgnames -- ${UNKNOWN}`);
  });

  it('never hands apt a name the sources do not list exactly, so it cannot match it as a pattern', async () => {
    // "python3.1" is not a package; as a pattern it would match python3.11, libpython3.11 and more.
    const fake = scriptedRun((call) => {
      if (call.command === 'apt-cache') return { stdout: 'python3.11\npython3.11-venv\n' };
      if (call.command === 'dpkg-query') return notInstalled;
      return {};
    });
    const outcome = await new AptInstaller(testDeps(fake.run, true)).install({ name: 'python3.1' }, signal);
    expect(outcome).toMatchObject({ status: 'failed', message: 'Not found in the apt sources' });
    expect(fake.commandLines().filter((line) => line.startsWith('apt-get'))).toEqual([]);
  });

  it('installs the found package of a mixed list even though apt-get would refuse the whole line', async () => {
    // apt-get-install-mixed-found-and-missing.txt: `apt-get install -y sl nosuchpkg…` installs nothing. One call each:
    const machine = aptMachine([captured('apt-get-install-success.txt'), captured('apt-get-install-mixed-found-and-missing.txt')]);
    const found = await machine.installer.install({ name: 'sl' }, signal);
    const missing = await machine.installer.install({ name: UNKNOWN }, signal);
    expect([found.status, missing.status, missing.message]).toEqual(['succeeded', 'failed', 'Not found in the apt sources']);
    expect(machine.calls.filter((call) => call.command === 'apt-get').map((call) => call.args.at(-1))).toEqual(['sl']);
  });

  it('waits while another program holds the dpkg lock, then installs', async () => {
    const machine = aptMachine([
      captured('apt-get-install-dpkg-lock-held.txt'),
      captured('apt-get-install-dpkg-lock-held.txt'),
      captured('apt-get-install-success.txt'),
    ]);
    const outcome = await machine.installer.install({ name: 'sl' }, signal);
    expect(outcome).toMatchObject({ status: 'succeeded', message: 'Installed (2.10-3)' });
    expect(machine.deps.slept.length).toBe(2);
  });

  it('gives up when the lock stays held past the budget, saying the package manager was busy', async () => {
    const machine = aptMachine([]);
    const fake = scriptedRun((call) => {
      if (call.command === 'dpkg-query') return notInstalled;
      if (call.command === 'apt-cache') return pkgnames(call);
      machine.deps.advance(300_000); // apt-get itself waits DPkg::Lock::Timeout=300 s
      return captured('apt-get-install-dpkg-lock-timeout.txt');
    });
    const installer = new AptInstaller({ ...machine.deps, run: fake.run });
    const outcome = await installer.install({ name: 'sl' }, signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.exitCode).toBe(100);
    expect(outcome.message).toMatch(
      /^The package manager was busy: python3 \(process 28603\) held the dpkg lock for more than \d+ minutes$/,
    );
    expect(fake.calls.filter((call) => call.command === 'apt-get').length).toBe(3);
  });

  it('removes an installed package and skips one that is not installed', async () => {
    const machine = aptMachine([captured('apt-get-remove.txt')], new Map([['hello', '2.10-3']]));
    expect(await machine.installer.uninstall({ name: 'hello' }, signal)).toMatchObject({
      status: 'succeeded',
      message: 'Removed (2.10-3)',
    });
    expect(await machine.installer.uninstall({ name: 'sl' }, signal)).toMatchObject({ status: 'skipped', message: 'Not installed' });
  });

  describe('removal: nothing goes that the person did not see', () => {
    const python = new Map([
      ['python3', '3.11.2-1+b1'],
      ['python3-apt', '2.6.0'],
      ['nodejs', '18.19.0'],
    ]);
    const removals = { python3: ['python3', 'python3-apt'], 'python3-apt': ['python3-apt'], nodejs: ['nodejs'], gzip: ['gzip'] };

    it('lists what a removal would take, from apt-get -s, changing nothing', async () => {
      const machine = aptMachine([], new Map(python), '2.10-3', { removals });
      expect(await machine.installer.removalPlan({ name: 'python3' })).toEqual({
        installedVersion: '3.11.2-1+b1',
        removes: [
          { name: 'python3', version: '3.11.2-1+b1' },
          { name: 'python3-apt', version: '2.6.0' },
        ],
        refused: null,
      });
      expect(machine.commandLines().filter((line) => line.startsWith('apt-get'))).toEqual(['apt-get -s remove -- python3']);
    });

    it('refuses a removal that would take packages the person did not confirm, and removes nothing', async () => {
      const machine = aptMachine([captured('apt-get-remove.txt')], new Map(python), '2.10-3', { removals });
      const outcome = await machine.installer.uninstall({ name: 'python3' }, signal);
      expect(outcome).toMatchObject({ status: 'failed', exitCode: null });
      expect(outcome.message).toBe(
        'Removing python3 would also remove python3-apt, which you did not confirm: nothing was removed. Uninstall it from the device page to see the whole list',
      );
      expect(machine.commandLines().filter((line) => line.startsWith('apt-get remove'))).toEqual([]);
    });

    it('removes the confirmed set', async () => {
      const machine = aptMachine([captured('apt-get-remove.txt')], new Map(python), '2.10-3', { removals });
      const outcome = await machine.installer.uninstall({ name: 'python3' }, signal, { alsoRemove: ['python3-apt'] });
      expect(outcome).toMatchObject({ status: 'succeeded', message: 'Removed (3.11.2-1+b1)' });
      expect(machine.commandLines().filter((line) => line.startsWith('apt-get remove'))).toEqual([
        'apt-get remove -y -o DPkg::Lock::Timeout=300 -- python3',
      ]);
    });

    it("refuses to remove the agent's own runtime, even when confirmed", async () => {
      const machine = aptMachine([captured('apt-get-remove.txt')], new Map(python), '2.10-3', {
        removals: { ...removals, python3: ['python3', 'python3-apt', 'nodejs'] },
      });
      const direct = await machine.installer.uninstall({ name: 'nodejs' }, signal, { alsoRemove: [] });
      expect(direct.message).toBe("nodejs is what Loadout's agent runs on: the agent never removes it");
      const collateral = await machine.installer.uninstall({ name: 'python3' }, signal, { alsoRemove: ['python3-apt', 'nodejs'] });
      expect(collateral).toMatchObject({
        status: 'failed',
        message: "Removing python3 would also remove nodejs, which Loadout's agent runs on: the agent never removes it",
      });
      expect(machine.commandLines().filter((line) => line.startsWith('apt-get remove'))).toEqual([]);
    });

    it('refuses Essential and required packages', async () => {
      const machine = aptMachine([], new Map([['gzip', '1.12-1']]), '2.10-3', { removals, priority: { gzip: ['yes', 'required'] } });
      expect((await machine.installer.removalPlan({ name: 'gzip' })).refused).toBe(
        'gzip is an Essential package of the system: the agent never removes it',
      );
    });

    it('purges the confirmed set when asked, so no configuration is left behind (rc)', async () => {
      const machine = aptMachine([captured('apt-get-remove.txt')], new Map(python), '2.10-3', { removals });
      const outcome = await machine.installer.uninstall({ name: 'python3' }, signal, { alsoRemove: ['python3-apt'], purge: true });
      expect(outcome).toMatchObject({ status: 'succeeded', message: 'Removed (3.11.2-1+b1)' });
      expect(machine.commandLines().filter((line) => /^apt-get (remove|purge)/.test(line))).toEqual([
        'apt-get purge -y -o DPkg::Lock::Timeout=300 -- python3',
      ]);
    });

    it('a purge removes nothing the person did not confirm, nothing the agent refuses, and no id that reads as an option', async () => {
      const machine = aptMachine([captured('apt-get-remove.txt')], new Map([...python, ['gzip', '1.12-1']]), '2.10-3', {
        removals,
        priority: { gzip: ['yes', 'required'] },
      });
      const unseen = await machine.installer.uninstall({ name: 'python3' }, signal, { alsoRemove: [], purge: true });
      expect(unseen.message).toMatch(/^Removing python3 would also remove python3-apt, which you did not confirm: nothing was removed/);
      const essential = await machine.installer.uninstall({ name: 'gzip' }, signal, { alsoRemove: [], purge: true });
      expect(essential.message).toBe('gzip is an Essential package of the system: the agent never removes it');
      for (const name of ['--purge', '-oAPT::Get::Purge=true', 'python3 --allow-remove-essential', 'python3-']) {
        const option = await machine.installer.uninstall({ name }, signal, { alsoRemove: [], purge: true });
        expect(option).toMatchObject({ status: 'failed', message: 'Not a valid package id: nothing was run' });
      }
      // Only the simulation and the queries ran: no removal of any kind.
      expect(machine.commandLines().filter((line) => /^apt-get (?!-s )/.test(line))).toEqual([]);
    });

    it('names the package asked for when it is Essential itself, not a required one that goes with it', async () => {
      const machine = aptMachine([], new Map([['perl-base', '5.36.0-7+deb12u1']]), '2.10-3', {
        removals: { 'perl-base': ['liblocale-gettext-perl', 'perl-base'] },
        priority: { 'liblocale-gettext-perl': ['', 'required'], 'perl-base': ['yes', 'required'] },
      });
      expect((await machine.installer.removalPlan({ name: 'perl-base' })).refused).toBe(
        'perl-base is an Essential package of the system: the agent never removes it',
      );
    });

    it('installs without ever removing: an install that would remove says what, and changes nothing', async () => {
      const wouldRemove: Answer = {
        exitCode: 100,
        output: 'The following packages will be REMOVED:\n  mawk\nE: Packages need to be removed but remove is disabled.\n',
      };
      const machine = aptMachine([wouldRemove], new Map(), '2.10-3', { removals: { gawk: ['mawk'] } });
      const outcome = await machine.installer.install({ name: 'gawk' }, signal);
      expect(outcome).toMatchObject({
        status: 'failed',
        exitCode: 100,
        message: 'Installing gawk would remove mawk: Loadout never removes packages during an install, so nothing was changed',
      });
      expect(machine.calls.find((call) => call.args[0] === 'install')!.args).toContain('--no-remove');
    });
  });

  describe('upgrade', () => {
    it('upgrades an installed package with --only-upgrade and names the versions before and after', async () => {
      // The apt-get output here is the captured install; dpkg-query's versions decide.
      const machine = aptMachine([captured('apt-get-install-success.txt')], new Map([['hello', '2.10-2']]));
      const outcome = await machine.installer.upgrade({ name: 'hello' }, signal);
      expect(outcome).toMatchObject({ status: 'succeeded', version: '2.10-3', exitCode: 0, message: 'Updated from 2.10-2 to 2.10-3' });
      expect(machine.commandLines().filter((line) => line.startsWith('apt-get'))).toEqual([`apt-get ${aptUpgradeArgs('hello').join(' ')}`]);
      expect(machine.calls.find((call) => call.command === 'apt-get')!.options.env).toMatchObject({ DEBIAN_FRONTEND: 'noninteractive' });
    });

    it('never installs: a package that is not installed is skipped without calling apt-get', async () => {
      const machine = aptMachine([]);
      expect(await machine.installer.upgrade({ name: 'sl' }, signal)).toMatchObject({
        status: 'skipped',
        version: null,
        message: 'Not installed',
      });
      expect(machine.commandLines().some((line) => line.startsWith('apt-get'))).toBe(false);
    });

    it('reports "already the newest version" as skipped, up to date, with the version', async () => {
      const machine = aptMachine([captured('apt-get-install-already-installed.txt')], new Map([['hello', '2.10-3']]));
      expect(await machine.installer.upgrade({ name: 'hello' }, signal)).toMatchObject({
        status: 'skipped',
        version: '2.10-3',
        exitCode: 0,
        message: 'Already up to date (2.10-3)',
      });
    });

    it('reports an unchanged dpkg version as up to date even without apt-get saying so', async () => {
      const machine = aptMachine(
        [{ stdout: '0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.\n' }],
        new Map([['hello', '2.10-3']]),
      );
      expect(await machine.installer.upgrade({ name: 'hello' }, signal)).toMatchObject({
        status: 'skipped',
        message: 'Already up to date (2.10-3)',
      });
    });

    it('reports a package apt kept back (held) as still at its version, not as up to date', async () => {
      // apt-get's own words for a package it will not move (a hold, or dependencies it cannot meet); dpkg still reads 2.10-2.
      const keptBackOutput = [
        'Reading package lists...',
        'Building dependency tree...',
        'Reading state information...',
        'Calculating upgrade...',
        'The following packages have been kept back:',
        '  hello',
        '0 upgraded, 0 newly installed, 0 to remove and 1 not upgraded.',
      ].join('\n');
      const machine = aptMachine([{ stdout: `${keptBackOutput}\n` }], new Map([['hello', '2.10-2']]), '2.10-2');
      expect(await machine.installer.upgrade({ name: 'hello' }, signal)).toMatchObject({
        status: 'failed',
        version: '2.10-2',
        exitCode: 0,
        message: 'Still 2.10-2: the package manager kept it back (it is held, or what it needs cannot be installed)',
      });
      // Another package kept back is not this one.
      const other = aptMachine(
        [{ stdout: `${keptBackOutput.replace('  hello', '  hello-traditional')}\n` }],
        new Map([['hello', '2.10-3']]),
        '2.10-3',
      );
      expect(await other.installer.upgrade({ name: 'hello' }, signal)).toMatchObject({
        status: 'skipped',
        message: 'Already up to date (2.10-3)',
      });
    });

    it('waits for a held dpkg lock as install does', async () => {
      const machine = aptMachine(
        [captured('apt-get-install-dpkg-lock-held.txt'), captured('apt-get-install-success.txt')],
        new Map([['hello', '2.10-2']]),
      );
      expect(await machine.installer.upgrade({ name: 'hello' }, signal)).toMatchObject({ status: 'succeeded', version: '2.10-3' });
      expect(machine.deps.slept.length).toBe(1);
    });

    it('reports a failure in words, after the same lock wait as install', async () => {
      const fake = scriptedRun((call) => {
        if (call.command === 'dpkg-query') return { stdout: 'hello\tinstall ok installed\t2.10-2\n' };
        deps.advance(300_000); // apt-get itself waits DPkg::Lock::Timeout=300 s
        return captured('apt-get-install-dpkg-lock-timeout.txt');
      });
      const deps = testDeps(fake.run, true);
      const outcome = await new AptInstaller(deps).upgrade({ name: 'hello' }, signal);
      expect(outcome).toMatchObject({ status: 'failed', version: null, exitCode: 100 });
      expect(outcome.message).toMatch(/^The package manager was busy: python3 \(process 28603\)/);
      expect(fake.calls.filter((call) => call.command === 'apt-get').length).toBe(3);
    });
  });

  it('refuses an id that would be read as an option', async () => {
    const machine = aptMachine([]);
    for (const name of ['--allow-unauthenticated', 'hello-', 'hello+', 'canary.+', 'bas*', '-y']) {
      for (const outcome of [
        await machine.installer.install({ name }, signal),
        await machine.installer.uninstall({ name }, signal),
        await machine.installer.upgrade({ name }, signal),
      ])
        expect(outcome, name).toMatchObject({ status: 'failed', message: 'Not a valid package id: nothing was run' });
    }
    expect(machine.calls).toEqual([]);
  });

  it('lists installed and upgradable versions of the ids asked about', async () => {
    const fake = scriptedRun((call) => {
      if (call.command === 'dpkg-query')
        return {
          exitCode: 1,
          stdout: `${installedHello.stdout}bash\tinstall ok installed\t5.2.15-2+b8\njq\tinstall ok installed\t1.6-2.1+deb12u1\n`,
        };
      return { stdout: capturedOutput('apt-list-upgradable.txt').stdout };
    });
    const installer = new AptInstaller(testDeps(fake.run));
    const entries = await installer.inventory([{ name: 'hello' }, { name: 'bash' }, { name: 'sl' }, { name: 'jq' }]);
    expect(entries).toEqual([
      { id: { name: 'hello' }, installedVersion: '2.10-3', upgradable: false, availableVersion: null, security: false },
      { id: { name: 'bash' }, installedVersion: '5.2.15-2+b8', upgradable: true, availableVersion: '5.2.15-2+b13', security: false },
      // jq's newer version comes from the security suite: a security update.
      { id: { name: 'jq' }, installedVersion: '1.6-2.1+deb12u1', upgradable: true, availableVersion: '1.6-2.1+deb12u3', security: true },
    ]);
  });

  describe('prepare', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('runs apt-get update when the lists are older than a day, and not when they are fresh', async () => {
      dir = mkdtempSync(join(tmpdir(), 'apt-lists-'));
      const file = join(dir, 'deb.debian.org_debian_dists_bookworm_InRelease');
      writeFileSync(file, '');
      const fake = scriptedRun(() => ({}));
      const deps = testDeps(fake.run, true);
      const installer = new AptInstaller({ ...deps, now: () => Date.now() }, { listsDir: dir });
      await installer.prepare();
      expect(fake.commandLines()).toEqual([]);
      const old = (Date.now() - 2 * DAY) / 1000;
      utimesSync(file, old, old);
      await installer.prepare();
      expect(fake.commandLines()).toEqual(['apt-get update -o DPkg::Lock::Timeout=300']);
    });
  });
});

describe('AptInstaller on this machine (real dpkg-query, no changes)', () => {
  const deps = { run: runCommand, isRoot: false, now: () => Date.now(), sleep };
  const installer = new AptInstaller(deps);

  it('finds the installed version of bash', async () => {
    const version = await installer.installedVersion({ name: 'bash' });
    expect(version).toMatch(/^\d/);
  });

  it('answers null for a package that is not installed', async () => {
    expect(await installer.installedVersion({ name: 'nosuchpkg-loadout-xyz' })).toBeNull();
  });
});
