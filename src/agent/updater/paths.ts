import { posix, win32 } from 'node:path';

import { homeDir, programName } from '../self-install/homes';

/** Every file an update touches: the program's own folder and the agent's config folder, nothing else. */
export interface UpdatePaths {
  home: string;
  /** The program the service runs. */
  program: string;
  /** The download, checked before it takes the program's place. */
  next: string;
  /** The program as it was before the update: the watchdog runs from it and puts it back. */
  previous: string;
  /** Windows: a running .exe cannot be replaced, only renamed; the broken one is moved here. */
  failed: string;
  /** Written before the swap; the new program removes it once the server has welcomed it. */
  pending: string;
  /** A version that failed or was rolled back, and until when it is not tried again. */
  hold: string;
  /** What the watchdog did, told to the server by the next program that connects. */
  report: string;
}

/**
 * LOADOUT_AGENT_HOME moves the home for tests and for a machine whose administrator put the
 * program elsewhere on purpose; the service never sets it. It must be an absolute path.
 */
export const HOME_ENV = 'LOADOUT_AGENT_HOME';

export function updateHome(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  const override = env[HOME_ENV];
  const paths = platform === 'win32' ? win32 : posix;
  if (override && paths.isAbsolute(override)) return paths.normalize(override);
  return homeDir(platform, env);
}

export function updatePaths(platform: NodeJS.Platform, home: string, configDir: string): UpdatePaths {
  const paths = platform === 'win32' ? win32 : posix;
  const program = paths.join(home, programName(platform, 'native'));
  return {
    home,
    program,
    next: `${program}.new`,
    previous: `${program}.previous`,
    failed: `${program}.failed`,
    pending: paths.join(configDir, 'update-pending.json'),
    hold: paths.join(configDir, 'update-hold.json'),
    report: paths.join(configDir, 'update-report.json'),
  };
}
