import { describe, expect, it } from 'vitest';

import { scriptedRun, testDeps, type RunCall } from '../../../tests/fixtures/pm-output/fake-run';
import { capturedOutput } from '../../../tests/fixtures/pm-output/read-fixture';
import { FlatpakInstaller, flatpakStartedOn } from './flatpak';
import { SnapInstaller } from './snap';

const signal = new AbortController().signal;
const notFound = capturedOutput('flatpak-install-not-found.txt');
const ids = (...names: string[]) => names.map((name) => ({ name }));
const summary = (outcomes: Map<string, { status: string; message: string }>) =>
  Object.fromEntries([...outcomes].map(([name, outcome]) => [name, `${outcome.status}: ${outcome.message}`]));

/**
 * A Flatpak machine as captured (flatpak-install-*.txt): `flatpak list` rows "id\tversion";
 * an install prints "Installing app/ID/x86_64/stable" per app and installs them all, unless one
 * is unknown: then flatpak installs nothing and says "error: Nothing matches ID in remote flathub".
 */
function flatpakMachine(installed: Record<string, string>, known: readonly string[]) {
  const have = new Map(Object.entries(installed));
  const fake = scriptedRun((call: RunCall) => {
    if (call.args[0] === 'list') return { stdout: [...have].map(([id, version]) => `${id}\t${version}\n`).join('') };
    if (call.args[0] !== 'install') return {};
    const names = call.args.slice(call.args.indexOf('flathub') + 1);
    const unknown = names.find((name) => !known.includes(name));
    if (unknown)
      return { exitCode: 1, output: notFound.output.replace('org.loadout.DoesNotExist', unknown).replace('loadout-test', 'flathub') };
    for (const name of names) {
      call.options.onLine?.(`Installing app/${name}/x86_64/stable`);
      have.set(name, '1.0');
    }
    return { stdout: names.map((name) => `Installing app/${name}/x86_64/stable\n`).join('') };
  });
  return { ...fake, installer: new FlatpakInstaller(testDeps(fake.run, true)) };
}

describe('Flatpak: several apps in one call', () => {
  it('installs them in one flatpak install, skipping the installed one, with "Installing" per app as flatpak reaches it', async () => {
    const machine = flatpakMachine({ 'org.gimp.GIMP': '2.10' }, ['org.mozilla.firefox', 'org.videolan.VLC']);
    const started: string[] = [];
    const outcomes = await machine.installer.installMany(ids('org.gimp.GIMP', 'org.mozilla.firefox', 'org.videolan.VLC'), signal, (name) =>
      started.push(name),
    );
    expect(summary(outcomes)).toEqual({
      'org.gimp.GIMP': 'skipped: Already installed (2.10)',
      'org.mozilla.firefox': 'succeeded: Installed (1.0)',
      'org.videolan.VLC': 'succeeded: Installed (1.0)',
    });
    expect(machine.commandLines().filter((line) => line.includes(' install '))).toEqual([
      'flatpak install --system -y --noninteractive flathub org.mozilla.firefox org.videolan.VLC',
    ]);
    expect(started).toEqual(['org.mozilla.firefox', 'org.videolan.VLC']);
    expect(outcomes.get('org.videolan.VLC')!.log).toBe('Installing app/org.videolan.VLC/x86_64/stable');
  });

  it("one unknown id still installs the others, and the failure is reported against its app in flatpak's words", async () => {
    const machine = flatpakMachine({}, ['org.mozilla.firefox', 'org.videolan.VLC']);
    const outcomes = await machine.installer.installMany(ids('org.mozilla.firefox', 'org.no.Such', 'org.videolan.VLC'), signal);
    expect(summary(outcomes)).toEqual({
      'org.mozilla.firefox': 'succeeded: Installed (1.0)',
      'org.no.Such': 'failed: Not found on Flathub',
      'org.videolan.VLC': 'succeeded: Installed (1.0)',
    });
    expect(outcomes.get('org.no.Such')!.log).toContain('Nothing matches org.no.Such in remote flathub');
    expect(
      machine
        .commandLines()
        .filter((line) => line.includes(' install '))
        .map((line) => line.split('flathub ')[1]),
    ).toEqual(['org.mozilla.firefox org.no.Such org.videolan.VLC', 'org.mozilla.firefox', 'org.no.Such', 'org.videolan.VLC']);
  });

  it('never hands flatpak an id that could be read as an option or a path', async () => {
    const machine = flatpakMachine({}, ['org.mozilla.firefox']);
    const outcomes = await machine.installer.installMany(ids('--user', '-vvv', '../etc/passwd', 'a b.c.d', 'org.mozilla.firefox'), signal);
    for (const name of ['--user', '-vvv', '../etc/passwd', 'a b.c.d'])
      expect(outcomes.get(name)!.message).toBe('Not a valid package id: nothing was run');
    for (const call of machine.calls)
      for (const bad of ['--user', '-vvv', '../etc/passwd', 'a b.c.d']) expect(call.args).not.toContain(bad);
    expect(outcomes.get('org.mozilla.firefox')!.status).toBe('succeeded');
  });

  it('reads which app a progress line is about', () => {
    const names = new Set(['org.loadout.Hello']);
    expect(flatpakStartedOn('Installing app/org.loadout.Hello/x86_64/stable', names)).toBe('org.loadout.Hello');
    expect(flatpakStartedOn('Installing runtime/org.loadout.Platform/x86_64/1', names)).toBeNull();
  });
});

describe('Snap: several snaps in one call', () => {
  it('a classic snap refused in the batch goes on its own with --classic; the others install in the one call', async () => {
    const have = new Map<string, string>();
    const fake = scriptedRun((call) => {
      if (call.args[0] === 'list')
        return {
          exitCode: have.size ? 0 : 1,
          stdout: `Name Version Rev Tracking Publisher Notes\n${[...have].map(([name, version]) => `${name} ${version} 1 latest/stable canonical -\n`).join('')}`,
        };
      const names = call.args.slice(1).filter((arg) => arg !== '--classic');
      if (names.includes('code') && !call.args.includes('--classic'))
        return {
          exitCode: 1,
          output: 'error: This revision of snap "code" was published using classic confinement and thus may perform\n',
        };
      for (const name of names) have.set(name, '2.0');
      return { stdout: names.map((name) => `${name} 2.0 from Canonical✓ installed\n`).join('') };
    });
    const outcomes = await new SnapInstaller(testDeps(fake.run, true)).installMany(ids('hello-world', 'code'), signal);
    expect(summary(outcomes)).toEqual({ 'hello-world': 'succeeded: Installed (2.0)', code: 'succeeded: Installed (2.0)' });
    expect(fake.commandLines().filter((line) => line.startsWith('snap install'))).toEqual([
      'snap install hello-world code',
      'snap install hello-world',
      'snap install code',
      'snap install --classic code',
    ]);
  });
});
