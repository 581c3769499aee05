import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { writePrivateJson } from '../agent/config-store';
import { runCommand, type Run, type RunResult } from '../agent/process';
import type { SystemServiceHooks } from './agent-host';
import { elevatedCommand } from './elevation';
import { readServiceStatus, serviceStatusDir } from './service-status';
import { installServiceArgs, UNINSTALL_SERVICE_FLAG } from './system-agent';

/** The enrolment handed to the elevated installer: in the user's private folder, and only while it runs. */
export const HANDOVER_FILE = 'service-enrolment.json';
/** A person may take a while to find their password. */
const ELEVATION_TIMEOUT_MS = 10 * 60_000;

const NOT_GIVEN = 'Administrator rights were not given, so nothing changed.';

/** One sentence for a failed elevated run: the person's refusal, a missing pkexec, or the installer's own words. */
export function elevationFailure(result: Pick<RunResult, 'exitCode' | 'spawnError' | 'output'>): string {
  if (result.spawnError === 'ENOENT') return 'pkexec is not installed (install polkit) so Loadout cannot ask for administrator rights.';
  const output = result.output.trim();
  // pkexec: 126 dismissed, 127 not authorised; osascript: "User canceled. (-128)"; UAC: "canceled by the user".
  if (result.exitCode === 126 || result.exitCode === 127 || output.includes('(-128)') || output.includes('canceled by the user')) {
    return NOT_GIVEN;
  }
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  return `The service could not be installed: ${lines.at(-1)?.trim() ?? `exit code ${String(result.exitCode)}`}`;
}

export interface HookInputs {
  platform: NodeJS.Platform;
  /** This executable (the AppImage file, not its mount). */
  executable: string;
  userData: string;
  enabled: boolean;
  setEnabled(enabled: boolean): Promise<void>;
  run?: Run;
}

/** The host's system-service hooks on a real machine. */
export function systemServiceHooks(inputs: HookInputs): SystemServiceHooks {
  const run = inputs.run ?? runCommand;
  const elevated = async (args: string[]): Promise<void> => {
    const { command, args: elevatedArgs } = elevatedCommand(inputs.platform, inputs.executable, args);
    const result = await run(command, elevatedArgs, { timeoutMs: ELEVATION_TIMEOUT_MS });
    if (result.exitCode !== 0) throw new Error(elevationFailure(result));
  };
  return {
    enabled: inputs.enabled,
    setEnabled: (enabled) => inputs.setEnabled(enabled),
    install: async (config) => {
      const file = join(inputs.userData, HANDOVER_FILE);
      await writePrivateJson(inputs.userData, HANDOVER_FILE, config);
      try {
        await elevated(installServiceArgs(file));
      } finally {
        await rm(file, { force: true });
      }
    },
    uninstall: () => elevated([UNINSTALL_SERVICE_FLAG]),
    read: () => readServiceStatus(serviceStatusDir(inputs.platform)),
  };
}
