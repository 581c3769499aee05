import { describe, expect, it } from 'vitest';

import { scriptedRun, testDeps, type Answer, type RunCall } from '../../../tests/fixtures/pm-output/fake-run';
import { capturedOutput } from '../../../tests/fixtures/pm-output/read-fixture';
import { AptInstaller, aptStatusPackage, batchLog, parseAptPolicy } from './apt';

const signal = new AbortController().signal;
const lockHeld = (): Answer => capturedOutput('apt-get-install-dpkg-lock-held.txt');
/** h1xb's post-installation script fails in a batch of three; dpkg still sets up the other two. */
const postinstFails = capturedOutput('apt-get-install-batch-postinst-fails.txt');

const after = (args: readonly string[]) => args.slice(args.indexOf('--') + 1);

interface MachineOptions {
  /** Names the sources offer, with the version an install gives. */
  sources?: Record<string, string>;
  installed?: Record<string, string>;
  /** Answers for apt-get calls in turn; when they run out, apt-get installs every name asked. */
  aptGet?: ((call: RunCall) => Answer | undefined)[];
  /** A name whose own install always fails, with this output. */
  broken?: Record<string, string>;
}

/**
 * An apt machine: dpkg-query answers from `installed`, apt-cache policy from `sources`, and
 * apt-get (after the scripted answers) installs what it is asked, reporting pmstatus lines to
 * the caller's onLine as real apt does with APT::Status-Fd=1, and fails as a whole (apt's own
 * way) when a broken name is in the line.
 */
function machine(options: MachineOptions = {}) {
  const sources = options.sources ?? { pa: '1.0', pb: '2.0', pc: '3.0' };
  const installed = new Map(Object.entries(options.installed ?? {}));
  const scripted = [...(options.aptGet ?? [])];
  const fake = scriptedRun((call) => {
    let names = after(call.args);
    if (call.command === 'dpkg-query') {
      const lines = names.filter((name) => installed.has(name)).map((name) => `${name}\tinstall ok installed\t${installed.get(name)}`);
      return { exitCode: lines.length === names.length ? 0 : 1, stdout: lines.map((line) => `${line}\n`).join('') };
    }
    if (call.command === 'apt-cache' && call.args[0] === 'policy') {
      const known = names.flatMap((name) => (sources[name] ? [name] : name === 'python3.1' ? ['python3.11', 'libpython3.11'] : []));
      const stdout = known
        .map((name) => `${name}:\n  Installed: (none)\n  Candidate: ${sources[name] ?? '3.11.2-6'}\n  Version table:\n`)
        .join('');
      return { stdout };
    }
    if (call.command === 'apt-cache') return { stdout: names.map((prefix) => (sources[prefix] ? `${prefix}\n` : '')).join('') };
    if (call.command !== 'apt-get') return {};
    const next = scripted.shift()?.(call);
    if (next) return next;
    // `name=version`: that version only, as apt (the sources here offer one version of each).
    const wrongVersions = names.filter((name) => name.includes('=') && sources[name.split('=')[0]!] !== name.split('=')[1]);
    if (wrongVersions.length > 0)
      return {
        exitCode: 100,
        output: `Reading package lists...\n${wrongVersions.map((pair) => `E: Version '${pair.split('=')[1]}' for '${pair.split('=')[0]}' was not found\n`).join('')}`,
      };
    names = names.map((name) => name.split('=')[0]!);
    const unknown = names.filter((name) => !sources[name]);
    if (unknown.length > 0)
      return {
        exitCode: 100,
        output: `Reading package lists...\n${unknown.map((name) => `E: Unable to locate package ${name}\n`).join('')}`,
      };
    const broken = names.find((name) => options.broken?.[name]);
    if (broken) return { exitCode: 100, output: `Reading package lists...\n${options.broken![broken]}\nE: Unable to correct problems\n` };
    for (const name of names) {
      call.options.onLine?.(`pmstatus:${name}:10.0000:Unpacking ${name} (amd64)`);
      installed.set(name, sources[name] ?? '9');
    }
    const output = names.map((name) => `Unpacking ${name} (${sources[name]}) ...\nSetting up ${name} (${sources[name]}) ...\n`).join('');
    return { output: `Reading package lists...\n${output}` };
  });
  const deps = testDeps(fake.run, true);
  return { ...fake, deps, installed, installer: new AptInstaller(deps) };
}

