import { chmod, copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

import { agentConfigSchema, ConfigStore, readJsonFile } from '../agent/config-store';
import { installService, uninstallService, type ServiceDeps } from '../agent/service/index';

/**
 * The desktop client's agent as a system service, so that apps needing administrator rights
 * (apt and snap, machine-wide installers) install without asking each time: the person is
 * asked once, the elevated client installs the service and leaves, and the service (the same
 * executable in service mode, no window) runs the agent as root/SYSTEM from then on.
 */

/** The executable runs the agent and nothing else (no window, no tray). */
export const AGENT_SERVICE_FLAG = '--agent-service';
/** Elevated: keep the enrolment in the system folder and install the service. */
export const INSTALL_SERVICE_FLAG = '--install-agent-service';
/** Elevated: remove the service and the system folder's enrolment. */
export const UNINSTALL_SERVICE_FLAG = '--uninstall-agent-service';
const FROM_FLAG = '--from';
const CONFIG_DIR_FLAG = '--config-dir';

/** Where a Linux service keeps its own copy of the AppImage: the downloaded file may move or go. */
export const SYSTEM_APPIMAGE_PATH = '/opt/loadout/Loadout.AppImage';

/**
 * Chromium switches for a process with no display and no renderer: as root under systemd there
 * is neither X nor Wayland (Ozone's headless platform skips display start-up), and Chromium
 * refuses to run as root with its sandbox, which a process without renderers does not use.
 */
const LINUX_HEADLESS_SWITCHES = ['--ozone-platform=headless', '--disable-gpu', '--no-sandbox'];

export type DesktopMode =
  | { kind: 'app' }
  | { kind: 'service'; configDir: string | null }
  | { kind: 'install-service'; from: string }
  | { kind: 'uninstall-service' };

function valueAfter(argv: readonly string[], flag: string): string | null {
  const index = argv.indexOf(flag);
  const value = index === -1 ? undefined : argv[index + 1];
  return value === undefined || value.startsWith('--') ? null : value;
}

/** What this start of the executable is for, from its command line. */
export function desktopMode(argv: readonly string[]): DesktopMode {
  if (argv.includes(AGENT_SERVICE_FLAG)) return { kind: 'service', configDir: valueAfter(argv, CONFIG_DIR_FLAG) };
  if (argv.includes(INSTALL_SERVICE_FLAG)) {
    const from = valueAfter(argv, FROM_FLAG);
    if (from !== null) return { kind: 'install-service', from };
  }
  if (argv.includes(UNINSTALL_SERVICE_FLAG)) return { kind: 'uninstall-service' };
  return { kind: 'app' };
}

/** The service's command: the executable in service mode with the system folder. */
export function serviceProgram(platform: NodeJS.Platform, executable: readonly string[], configDir: string): string[] {
  return [...executable, AGENT_SERVICE_FLAG, ...(platform === 'linux' ? LINUX_HEADLESS_SWITCHES : []), CONFIG_DIR_FLAG, configDir];
}

/** The arguments the desktop client runs itself with, elevated, to install the service. */
export function installServiceArgs(from: string): string[] {
  return [INSTALL_SERVICE_FLAG, FROM_FLAG, from];
}

export interface SystemAgentDeps {
  platform: NodeJS.Platform;
  /** The system folder (/etc/loadout-agent, /Library/Application Support/Loadout Agent, %ProgramData%\Loadout\Agent). */
  configDir: string;
  /** How to start this executable: [path] or, for an AppImage, its file. */
  executable: string;
  /** Set when the client runs from an AppImage: the file is copied where the service can rely on it. */
  appImage: string | null;
  service: ServiceDeps;
}

export class SystemAgentError extends Error {
  override readonly name = 'SystemAgentError';
}

/**
 * Elevated side of "install the service": the enrolment the desktop client handed over (a
 * file only its user can read, deleted by the client afterwards) goes to the system folder,
 * then the service is installed and started.
 */
export async function installSystemAgent(from: string, deps: SystemAgentDeps): Promise<void> {
  const json = await readJsonFile(from, (message) => new SystemAgentError(message), 'add this computer again');
  const parsed = agentConfigSchema.strict().safeParse(json);
  if (!parsed.success) throw new SystemAgentError(`${from} is not an enrolment`);
  await new ConfigStore(deps.configDir).save(parsed.data);

  let executable = [deps.executable];
  if (deps.appImage !== null && deps.platform === 'linux') {
    const target = deps.service.root ? `${deps.service.root}${SYSTEM_APPIMAGE_PATH}` : SYSTEM_APPIMAGE_PATH;
    await mkdir(dirname(target), { recursive: true, mode: 0o755 });
    await copyFile(deps.appImage, target);
    await chmod(target, 0o755);
    // The AppImage's own runtime: no FUSE mount needed for a service.
    executable = [SYSTEM_APPIMAGE_PATH, '--appimage-extract-and-run'];
  }
  await installService(serviceProgram(deps.platform, executable, deps.configDir), deps.configDir, deps.service);
}

/** Elevated side of "stop using the service": removes it, its enrolment and its AppImage copy. */
export async function uninstallSystemAgent(deps: SystemAgentDeps): Promise<void> {
  await uninstallService(deps.configDir, deps.service);
  await new ConfigStore(deps.configDir).remove();
  if (deps.platform === 'linux') {
    await rm(deps.service.root ? `${deps.service.root}${SYSTEM_APPIMAGE_PATH}` : SYSTEM_APPIMAGE_PATH, { force: true });
  }
}
