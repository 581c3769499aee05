import { resolveConfigDir } from '../config-store';
import { consoleLogger } from '../log';
import { systemUpdaterDeps } from './deps';
import { updatePaths } from './paths';
import { runWatchdog } from './watchdog';

export const WATCHDOG_COMMAND = 'update-watchdog';

/**
 * `update-watchdog --config-dir DIR`: not for people (the updater starts it from the previous
 * program). Exit 0 when confirmed or nothing was pending, 1 when it could not roll back.
 */
export async function watchdogCommand(args: readonly string[]): Promise<number> {
  const at = args.indexOf('--config-dir');
  const configDir = resolveConfigDir(at >= 0 ? args[at + 1] : undefined);
  const deps = systemUpdaterDeps();
  const log = consoleLogger();
  try {
    const outcome = await runWatchdog({ configDir, paths: updatePaths(deps.platform, deps.home, configDir), deps, log });
    log.info(`Update watchdog: ${outcome}`);
    return 0;
  } catch (error) {
    log.error(`Update watchdog could not roll back: ${(error as Error).message}`);
    return 1;
  }
}
