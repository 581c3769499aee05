import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { releaseStatement, type ReleaseStatementFields } from '@shared/agent/release-signature';

import type { ServiceManager, UpdaterDeps } from './deps';
import { updatePaths, type UpdatePaths } from './paths';

/** A release key as the server has it, and its public half as the agent pins it. */
export function releaseKey(): { privateKey: KeyObject; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  return { privateKey, publicKey: raw.toString('base64') };
}

export function signBuild(privateKey: KeyObject, fields: ReleaseStatementFields): string {
  return sign(null, Buffer.from(releaseStatement(fields), 'utf8'), privateKey).toString('base64');
}

export interface FakeMachine {
  deps: UpdaterDeps;
  paths: UpdatePaths;
  configDir: string;
  /** What the fake network serves for any URL (null: connection refused). */
  served: Buffer | null;
  fetched: string[];
  watchdogs: { previous: string; configDir: string }[];
  commands: string[][];
  started: string[];
  manager: ServiceManager;
  clock: { now: number };
  /** Called on each sleep of the watchdog, after the clock moved. */
  onSleep: () => Promise<void> | void;
}

/** A temporary home with the "running" program in it, and every machine effect recorded instead of done. */
export async function fakeMachine(oldProgram: Buffer): Promise<FakeMachine> {
  const root = await mkdtemp(join(tmpdir(), 'loadout-update-'));
  const home = join(root, 'home');
  const configDir = join(root, 'config');
  await mkdir(home, { mode: 0o755 });
  await mkdir(configDir, { mode: 0o700 });
  const paths = updatePaths('linux', home, configDir);
  await writeFile(paths.program, oldProgram, { mode: 0o755 });
  const machine: FakeMachine = {
    paths,
    configDir,
    served: null,
    fetched: [],
    watchdogs: [],
    commands: [],
    started: [],
    manager: 'systemd',
    clock: { now: Date.parse('2026-11-25T12:00:00Z') },
    onSleep: () => undefined,
    deps: {
      platform: 'linux',
      arch: 'x64',
      program: paths.program,
      home,
      uid: process.getuid?.() ?? null,
      fetch: async (url) => {
        machine.fetched.push(url);
        const bytes = machine.served;
        if (!bytes) throw new Error('ECONNREFUSED');
        return {
          status: 200,
          body: (async function* () {
            for (let at = 0; at < bytes.length; at += 1000) yield bytes.subarray(at, at + 1000);
          })(),
        };
      },
      startWatchdog: async (previous, dir) => void machine.watchdogs.push({ previous, configDir: dir }),
      serviceManager: () => machine.manager,
      run: async (command, args) => {
        machine.commands.push([command, ...args]);
        return { ok: true, output: '' };
      },
      startAgent: (program) => void machine.started.push(program),
      signal: () => false,
      now: () => machine.clock.now,
      sleep: async (ms) => {
        machine.clock.now += ms;
        await machine.onSleep();
      },
    },
  };
  return machine;
}
