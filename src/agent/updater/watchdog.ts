import { rename } from 'node:fs/promises';

import { runningAgent } from '../instance-lock';
import type { Logger } from '../log';
import { LAUNCHD_LABEL } from '../service/launchd';
import { SYSTEMD_UNIT_NAME } from '../service/systemd';
import { WINDOWS_TASK_NAME } from '../service/windows';
import type { ServiceManager, UpdaterDeps } from './deps';
import type { UpdatePaths } from './paths';
import { pendingSchema, readState, removeState, writeState } from './state';
import { swapBack } from './swap';

/** A version that was rolled back is not tried again for a day: it would break the agent again for minutes. */
export const ROLLED_BACK_HOLD_MS = 24 * 60 * 60 * 1000;
const POLL_MS = 500;
/** Without a service manager: how long a supervisor (if any) has to start the restored program before we do. */
export const SUPERVISOR_GRACE_MS = 5_000;

export type WatchdogOutcome = 'nothing-pending' | 'confirmed' | 'rolled-back';

export interface WatchdogOptions {
  configDir: string;
  paths: UpdatePaths;
  deps: UpdaterDeps;
  log: Logger;
}

/**
 * Runs from the previous, known-good program (`loadout-agent.previous update-watchdog`). It waits
 * for the pending update's deadline; if the new program has not removed update-pending.json by
 * then (it does after its first welcome), it puts the previous program back and restarts the
 * agent, and the next program to connect tells the server.
 */
export async function runWatchdog(options: WatchdogOptions): Promise<WatchdogOutcome> {
  const { paths, deps, log } = options;
  const pending = await readState(paths.pending, pendingSchema);
  if (!pending) return 'nothing-pending';
  log.info(`Watching the update to ${pending.version} until ${pending.deadline}`);
  const deadline = new Date(pending.deadline).getTime();
  while (deps.now() < deadline) {
    await deps.sleep(Math.min(POLL_MS, Math.max(1, deadline - deps.now())));
    if (!(await readState(paths.pending, pendingSchema))) return confirmed(log, pending.version);
  }
  // Claimed by a rename: a confirmation racing it either came first (nothing to claim) or finds nothing to remove.
  const claim = `${paths.pending}.rollback`;
  try {
    await rename(paths.pending, claim);
  } catch {
    return confirmed(log, pending.version);
  }
  log.warn(`${pending.version} did not connect in time: rolling back to ${pending.from}`);
  // The paths are the home's, never the file's: a pending file names no place for root to write.
  await swapBack(paths, deps);
  const message = `${pending.version} did not connect to the server in time; rolled back to ${pending.from}`;
  await writeState(paths.hold, {
    version: pending.version,
    until: new Date(deps.now() + ROLLED_BACK_HOLD_MS).toISOString(),
    reason: message,
  });
  await writeState(paths.report, { state: 'rolled-back', version: pending.version, message });
  await restartAgent(options, deps.serviceManager(options.configDir));
  await removeState(claim);
  return 'rolled-back';
}

function confirmed(log: Logger, version: string): WatchdogOutcome {
  log.info(`The update to ${version} was confirmed`);
  return 'confirmed';
}

const RESTART: Record<Exclude<ServiceManager, null>, string[][]> = {
  systemd: [['systemctl', 'restart', SYSTEMD_UNIT_NAME]],
  launchd: [['launchctl', 'kickstart', '-k', `system/${LAUNCHD_LABEL}`]],
  schtasks: [
    ['schtasks', '/End', '/TN', WINDOWS_TASK_NAME],
    ['schtasks', '/Run', '/TN', WINDOWS_TASK_NAME],
  ],
};

/**
 * The service restarted on the restored program. With no service manager, the running new
 * program is asked to stop; whoever supervises it starts the restored one, and if nobody does
 * within SUPERVISOR_GRACE_MS the watchdog starts it.
 */
async function restartAgent({ configDir, paths, deps, log }: WatchdogOptions, manager: ServiceManager): Promise<void> {
  if (manager) {
    for (const [command, ...args] of RESTART[manager]) {
      const result = await deps.run(command!, args);
      if (!result.ok && command !== 'schtasks') log.warn(`${command} ${args.join(' ')} failed: ${result.output}`);
    }
    return;
  }
  const broken = await runningAgent(configDir);
  if (broken) deps.signal(broken.pid);
  const until = deps.now() + SUPERVISOR_GRACE_MS;
  while (deps.now() < until) {
    await deps.sleep(POLL_MS);
    const holder = await runningAgent(configDir);
    if (holder && holder.pid !== broken?.pid) return;
  }
  log.info(`Starting ${paths.program}`);
  deps.startAgent(paths.program, configDir);
}
