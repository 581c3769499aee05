import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import type { Run, RunResult } from '../agent/process';
import { elevationFailure, HANDOVER_FILE, systemServiceHooks } from './system-service-hooks';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const CONFIG = { server: 'https://loadout.example', deviceId: 'agent-1', deviceName: 'Desk', credential: 'secret-credential' };
const result = (exitCode: number | null, output = '', spawnError: string | null = null) => ({ exitCode, output, spawnError });
/** What runCommand answers for a finished program. */
const ran = (exitCode: number): RunResult => ({
  ...result(exitCode),
  signal: null,
  timedOut: false,
  aborted: false,
  stdout: '',
  stdoutTruncated: false,
  durationMs: 1,
});

describe('elevationFailure', () => {
  it('says when the person did not give administrator rights, on each OS', () => {
    expect(elevationFailure(result(126))).toBe('Administrator rights were not given, so nothing changed.');
    expect(elevationFailure(result(127))).toBe('Administrator rights were not given, so nothing changed.');
    expect(elevationFailure(result(1, '0:123: execution error: User canceled. (-128)'))).toMatch(/were not given/);
    expect(
      elevationFailure(result(1, 'Start-Process : This command cannot be run due to the error: The operation was canceled by the user.')),
    ).toMatch(/were not given/);
  });

  it('names a missing pkexec, and otherwise gives the installer’s last words', () => {
    expect(elevationFailure(result(null, '', 'ENOENT'))).toMatch(/pkexec is not installed/);
    expect(elevationFailure(result(1, 'loading\nsystemctl enable --now loadout-agent.service failed: Access denied\n'))).toBe(
      'The service could not be installed: systemctl enable --now loadout-agent.service failed: Access denied',
    );
  });
});

describe('systemServiceHooks', () => {
  it('hands the enrolment over in a private file that exists only while the elevated installer runs', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'loadout-hooks-'));
    dirs.push(userData);
    const seen: { command: string; args: readonly string[]; file: string }[] = [];
    const run: Run = async (command, args) => {
      const file = args.at(-1)!;
      seen.push({ command, args, file: await readFile(file, 'utf8') });
      return ran(0);
    };
    const hooks = systemServiceHooks({
      platform: 'linux',
      executable: '/opt/Loadout/loadout',
      userData,
      enabled: false,
      setEnabled: async () => undefined,
      run,
    });
    await hooks.install(CONFIG);
    expect(seen[0]?.command).toBe('pkexec');
    expect(seen[0]?.args).toEqual(['/opt/Loadout/loadout', '--install-agent-service', '--from', join(userData, HANDOVER_FILE)]);
    expect(JSON.parse(seen[0]!.file)).toEqual(CONFIG);
    expect(await readdir(userData)).toEqual([]);
  });

  it('rejects with the reason, and still removes the file, when rights were not given', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'loadout-hooks-'));
    dirs.push(userData);
    const run: Run = async () => ran(126);
    const hooks = systemServiceHooks({
      platform: 'linux',
      executable: '/opt/Loadout/loadout',
      userData,
      enabled: false,
      setEnabled: async () => undefined,
      run,
    });
    await expect(hooks.install(CONFIG)).rejects.toThrow('Administrator rights were not given, so nothing changed.');
    expect(await readdir(userData)).toEqual([]);
  });
});
