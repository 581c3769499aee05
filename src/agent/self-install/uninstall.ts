import { win32 } from 'node:path';

import { CONFIG_FILE, ConfigStore } from '../config-store';
import { HOLDS_FILE } from '../hold-store';
import { LOCK_FILE } from '../instance-lock';
import { OUTCOMES_FILE } from '../outcome-store';
import { servicePlan, underRoot, uninstallService } from '../service/index';
import { SYSTEMD_UNIT_NAME } from '../service/systemd';
import { WINDOWS_TASK_FILE } from '../service/windows';
import type { InstallDeps } from './deps';
import { agentHome, homeDir, ownedProgramFiles, PACKAGED_PROGRAMS, systemConfigDir } from './homes';
import { systemdRuns } from './install';
import type { HoldsReleased } from './release-holds';

export interface UninstallResult {
  /** What was removed, in order. */
  removed: string[];
  /** What was left where install's files would be, and why. */
  left: { path: string; why: string }[];
  /** A program the system's package manager installed: it removes it, not us. */
  packaged: string | null;
  configDir: string;
  /** The holds the agent had set for pinned apps: released, or kept and why; null when not asked (--keep-config). */
  holds: HoldsReleased | null;
}

/** The files the agent itself writes in its config folder (simulated-installs.json: the simulated installer's). */
const CONFIG_FILES = [CONFIG_FILE, OUTCOMES_FILE, LOCK_FILE, WINDOWS_TASK_FILE, 'simulated-installs.json', 'simulated-installs.json.tmp'];
/** Temporary files a crash may leave: writePrivateJson's, the lock's, enrol's write probe, install's copy. */
const CONFIG_LEFTOVER = /^(\.(agent|job-outcomes|holds)\.json\.[0-9a-f]{8}\.tmp|agent\.lock\.[0-9a-f]{8}\.tmp|\.probe-[0-9a-f]{8})$/;
const PROGRAM_LEFTOVER = /^\.loadout-agent(\.exe|\.mjs)?\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes the service, the program, its link and home and (unless `keepConfig`) the enrolment's
 * folder. Only what install or the agent wrote goes, each by its own name: a file of anyone
 * else's, a link planted where ours would be, or a folder that is not empty stays and is named.
 * `unenroll` (the existing command's path) runs first and throws when the server cannot be told:
 * then nothing has been changed. Once the service has stopped, `releaseHolds` releases the holds
 * the agent set (holds.json); the file goes only when every one of them was released.
 */
export async function uninstallAgent(
  request: { keepConfig: boolean },
  deps: InstallDeps,
  unenroll: (configDir: string) => Promise<void>,
  releaseHolds?: (configDir: string) => Promise<HoldsReleased>,
): Promise<UninstallResult> {
  const at = (path: string) => underRoot(deps.root, path);
  const configDir = systemConfigDir(deps.platform, deps.env);
  const result: UninstallResult = { removed: [], left: [], packaged: null, configDir, holds: null };
  const removeFile = async (path: string, what = 'a file install did not write') => {
    const kind = await deps.kind(at(path));
    if (kind === null) return;
    if (kind !== 'file') return void result.left.push({ path, why: `${kind === 'link' ? 'a link' : 'not a file'}: ${what}` });
    try {
      await deps.remove(at(path));
      result.removed.push(path);
    } catch (error) {
      result.left.push({ path, why: `could not be removed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
    }
  };

  if (!request.keepConfig && (await deps.kind(at(configDir))) === 'dir' && (await enrolled(at(configDir)))) await unenroll(at(configDir));

  // The service first, so that no agent runs from the files that go next.
  const plan = servicePlan(deps.platform, [], configDir);
  if ((await deps.kind(at(plan.file))) !== null) {
    const systemd = deps.platform !== 'linux' || (await systemdRuns(deps));
    // Waits for the agent to finish its package-manager call (disable --now alone does not).
    if (systemd && deps.platform === 'linux') await deps.run('systemctl', ['stop', SYSTEMD_UNIT_NAME]);
    await uninstallService(configDir, deps, false, { commands: systemd });
    result.removed.push(plan.file);
  }

  const native = agentHome(deps.platform, deps.env, 'native');
  if (native.link) {
    const kind = await deps.kind(at(native.link));
    if (kind === 'link' && (await deps.readLink(at(native.link))) === native.program) {
      await deps.remove(at(native.link));
      result.removed.push(native.link);
    } else if (kind !== null) result.left.push({ path: native.link, why: 'not a link to the installed program' });
  }

  const home = homeDir(deps.platform, deps.env);
  const homeKind = await deps.kind(at(home));
  if (homeKind === 'dir') {
    for (const file of ownedProgramFiles(deps.platform, deps.env)) await removeFile(file);
    for (const name of await deps.list(at(home))) if (PROGRAM_LEFTOVER.test(name)) await removeFile(join(deps, home, name));
  } else if (homeKind !== null) result.left.push({ path: home, why: 'not a folder install made (a link?): left as it is' });

  const configKind = await deps.kind(at(configDir));
  if (!request.keepConfig && configKind === 'dir') {
    // After the service stopped, so no job sets a hold meanwhile; before holds.json would go.
    if (releaseHolds && (await deps.kind(at(join(deps, configDir, HOLDS_FILE)))) === 'file')
      result.holds = await releaseHolds(at(configDir));
    const holdsReleased = result.holds !== null && result.holds.kept.length === 0;
    for (const name of await deps.list(at(configDir))) {
      const ours = CONFIG_FILES.includes(name) || CONFIG_LEFTOVER.test(name) || (name === HOLDS_FILE && holdsReleased);
      if (ours) await removeFile(join(deps, configDir, name));
    }
  } else if (!request.keepConfig && configKind !== null)
    result.left.push({ path: configDir, why: 'not a folder (a link?): left as it is' });

  // macOS keeps the program in the enrolment's folder: with --keep-config that folder stays.
  const folders = [...(homeKind === 'dir' && !(request.keepConfig && home === configDir) ? [home] : [])];
  if (!request.keepConfig && configKind === 'dir' && configDir !== home) folders.push(configDir);
  for (const folder of folders) {
    try {
      await deps.removeDir(at(folder));
      result.removed.push(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOTEMPTY' || code === 'EEXIST' ? 'it holds files install did not put there' : `could not be removed (${code})`;
      result.left.push({ path: folder, why });
    }
  }

  // %ProgramData%\Loadout holds only the agent's folder unless the desktop client is installed too.
  if (deps.platform === 'win32' && result.removed.includes(configDir)) {
    const parent = win32.dirname(configDir);
    await deps.removeDir(at(parent)).then(
      () => result.removed.push(parent),
      () => undefined,
    );
  }

  for (const program of PACKAGED_PROGRAMS) if ((await deps.kind(at(program))) !== null) result.packaged = program;
  return result;
}

const join = (deps: InstallDeps, dir: string, name: string) => `${dir}${deps.platform === 'win32' ? '\\' : '/'}${name}`;

async function enrolled(dir: string): Promise<boolean> {
  // A damaged file is an enrolment too: unenroll says what is wrong with it.
  return (await new ConfigStore(dir).load().catch(() => true)) !== null;
}
