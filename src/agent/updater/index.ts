import type { AgentBuildKind, AgentMessage } from '@shared/agent/protocol';

import type { AgentConfig } from '../config-store';
import { platformName } from '../installers/index';
import type { Logger } from '../log';
import { isSea } from '../self-command';
import { AGENT_VERSION } from '../version';
import { systemUpdaterDeps, type UpdaterDeps } from './deps';
import { updatePaths } from './paths';
import { CONFIRM_WITHIN_MS, Updater } from './updater';

export { Updater } from './updater';

/**
 * The exit code of an agent that stops so that its service starts the program again (a newer
 * build took its place). Not 0: launchd and Task Scheduler restart only a program that failed.
 */
export const EXIT_RESTART = 10;

/** Tests shorten the watchdog's wait with this (seconds, 1 to 3600); the service never sets it. */
export const CONFIRM_ENV = 'LOADOUT_AGENT_UPDATE_CONFIRM_SECONDS';

/** What kind of program this is, said in hello: the server offers updates to native builds only. */
export function agentBuild(): AgentBuildKind {
  if (process.versions.electron) return 'desktop';
  return isSea() ? 'native' : 'script';
}

export function confirmWithinMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env[CONFIRM_ENV]);
  return Number.isFinite(seconds) && seconds >= 1 && seconds <= 3600 ? seconds * 1000 : CONFIRM_WITHIN_MS;
}

/**
 * The updater of a native agent; null for the script and the desktop client, which never
 * replace themselves (their owner, or the desktop client's own updater, does).
 */
export function selfUpdater(input: {
  configDir: string;
  config: AgentConfig;
  send: (message: AgentMessage) => void;
  log: Logger;
  deps?: UpdaterDeps;
}): Updater | null {
  if (!input.deps && agentBuild() !== 'native') return null;
  const deps = input.deps ?? systemUpdaterDeps();
  return new Updater({
    configDir: input.configDir,
    paths: updatePaths(deps.platform, deps.home, input.configDir),
    server: input.config.server,
    publicKey: input.config.releasePublicKey,
    currentVersion: AGENT_VERSION,
    platformName: platformName(deps.platform) ?? deps.platform,
    confirmWithinMs: confirmWithinMs(),
    send: input.send,
    log: input.log,
    deps,
  });
}