const aptGets = (calls: readonly RunCall[]) => calls.filter((call) => call.command === 'apt-get').map((call) => after(call.args).join(' '));
const ids = (...names: string[]) => names.map((name) => ({ name }));
const summary = (outcomes: Map<string, { status: string; message: string }>) =>
  Object.fromEntries([...outcomes].map(([name, outcome]) => [name, `${outcome.status}: ${outcome.message}`]));

describe('apt batch', () => {
  it('installs several packages with one dpkg-query, one apt-get and one dpkg-query', async () => {
    const apt = machine();
    const started: string[] = [];
    const outcomes = await apt.installer.installMany(ids('pa', 'pb', 'pc'), signal, (name) => started.push(name));
    expect(summary(outcomes)).toEqual({
      pa: 'succeeded: Installed (1.0)',
      pb: 'succeeded: Installed (2.0)',
      pc: 'succeeded: Installed (3.0)',
    });
    expect(apt.commandLines().map((line) => line.split(' ')[0])).toEqual(['dpkg-query', 'apt-get', 'dpkg-query']);
    const install = apt.calls.find((call) => call.command === 'apt-get')!;
    expect(install.args).toEqual(expect.arrayContaining(['--no-remove', 'Acquire::Queue-Mode=access', 'APT::Status-Fd=1']));
    expect(after(install.args)).toEqual(['pa', 'pb', 'pc']);
    // Each app shows "Installing" as apt reaches it.
    expect(started).toEqual(['pa', 'pb', 'pc']);
    // Each app's log is its own part of the batch's output.
    expect(outcomes.get('pb')!.log).toBe('Unpacking pb (2.0) ...\nSetting up pb (2.0) ...');
  });

  it('one failing name still installs the others, and the failure is reported against its app with its own message and log', async () => {
    // apt refuses the whole line for one package whose dependencies cannot be met.
    const apt = machine({ broken: { pb: ' pb : Depends: libmissing but it is not installable' } });
    const outcomes = await apt.installer.installMany(ids('pa', 'pb', 'pc'), signal);
    expect(summary(outcomes)).toEqual({
      pa: 'succeeded: Installed (1.0)',
      pb: 'failed: Unable to correct problems',
      pc: 'succeeded: Installed (3.0)',
    });
    expect(outcomes.get('pb')!.log).toContain('b : Depends: libmissing but it is not installable');
    expect(outcomes.get('pa')!.log).not.toContain('libmissing');
    // The batch, then one call per app to tell which one fails.
    expect(aptGets(apt.calls)).toEqual(['pa pb pc', 'pa', 'pb', 'pc']);
  });

  it('after dpkg fails on one package of a batch, only that one is tried again, and its failure is its own', async () => {
    // Real apt: h1xb's post-installation script fails; dpkg still sets up h1xa and h1xc.
    const apt = machine({
      sources: { h1xa: '1.0', h1xb: '1.0', h1xc: '1.0' },
      aptGet: [
        () => {
          apt.installed.set('h1xa', '1.0').set('h1xc', '1.0');
          return { exitCode: 100, output: postinstFails.output, stdout: postinstFails.stdout };
        },
        () => ({
          exitCode: 100,
          output: 'Setting up h1xb (1.0) ...\nh1xb: cannot set up\nE: Sub-process /usr/bin/dpkg returned an error code (1)\n',
        }),
      ],
    });
    const outcomes = await apt.installer.installMany(ids('h1xa', 'h1xb', 'h1xc'), signal);
    expect(summary(outcomes)).toEqual({
      h1xa: 'succeeded: Installed (1.0)',
      h1xb: 'failed: Sub-process /usr/bin/dpkg returned an error code (1)',
      h1xc: 'succeeded: Installed (1.0)',
    });
    expect(outcomes.get('h1xa')).toMatchObject({ exitCode: 0 });
    expect(outcomes.get('h1xa')!.log).toContain('Setting up h1xa (1.0) ...');
    expect(outcomes.get('h1xa')!.log).not.toContain('pmstatus');
    expect(outcomes.get('h1xb')!.log).toContain('h1xb: cannot set up');
    expect(aptGets(apt.calls)).toEqual(['h1xa h1xb h1xc', 'h1xb']);
  });

  it('waits for a held dpkg lock once for the whole batch, not once per app', async () => {
    const apt = machine({ aptGet: [lockHeld, lockHeld] });
    const outcomes = await apt.installer.installMany(ids('pa', 'pb', 'pc'), signal);
    expect(Object.values(summary(outcomes)).every((line) => line.startsWith('succeeded'))).toBe(true);
    expect(apt.deps.slept).toHaveLength(2);
    expect(aptGets(apt.calls)).toEqual(['pa pb pc', 'pa pb pc', 'pa pb pc']);
  });

  it('a lock held past the budget fails every app of the batch with the busy message, without one more wait per app', async () => {
    const held = () => {
      stuck.deps.advance(300_000); // apt-get itself waits DPkg::Lock::Timeout=300 s
      return lockHeld();
    };
    const stuck = machine({ aptGet: Array.from({ length: 10 }, () => held) });
    const outcomes = await stuck.installer.installMany(ids('pa', 'pb'), signal);
    for (const name of ['pa', 'pb'])
      expect(outcomes.get(name)!.message).toMatch(
        /^The package manager was busy: python3 \(process 28603\) held the dpkg lock for more than/,
      );
    expect(aptGets(stuck.calls)).toHaveLength(3);
  });

  it('skips installed apps without an apt-get call; an unknown name is "not found" and the others install in one more call', async () => {
    const apt = machine({ installed: { pa: '1.0' } });
    const outcomes = await apt.installer.installMany(ids('pa', 'nosuchpkg', 'pb'), signal);
    expect(summary(outcomes)).toEqual({
      pa: 'skipped: Already installed (1.0)',
      nosuchpkg: 'failed: Not found in the apt sources',
      pb: 'succeeded: Installed (2.0)',
    });
    // apt refuses the whole line for the unknown name, and says which: it goes again without it.
    expect(aptGets(apt.calls)).toEqual(['nosuchpkg pb', 'pb']);
  });

  it('looks up only the names apt could read as a pattern, all in one apt-cache policy call, before apt-get sees them', async () => {
    const apt = machine({ sources: { 'python3.11': '3.11.2-6', 'libstdc++6': '12.2.0-14', hello: '2.10-3' } });
    const outcomes = await apt.installer.installMany(ids('python3.11', 'no.such', 'libstdc++6', 'hello'), signal);
    expect(summary(outcomes)).toEqual({
      'python3.11': 'succeeded: Installed (3.11.2-6)',
      'no.such': 'failed: Not found in the apt sources',
      'libstdc++6': 'succeeded: Installed (12.2.0-14)',
      hello: 'succeeded: Installed (2.10-3)',
    });
    expect(apt.commandLines().filter((line) => line.startsWith('apt-cache'))).toEqual([
      'apt-cache policy -- python3.11 no.such libstdc++6',
    ]);
    expect(aptGets(apt.calls)).toEqual(['python3.11 libstdc++6 hello']);
  });

  it('calls no apt-get at all when every app is installed already', async () => {
    const apt = machine({ installed: { pa: '1.0', pb: '2.0' } });
    const outcomes = await apt.installer.installMany(ids('pa', 'pb'), signal);
    expect(summary(outcomes)).toEqual({ pa: 'skipped: Already installed (1.0)', pb: 'skipped: Already installed (2.0)' });
    expect(apt.commandLines()).toEqual(['dpkg-query -W -f=${Package}\t${Status}\t${Version}\n -- pa pb']);
  });

  it('never hands a program an id that could be read as an option, a shell word or a pattern', async () => {
    const abusive = ['-oAPT::Get::AllowUnauthenticated=1', '--foo', 'a;b', '$(x)', 'a b', 'pkg*', 'python3.1', 'hello-', 'pb'];
    const apt = machine();
    const outcomes = await apt.installer.installMany(ids(...abusive), signal);
    for (const name of abusive.slice(0, 6).concat('hello-'))
      expect(outcomes.get(name)!.message).toBe('Not a valid package id: nothing was run');
    // Valid as a name, but not a package: apt would read it as a regular expression.
    expect(outcomes.get('python3.1')!.message).toBe('Not found in the apt sources');
    expect(outcomes.get('pb')!.status).toBe('succeeded');
    for (const call of apt.calls) {
      const names = after(call.args);
      expect(call.args).toContain('--');
      expect(names.filter((name) => name !== 'python3.1')).toEqual(names.filter((name) => name === 'pb'));
    }
    expect(aptGets(apt.calls)).toEqual(['pb']);
  });

  it('on a cancel, reports what dpkg finished as installed and the rest as cancelled', async () => {
    const controller = new AbortController();
    const apt = machine({
      aptGet: [
        () => {
          apt.installed.set('pa', '1.0');
          controller.abort();
          return { exitCode: null, signal: 'SIGTERM', aborted: true, output: 'Setting up a (1.0) ...\nUnpacking pb (2.0) ...\n' };
        },
      ],
    });
    const outcomes = await apt.installer.installMany(ids('pa', 'pb', 'pc'), controller.signal);
    expect(summary(outcomes)).toEqual({
      pa: 'succeeded: Installed (1.0)',
      pb: 'failed: Cancelled before it finished',
      pc: 'failed: Cancelled before it finished',
    });
    expect(aptGets(apt.calls)).toEqual(['pa pb pc']);
  });

  it('upgrades installed apps in one --only-upgrade call and skips the ones not installed', async () => {
    const apt = machine({
      installed: { pa: '1.0', pb: '2.0' },
      aptGet: [
        () => {
          apt.installed.set('pa', '1.1');
          return { output: 'Unpacking pa (1.1) over (1.0) ...\npb is already the newest version (2.0).\nSetting up pa (1.1) ...\n' };
        },
      ],
    });
    const outcomes = await apt.installer.upgradeMany(ids('pa', 'pb', 'pc'), signal);
    expect(summary(outcomes)).toEqual({
      pa: 'succeeded: Updated from 1.0 to 1.1',
      pb: 'skipped: Already up to date (2.0)',
      pc: 'skipped: Not installed',
    });
    const upgrade = apt.calls.find((call) => call.command === 'apt-get')!;
    expect(upgrade.args).toContain('--only-upgrade');
    expect(after(upgrade.args)).toEqual(['pa', 'pb']);
    // Upgrades install nothing new: no need to ask the sources first.
    expect(apt.commandLines().some((line) => line.startsWith('apt-cache'))).toBe(false);
  });
});

