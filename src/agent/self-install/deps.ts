import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, mkdir, open, readdir, readlink, rename, rm, rmdir, symlink, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

import { isPrivileged, type AgentConfig } from '../config-store';
import { enrolledConfig, enrollWithCode, newDeviceId } from '../enrolment';
import { systemServiceDeps, type ServiceDeps } from '../service/index';

export type PathKind = 'file' | 'dir' | 'link' | 'other';

/** An enrolment the agent asks the server for: the config to keep. */
export interface EnrolRequest {
  server: string;
  code: string;
  deviceName: string;
  insecureHttp: boolean;
}

/**
 * Everything install and uninstall do to the machine. Paths given to these functions are
 * already under `root`; tests use a temporary root, the real file functions and a recording `run`.
 */
export interface InstallDeps extends ServiceDeps {
  env: NodeJS.ProcessEnv;
  /** root, or SYSTEM / an elevated Administrator. */
  privileged: boolean;
  /** Who owns the installed program: root on POSIX; null leaves it (Windows, tests as a user). */
  owner: { uid: number; gid: number } | null;
  /** Copies `from` over `to` so that `to` is never half a program (temporary file beside it, fsync, rename). */
  copy: (from: string, to: string, mode: number, owner: { uid: number; gid: number } | null) => Promise<void>;
  symlink: (target: string, path: string) => Promise<void>;
  /** Removes one file or link, never what a link points to, never a folder. */
  remove: (path: string) => Promise<void>;
  /** Removes an empty folder; ENOTEMPTY and the like are thrown. */
  removeDir: (path: string) => Promise<void>;
  makeDir: (path: string, mode: number) => Promise<void>;
  /** What is at `path` itself (a link is 'link', not what it points to); null when nothing. */
  kind: (path: string) => Promise<PathKind | null>;
  readLink: (path: string) => Promise<string | null>;
  /** The names in a folder ([] when there is none). */
  list: (dir: string) => Promise<string[]>;
  enroll: (request: EnrolRequest) => Promise<AgentConfig>;
}

async function kindOf(path: string): Promise<PathKind | null> {
  try {
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) return 'link';
    if (stat.isDirectory()) return 'dir';
    return stat.isFile() ? 'file' : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

/** Windows will not replace a program that is still running; the stopped task lets go of it in a moment. */
async function renameRetrying(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (process.platform !== 'win32' || attempt >= 20 || (code !== 'EPERM' && code !== 'EBUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * The temporary file is created exclusively and private (0700) before a byte is written, so no
 * one else can open it and write into the program root will run; its final mode is set once
 * the content is on disk.
 */
async function copyAtomically(from: string, to: string, mode: number, owner: { uid: number; gid: number } | null): Promise<void> {
  const dir = dirname(to);
  const temporary = join(dir, `.${basename(to)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o700);
    try {
      for await (const chunk of createReadStream(from)) await handle.write(chunk as Buffer);
      if (owner) await handle.chown(owner.uid, owner.gid);
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameRetrying(temporary, to);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  // The rename itself survives a power cut only once the folder is on disk (not on Windows).
  if (process.platform !== 'win32') {
    const folder = await open(dir, 'r');
    await folder.sync().finally(() => folder.close());
  }
}

export function systemInstallDeps(): InstallDeps {
  return {
    ...systemServiceDeps(),
    env: process.env,
    privileged: isPrivileged(),
    owner: process.platform === 'win32' ? null : { uid: 0, gid: 0 },
    copy: copyAtomically,
    symlink: (target, path) => symlink(target, path),
    remove: async (path) => {
      const kind = await kindOf(path);
      if (kind === 'dir') throw new Error(`${path} is a folder`);
      if (kind) await unlink(path);
    },
    removeDir: (path) => rmdir(path),
    makeDir: async (path, mode) => {
      await mkdir(path, { recursive: true, mode });
    },
    kind: kindOf,
    readLink: (path) => readlink(path).catch(() => null),
    list: (dir) => readdir(dir).catch(() => []),
    enroll: async (request) => {
      const answer = await enrollWithCode({
        server: request.server,
        code: request.code,
        deviceId: newDeviceId(),
        deviceName: request.deviceName,
      });
      return enrolledConfig(request.server, answer, { insecureHttp: request.insecureHttp });
    },
  };
}
