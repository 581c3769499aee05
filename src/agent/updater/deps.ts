import { spawn } from 'node:child_process';
import { existsSync, openSync, realpathSync } from 'node:fs';
import { arch } from 'node:os';
import { join } from 'node:path';

import { runCommand } from '../process';
import { isSea } from '../self-command';
import { LAUNCHD_PLIST_PATH } from '../service/launchd';
import { SYSTEMD_UNIT_PATH } from '../service/systemd';
import { WINDOWS_TASK_FILE } from '../service/windows';
import { updateHome } from './paths';

/** Who restarts the agent when it exits: the service it was installed as, or nobody we know of. */
export type ServiceManager = 'systemd' | 'launchd' | 'schtasks' | null;

/** The download as the updater reads it: a status and the bytes as they arrive. */
export interface Download {
  status: number;
  body: AsyncIterable<Uint8Array> | null;
}

/**
 * What an update does to the machine beyond the files in its home and config folder: the
 * network, processes, the clock. Tests pass fakes and a temporary home (as ServiceDeps does).
 */
export interface UpdaterDeps {
  platform: NodeJS.Platform;
  arch: string;
  /** The running program's real path when it is a native build; null for Node running the script. */
  program: string | null;
  home: string;
  /** The owner the home must have (POSIX); null where owners are not numbers (Windows). */
  uid: number | null;
  fetch: (url: string, signal: AbortSignal) => Promise<Download>;
  /** Starts `previous update-watchdog --config-dir DIR` so that it outlives this process and its service. */
  startWatchdog: (previous: string, configDir: string) => Promise<void>;
  serviceManager: (configDir: string) => ServiceManager;
  /** Runs a system command (argument array, time limit); never throws. */
  run: (command: string, args: readonly string[]) => Promise<{ ok: boolean; output: string }>;
  /** Starts the agent when no service will (no service manager here). */
  startAgent: (program: string, configDir: string) => void;
  /** Asks a process to stop (SIGTERM); false when it was gone. */
  signal: (pid: number) => boolean;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const real = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** A log of its own in the config folder: the watchdog runs detached, with nobody reading its output. */
function watchdogLog(configDir: string): number | 'ignore' {
  try {
    return openSync(join(configDir, 'update-watchdog.log'), 'a', 0o600);
  } catch {
    return 'ignore';
  }
}

function detached(program: string, args: readonly string[], configDir: string): void {
  const log = watchdogLog(configDir);
  const child = spawn(program, [...args], { detached: true, stdio: ['ignore', log, log], windowsHide: true });
  child.on('error', () => undefined);
  child.unref();
}

/** The body as chunks; stopping early (too large) cancels the download instead of reading it to the end. */
async function* bytesOf(body: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

export function systemUpdaterDeps(env: NodeJS.ProcessEnv = process.env): UpdaterDeps {
  const platform = process.platform;
  const run: UpdaterDeps['run'] = async (command, args) => {
    const result = await runCommand(command, args, { timeoutMs: 60_000 });
    return { ok: result.exitCode === 0, output: result.output.trim() || (result.spawnError ?? '') };
  };
  const serviceManager = (configDir: string): ServiceManager => {
    if (platform === 'linux') return existsSync('/run/systemd/system') && existsSync(SYSTEMD_UNIT_PATH) ? 'systemd' : null;
    if (platform === 'darwin') return existsSync(LAUNCHD_PLIST_PATH) ? 'launchd' : null;
    if (platform === 'win32') return existsSync(join(configDir, WINDOWS_TASK_FILE)) ? 'schtasks' : null;
    return null;
  };
  return {
    platform,
    arch: arch(),
    program: isSea() ? real(process.execPath) : null,
    home: updateHome(platform, env),
    uid: process.getuid?.() ?? null,
    fetch: async (url, signal) => {
      // No redirects: the bytes come from the server this machine enrolled with, or not at all.
      const response = await fetch(url, { redirect: 'error', signal });
      return { status: response.status, body: response.body ? bytesOf(response.body) : null };
    },
    startWatchdog: async (previous, configDir) => {
      const args = ['update-watchdog', '--config-dir', configDir];
      // systemd stops every process of the service's cgroup when the agent exits: the watchdog
      // must run as a unit of its own, or it would die with the program it watches over.
      if (serviceManager(configDir) === 'systemd') {
        const unit = `loadout-agent-update-watchdog-${Date.now()}`;
        const started = await run('systemd-run', ['--unit', unit, '--collect', '--quiet', '--', previous, ...args]);
        if (started.ok) return;
      }
      detached(previous, args, configDir);
    },
    serviceManager,
    run,
    startAgent: (program, configDir) => detached(program, ['run', '--config-dir', configDir], configDir),
    signal: (pid) => {
      try {
        process.kill(pid, 'SIGTERM');
        return true;
      } catch {
        return false;
      }
    },
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