describe('apt batch output', () => {
  it('reads apt-cache policy: only exact headers count, a pattern match is not the name asked', () => {
    const stdout = [
      'python3.11:',
      '  Installed: (none)',
      '  Candidate: 3.11.2-6',
      'hello:',
      '  Installed: (none)',
      '  Candidate: 2.10-3',
      '  Version table:',
      '     2.10-3 500',
      'mail-transport-agent:',
      '  Installed: (none)',
      '  Candidate: (none)',
      '',
    ].join('\n');
    const known = parseAptPolicy(stdout, new Set(['hello', 'python3.1', 'mail-transport-agent']));
    expect([...known]).toEqual([
      ['hello', '2.10-3'],
      ['mail-transport-agent', null],
    ]);
  });

  it('reads which package apt is working on from its status lines', () => {
    expect(aptStatusPackage('pmstatus:hello:20.0000:Unpacking hello (amd64)')).toBe('hello');
    expect(aptStatusPackage('pmstatus:dpkg-exec:0.0000:Running dpkg')).toBeNull();
    expect(aptStatusPackage('dlstatus:1:0.0000:Retrieving file 1 of 3')).toBeNull();
    expect(aptStatusPackage('Unpacking hello (2.10-3) ...')).toBeNull();
  });

  it("cuts one package's lines out of a batch's output, a longer name not matching a shorter one", () => {
    const output =
      'Selecting previously unselected package hello.\nUnpacking hello (1) ...\nUnpacking hello-doc (1) ...\nUnpacking hello.d (1) ...\npmstatus:hello:1:x\nSetting up hello (1) ...\n';
    expect(batchLog(output, 'hello')).toBe(
      'Selecting previously unselected package hello.\nUnpacking hello (1) ...\nSetting up hello (1) ...',
    );
    expect(batchLog(output, 'sl').split('\n')).toHaveLength(5);
  });
});

