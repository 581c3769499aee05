// The native agent (scripts/agent-native-build.mjs): the Linux x64 program and its .deb are built
// once if missing or stale and checked as a machine would meet them; the macOS and Windows builds
// are checked by their bytes when a full build made them (they cannot run here).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildAgentNativeIfStale, NATIVE_DIR, NATIVE_MANIFEST } from '../../scripts/agent-native-build.mjs';
import { checkExecutable } from '../../scripts/agent-native/checks.mjs';
import { runWithoutNode } from '../../scripts/agent-native/smoke-test.mjs';

interface Manifest {
  version: string;
  node: string;
  builds: { platform: 'linux' | 'macos' | 'windows'; arch: 'x64' | 'arm64'; format: string; file: string }[];
}

const LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';
const program = join(NATIVE_DIR, 'loadout-agent-linux-x64');
const deb = join(NATIVE_DIR, 'loadout-agent-linux-x64.deb');
const text = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

describe.skipIf(!LINUX_X64)('the agent as a native program', () => {
  let manifest: Manifest;
  let control: string;

  beforeAll(async () => {
    await buildAgentNativeIfStale({ targets: ['linux-x64'] });
    manifest = JSON.parse(readFileSync(NATIVE_MANIFEST, 'utf8')) as Manifest;
    control = mkdtempSync(join(tmpdir(), 'loadout-deb-control-'));
    execFileSync('dpkg-deb', ['--control', deb, control]);
  }, 300_000);
  afterAll(() => rmSync(control, { recursive: true, force: true }));

  it('runs with no Node.js on PATH and says the version it was built as', () => {
    expect(runWithoutNode(program, ['--version']).trim()).toBe(manifest.version);
    expect(runWithoutNode(program, ['help'])).toMatch(/Usage:[\s\S]* enroll LINK/);
  });

  it('lists the program and its .deb in the manifest, with the files beside it', () => {
    expect(manifest.node).toMatch(/^24\.\d+\.\d+$/);
    expect(manifest.builds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ platform: 'linux', arch: 'x64', format: 'exe', file: 'loadout-agent-linux-x64' }),
        expect.objectContaining({ platform: 'linux', arch: 'x64', format: 'deb', file: 'loadout-agent-linux-x64.deb' }),
      ]),
    );
    for (const build of manifest.builds) expect(existsSync(join(NATIVE_DIR, build.file)), build.file).toBe(true);
  });

  it('packs the program, the /usr/bin link and the systemd unit in the .deb', () => {
    const info = text('dpkg-deb', ['--info', deb]);
    expect(info).toContain('Package: loadout-agent');
    expect(info).toContain(`Version: ${manifest.version}`);
    expect(info).toContain('Architecture: amd64');
    const contents = text('dpkg-deb', ['--contents', deb]);
    expect(contents).toMatch(/-rwxr-xr-x root\/root .* \.\/usr\/lib\/loadout-agent\/loadout-agent\n/);
    expect(contents).toContain('./usr/bin/loadout-agent -> ../lib/loadout-agent/loadout-agent');
    const unit = execFileSync(
      'sh',
      ['-c', 'dpkg-deb --fsys-tarfile "$1" | tar -xO ./lib/systemd/system/loadout-agent.service', 'sh', deb],
      {
        encoding: 'utf8',
      },
    );
    expect(unit).toContain('ExecStart="/usr/bin/loadout-agent" "run" "--config-dir" "/etc/loadout-agent"');
    expect(unit).toContain('RestartPreventExitStatus=3 78');
  });

  it('has maintainer scripts that are POSIX sh, stop on errors and never start the unprovisioned agent', () => {
    for (const script of ['postinst', 'prerm', 'postrm']) {
      const body = readFileSync(join(control, script), 'utf8');
      expect(body.startsWith('#!/bin/sh\nset -e\n'), script).toBe(true);
      execFileSync('sh', ['-n', join(control, script)]);
      expect(body, script).not.toMatch(/systemctl (enable|start)/);
    }
    expect(readFileSync(join(control, 'postinst'), 'utf8')).toContain('sudo loadout-agent install <enrolment link>');
  });

  it('built every other program in its own format, with the agent injected', () => {
    const others = manifest.builds.filter((build) => build.format === 'exe' && build.file !== 'loadout-agent-linux-x64');
    for (const build of others) expect(checkExecutable(join(NATIVE_DIR, build.file), build), build.file).toEqual([]);
    const macos = manifest.builds.find((build) => build.format === 'tar.gz');
    if (macos) {
      const listing = text('tar', ['-tzf', join(NATIVE_DIR, macos.file)]);
      expect(listing).toContain('loadout-agent-macos-x64/loadout-agent\n');
      expect(listing).toContain('loadout-agent-macos-x64/com.loadout.agent.plist\n');
      expect(listing).toContain('loadout-agent-macos-x64/README.txt\n');
    }
  });
});
