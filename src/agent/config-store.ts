import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir, userInfo } from 'node:os';
import { join, posix, resolve, win32 } from 'node:path';
import { z } from 'zod';

import { releasePublicKeySchema } from '@shared/api/client';

/** What enrolment leaves on the machine; the credential is a secret (mode 0600, never logged). */
export const agentConfigSchema = z.object({
  server: z.string().min(1),
  deviceId: z.string().min(1),
  deviceName: z.string().min(1),
  credential: z.string().min(1),
  /** Enrolled with --insecure-http: plain http:// to another machine was accepted once, for good. */
  insecureHttp: z.literal(true).optional(),
  /**
   * The server's release key, pinned at enrolment: agent builds must carry its signature. Absent
   * when enrolled before servers signed builds (or with a server that does not): nothing pinned
   * until the machine enrols again.
   */
  releasePublicKey: releasePublicKeySchema.optional(),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

export const CONFIG_FILE = 'agent.json';

export interface ConfigDirEnv {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  /** root on POSIX, SYSTEM (or an elevated service account) on Windows. */
  privileged: boolean;
}

export function currentDirEnv(): ConfigDirEnv {
  return { platform: process.platform, env: process.env, home: homedir(), privileged: isPrivileged() };
}

export function isPrivileged(): boolean {
  if (process.platform !== 'win32') return process.getuid?.() === 0;
  // The SYSTEM account's profile is under system32\config\systemprofile.
  const profile = (process.env.USERPROFILE ?? '').toLowerCase();
  let name = '';
  try {
    name = userInfo().username;
  } catch {
    // No entry for this uid: not SYSTEM either.
  }
  return name.toUpperCase() === 'SYSTEM' || profile.endsWith('\\systemprofile');
}

/**
 * The default folder: per user (XDG_CONFIG_HOME, ~/Library/Application Support, %APPDATA%) or,
 * as root/SYSTEM, the system's (/etc, /Library/Application Support, %ProgramData%), so that a
 * service running as root finds what `sudo … enroll` wrote.
 */
export function defaultConfigDir(e: ConfigDirEnv = currentDirEnv()): string {
  if (e.platform === 'win32') {
    const base = e.privileged
      ? (e.env.ProgramData ?? e.env.PROGRAMDATA ?? 'C:\\ProgramData')
      : (e.env.APPDATA ?? win32.join(e.home, 'AppData', 'Roaming'));
    return win32.join(base, 'Loadout', 'Agent');
  }
  if (e.platform === 'darwin') {
    return e.privileged
      ? '/Library/Application Support/Loadout Agent'
      : posix.join(e.home, 'Library', 'Application Support', 'Loadout Agent');
  }
  if (e.privileged) return '/etc/loadout-agent';
  const xdg = e.env.XDG_CONFIG_HOME;
  return xdg && posix.isAbsolute(xdg) ? posix.join(xdg, 'loadout-agent') : posix.join(e.home, '.config', 'loadout-agent');
}

export function resolveConfigDir(option: string | undefined): string {
  return option ? resolve(option) : defaultConfigDir();
}

export class ConfigStore {
  constructor(readonly dir: string) {}

  get file(): string {
    return join(this.dir, CONFIG_FILE);
  }

  /** The stored enrolment, null when there is none; throws when the file is unreadable or damaged. */
  async load(): Promise<AgentConfig | null> {
    return readPrivateJson(this.file, agentConfigSchema, (message) => new Error(message), 'remove it and enrol again');
  }

  /** Before enrolment spends a code: the folder can be created and written here. */
  async checkWritable(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const probe = join(this.dir, `.probe-${randomBytes(4).toString('hex')}`);
    await writeFile(probe, '', { mode: 0o600 });
    await rm(probe, { force: true });
  }

  /** Written to a temporary file and renamed, so a crash never leaves half a credential. */
  async save(config: AgentConfig): Promise<void> {
    await writePrivateJson(this.dir, CONFIG_FILE, agentConfigSchema.parse(config));
  }

  /** Forgets the enrolment (unenrol, deactivation). True when there was one. */
  remove(): Promise<boolean> {
    return removeFile(this.file);
  }
}

/**
 * A secret-holding JSON file in a folder only its owner can enter (0700), written to a
 * temporary file (0600) and renamed, so a crash never leaves half of it. Shared with the
 * desktop client's credential store.
 */
export async function writePrivateJson(dir: string, fileName: string, value: unknown): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode alone.
  await chmod(dir, 0o700).catch(() => undefined);
  const temporary = join(dir, `.${fileName}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    // The mode given to writeFile is narrowed by the umask only, but say it once more.
    await chmod(temporary, 0o600);
    await rename(temporary, join(dir, fileName));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The file's JSON, null when there is no file; `fail` makes the error for an unreadable or damaged one. */
export async function readJsonFile(file: string, fail: (message: string) => Error, remedy: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw fail(`Cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fail(`${file} is damaged: ${remedy}`);
  }
}

/**
 * A file `writePrivateJson` wrote, read back through `schema`, for the agent's and the desktop
 * client's enrolment alike: null when there is none; a file that does not fit is as damaged as
 * one that is not JSON, and `fail` makes the error for either.
 */
export async function readPrivateJson<T>(
  file: string,
  schema: z.ZodType<T>,
  fail: (message: string) => Error,
  remedy: string,
): Promise<T | null> {
  const json = await readJsonFile(file, fail, remedy);
  if (json === null) return null;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw fail(`${file} is damaged: ${remedy}`);
  return parsed.data;
}

/** Deletes the file (forgetting an enrolment); false when there was none. */
export async function removeFile(file: string): Promise<boolean> {
  try {
    await rm(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