describe('apt batch with pinned apps', () => {
  const pins = (entries: Record<string, string>) => new Map(Object.entries(entries));
  const aptGetArgs = (calls: readonly RunCall[]) => calls.filter((call) => call.command === 'apt-get').map((call) => [...call.args]);

  it('puts a pinned app in the same apt-get call as name=version, without --allow-downgrades', async () => {
    const apt = machine();
    const outcomes = await apt.installer.installManyAt(ids('pa', 'pb', 'pc'), pins({ pb: '2.0' }), signal);
    expect(summary(outcomes)).toEqual({
      pa: 'succeeded: Installed (1.0)',
      pb: 'succeeded: Installed (2.0)',
      pc: 'succeeded: Installed (3.0)',
    });
    expect(aptGetArgs(apt.calls)).toEqual([
      [
        'install',
        '-y',
        '--no-remove',
        '-o',
        'DPkg::Lock::Timeout=300',
        '-o',
        'Dpkg::Options::=--force-confdef',
        '-o',
        'Dpkg::Options::=--force-confold',
        '-o',
        'Acquire::Queue-Mode=access',
        '-o',
        'APT::Status-Fd=1',
        '--',
        'pa',
        'pb=2.0',
        'pc',
      ],
    ]);
  });

  it('an app installed at another version gets its own call, the only one that may go down; one at the version is skipped', async () => {
    const apt = machine({ installed: { pb: '2.5', pc: '3.0' } });
    const outcomes = await apt.installer.installManyAt(ids('pa', 'pb', 'pc'), pins({ pb: '2.0', pc: '3.0' }), signal);
    expect(summary(outcomes)).toEqual({
      pa: 'succeeded: Installed (1.0)',
      pb: 'succeeded: Changed from 2.5 to 2.0',
      pc: 'skipped: Already installed (3.0)',
    });
    const calls = aptGetArgs(apt.calls);
    expect(calls.map((args) => after(args).join(' '))).toEqual(['pa', 'pb=2.0']);
    expect(calls[0]).not.toContain('--allow-downgrades');
    expect(calls[1]).toContain('--allow-downgrades');
  });

  it('a version the sources do not offer fails that app with its reason; the others go again without it', async () => {
    const apt = machine();
    const outcomes = await apt.installer.installManyAt(ids('pa', 'pb'), pins({ pb: '9.9' }), signal);
    expect(summary(outcomes)).toEqual({
      pa: 'succeeded: Installed (1.0)',
      pb: 'failed: Version 9.9 of pb is not in the apt sources',
    });
    expect(aptGets(apt.calls)).toEqual(['pa pb=9.9', 'pa']);
  });

  it('no version or id that could be an option, a pattern or a second argument reaches apt', async () => {
    const bad = [
      '1.0 -o APT::Get::AllowUnauthenticated=true',
      '=',
      '1.0=2.0',
      '*',
      '1.*',
      '1.0\n-y',
      '-1.0',
      '--allow-downgrades',
      '',
      'a'.repeat(65),
      '1.0/stable',
    ];
    for (const version of bad) {
      const apt = machine();
      const outcomes = await apt.installer.installManyAt(ids('pa', 'pb'), pins({ pb: version }), signal);
      expect(outcomes.get('pb')).toMatchObject({ status: 'failed', message: 'Not a valid version to pin: nothing was run' });
      // The other app still installs, in a call that carries nothing of the bad value.
      expect(aptGetArgs(apt.calls).map(after)).toEqual([['pa']]);
      expect(apt.calls.some((call) => call.args.some((arg) => arg.startsWith('pb=') || arg === version))).toBe(false);
    }
    for (const name of ['-o', '--allow-downgrades', 'pa=1.0', 'pa*', '-pa', 'pa\npb']) {
      const apt = machine();
      const outcomes = await apt.installer.installManyAt(ids(name, 'pb'), pins({ [name]: '1.0' }), signal);
      expect(outcomes.get(name)).toMatchObject({ status: 'failed', message: 'Not a valid package id: nothing was run' });
      expect(aptGetArgs(apt.calls).map(after)).toEqual([['pb']]);
      // Nor in any query before it (dpkg-query, apt-cache): every name there comes after `--`.
      expect(apt.calls.every((call) => call.args.includes('--') && !after(call.args).includes(name))).toBe(true);
      expect(apt.calls.every((call) => call.args.slice(0, call.args.indexOf('--')).every((arg) => arg !== name || arg === '-o'))).toBe(
        true,
      );
    }
  });
});
