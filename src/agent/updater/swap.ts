import { chmod, link, lstat, rename } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

import { PACKAGED_PROGRAMS } from '../self-install/homes';
import type { UpdaterDeps } from './deps';
import { removeEntry, UpdateRefused } from './download';
import type { UpdatePaths } from './paths';

/**
 * Only the native program in its own home replaces itself: anywhere else (a download folder, a
 * package's /usr/lib) the files beside it are not the agent's to replace. The home must be a
 * real folder owned by the agent's user that nobody else may write to, so no other user can
 * have put a file or a link there for root to run or rename.
 */
export async function checkHome(paths: UpdatePaths, deps: UpdaterDeps): Promise<void> {
  const same = (a: string, b: string) => (deps.platform === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b);
  if (deps.program && PACKAGED_PROGRAMS.includes(deps.program)) {
    throw new UpdateRefused(`This agent was installed from a package (${deps.program}): update the package to update it`);
  }
  if (!deps.program || !same(dirname(deps.program), paths.home) || !same(basename(deps.program), basename(paths.program))) {
    throw new UpdateRefused(
      `This agent runs from ${deps.program ?? 'a script'}, not from ${paths.program}: it does not replace itself there`,
    );
  }
  const home = await lstat(paths.home);
  if (!home.isDirectory()) throw new UpdateRefused(`${paths.home} is not a folder`);
  if (deps.uid !== null && (home.uid !== deps.uid || (home.mode & 0o022) !== 0)) {
    throw new UpdateRefused(`${paths.home} may be written by other users: the agent does not update itself there`);
  }
}

/**
 * Puts the checked download in the program's place, keeping the running program as `previous`.
 * POSIX: a hard link keeps the old program, then one rename replaces the name atomically, so
 * there is no moment without a program. Windows cannot replace a running .exe, only rename it.
 */
export async function swapIn(paths: UpdatePaths, deps: UpdaterDeps): Promise<void> {
  await chmod(paths.next, 0o755);
  await removeEntry(paths.previous);
  if (deps.platform === 'win32') {
    await rename(paths.program, paths.previous);
    try {
      await rename(paths.next, paths.program);
    } catch (error) {
      await rename(paths.previous, paths.program);
      throw error;
    }
    return;
  }
  await link(paths.program, paths.previous);
  await rename(paths.next, paths.program);
}

/** The watchdog's undo: the previous program back under the program's name. */
export async function swapBack(paths: UpdatePaths, deps: UpdaterDeps): Promise<void> {
  const previous = await lstat(paths.previous);
  if (!previous.isFile()) throw new Error(`${paths.previous} is not a file: nothing to roll back to`);
  if (deps.platform === 'win32') {
    await removeEntry(paths.failed);
    await rename(paths.program, paths.failed).catch(() => undefined);
  }
  await rename(paths.previous, paths.program);
}
