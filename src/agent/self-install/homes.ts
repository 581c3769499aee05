import { posix, win32 } from 'node:path';

import { defaultConfigDir } from '../config-store';

/** Where `install` puts the program; fixed, so the service, messages and `uninstall` agree. */
export interface AgentHome {
  dir: string;
  /** The program file in `dir`. */
  program: string;
  /** A link on PATH to `program` (Linux), or null. */
  link: string | null;
}

export type ProgramKind = 'native' | 'node';

const LINUX_HOME = '/usr/local/lib/loadout-agent';
const LINUX_LINK = '/usr/local/bin/loadout-agent';
const MACOS_HOME = '/Library/Application Support/Loadout Agent';
/** Where the .deb puts the program: used in place, never copied over or removed by us. */
export const PACKAGED_PROGRAMS: readonly string[] = ['/usr/lib/loadout-agent/loadout-agent'];

export const pathsOf = (platform: NodeJS.Platform) => (platform === 'win32' ? win32 : posix);

export function windowsHomeDir(env: NodeJS.ProcessEnv): string {
  return win32.join(env.ProgramFiles ?? env.PROGRAMFILES ?? 'C:\\Program Files', 'Loadout Agent');
}

export function homeDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  if (platform === 'win32') return windowsHomeDir(env);
  return platform === 'darwin' ? MACOS_HOME : LINUX_HOME;
}

/** The program's file name: the native executable, or the .mjs that Node runs. */
export function programName(platform: NodeJS.Platform, kind: ProgramKind): string {
  if (kind === 'node') return 'loadout-agent.mjs';
  return platform === 'win32' ? 'loadout-agent.exe' : 'loadout-agent';
}

/**
 * The native program gets a link on PATH on Linux only: macOS's /usr/local/bin may not exist,
 * and the .mjs needs `node` in front of it anyway.
 */
export function agentHome(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, kind: ProgramKind): AgentHome {
  const dir = homeDir(platform, env);
  return {
    dir,
    program: pathsOf(platform).join(dir, programName(platform, kind)),
    link: platform === 'linux' && kind === 'native' ? LINUX_LINK : null,
  };
}

/** Every program file install may have put in the home (native or .mjs, any earlier install). */
export function ownedProgramFiles(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  return [agentHome(platform, env, 'native').program, agentHome(platform, env, 'node').program];
}

export const LINUX_PROGRAM_LINK = LINUX_LINK;

/** The folder `sudo … enroll` and the service use: the system's, whatever user is asking. */
export function systemConfigDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  return defaultConfigDir({ platform, env, home: '', privileged: true });
}
