import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { runCommand } from '../process';
import { LAUNCHD_PLIST_PATH, launchdInstallCommands, launchdPlist, launchdStopCommands } from './launchd';
import { SYSTEMD_UNIT_PATH, systemdAfterRemoveCommands, systemdInstallCommands, systemdStopCommands, systemdUnit } from './systemd';
import { WINDOWS_TASK_FILE, windowsInstallCommands, windowsStopCommands, windowsTaskXml } from './windows';

/** What installing a service touches on the machine; tests pass a temporary root and a fake `run`. */
export interface ServiceDeps {
  platform: NodeJS.Platform;
  /** Prefixed to the system paths (/etc/systemd/system/…); '' on a real machine. */
  root: string;
  run: (command: string, args: readonly string[]) => Promise<{ ok: boolean; output: string }>;
  writeFile: (path: string, content: string | Buffer, mode: number) => Promise<void>;
  removeFile: (path: string) => Promise<void>;
}

export function systemServiceDeps(): ServiceDeps {
  return {
    platform: process.platform,
    root: '',
    run: async (command, args) => {
      const result = await runCommand(command, args, { timeoutMs: 60_000 });
      return { ok: result.exitCode === 0, output: result.output.trim() || (result.spawnError ?? '') };
    },
    writeFile: async (path, content, mode) => {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content, { mode });
    },
    removeFile: (path) => rm(path, { force: true }),
  };
}

export interface ServicePlan {
  /** Where the service definition goes and what it holds. */
  file: string;
  content: string | Buffer;
  mode: number;
  install: string[][];
  /** Run before the file is removed (stop, disable); failures are ignored (not installed). */
  stop: string[][];
  afterRemove: string[][];
  /** One line for people: how to see it running. */
  hint: string;
}

/**
 * The service for this platform, running `command` (node, the agent's script, `run
 * --config-dir DIR`). `self`: the agent removes its own service (deactivation) and must not
 * wait for its own stop.
 */
export function servicePlan(platform: NodeJS.Platform, command: readonly string[], configDir: string, self = false): ServicePlan {
  switch (platform) {
    case 'linux':
      return {
        file: SYSTEMD_UNIT_PATH,
        content: systemdUnit(command),
        mode: 0o644,
        install: systemdInstallCommands(),
        stop: systemdStopCommands(),
        afterRemove: systemdAfterRemoveCommands(),
        hint: 'systemctl status loadout-agent; journalctl -u loadout-agent',
      };
    case 'darwin':
      return {
        file: LAUNCHD_PLIST_PATH,
        content: launchdPlist(command),
        mode: 0o644,
        install: launchdInstallCommands(LAUNCHD_PLIST_PATH),
        // bootout stops the daemon: after the file is gone, since the daemon may be the caller.
        stop: [],
        afterRemove: launchdStopCommands(),
        hint: 'sudo launchctl print system/com.loadout.agent; its log is /Library/Logs/Loadout Agent.log',
      };
    case 'win32': {
      const file = join(configDir, WINDOWS_TASK_FILE);
      return {
        file,
        content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(windowsTaskXml(command), 'utf16le')]),
        mode: 0o600,
        install: windowsInstallCommands(file),
        stop: windowsStopCommands(self),
        afterRemove: [],
        hint: 'schtasks /Query /TN "Loadout Agent" /V',
      };
    }
    default:
      throw new Error(`Installing a service is not supported on ${platform}`);
  }
}

/**
 * A system path under the deps' root: tests install into a temporary folder. A Windows path's
 * drive (C:) becomes a folder there, so every platform's plan can be tried on any machine.
 */
export function underRoot(root: string, path: string): string {
  if (!root) return path;
  return join(
    root,
    ...path
      .replace(/^([A-Za-z]):/, '$1')
      .split(/[\\/]+/)
      .filter(Boolean),
  );
}

const at = (deps: ServiceDeps, path: string) => underRoot(deps.root, path);

/**
 * Writes the service and starts it. `start: false` writes it only: a container without systemd
 * as its init has nothing to start it with (the caller says so).
 */
export async function installService(
  command: readonly string[],
  configDir: string,
  deps: ServiceDeps,
  options: { start?: boolean } = {},
): Promise<ServicePlan> {
  const plan = servicePlan(deps.platform, command, configDir);
  if (options.start === false) {
    await deps.writeFile(at(deps, plan.file), plan.content, plan.mode);
    return plan;
  }
  // Replacing an installed service: stop the old one first (failures mean there was none).
  if (deps.platform === 'darwin') for (const [program, ...args] of launchdStopCommands()) await deps.run(program!, args);
  await deps.writeFile(at(deps, plan.file), plan.content, plan.mode);
  for (const [program, ...args] of plan.install) {
    const result = await deps.run(program!, args);
    if (!result.ok) throw new Error(`${[program, ...args].join(' ')} failed${result.output ? `: ${lastLine(result.output)}` : ''}`);
  }
  return plan;
}

/** `commands: false` removes the file only (no systemd to tell, as in a container). */
export async function uninstallService(
  configDir: string,
  deps: ServiceDeps,
  self = false,
  options: { commands?: boolean } = {},
): Promise<ServicePlan> {
  const plan = servicePlan(deps.platform, [], configDir, self);
  const commands = options.commands !== false;
  if (commands) for (const [program, ...args] of plan.stop) await deps.run(program!, args);
  await deps.removeFile(at(deps, plan.file));
  if (commands) for (const [program, ...args] of plan.afterRemove) await deps.run(program!, args);
  return plan;
}

function lastLine(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim());
  return (lines[lines.length - 1] ?? '').trim();
}
