// Test support for install and uninstall: the real file functions under a temporary root, the
// system's commands recorded instead of run, and enrolment answered in memory (the server is
// the network edge; commands.test.ts covers enrolment against its answers).
import { lstat, mkdir, mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { AgentConfig } from '../config-store';
import { systemInstallDeps, type EnrolRequest, type InstallDeps } from './deps';

const SYSTEM_FOLDERS: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ['etc/systemd/system', 'usr/local/bin', 'usr/local/lib'],
  darwin: ['Library/Application Support', 'Library/LaunchDaemons'],
  win32: ['C/Program Files', 'C/ProgramData'],
};

export interface FakeMachine {
  root: string;
  /** A folder outside the root: downloads, and what a planted link points at. */
  outside: string;
  deps: InstallDeps;
  ran: string[];
  enrolments: EnrolRequest[];
  left: AgentConfig[];
  /** Tells the (fake) server an enrolment is gone. */
  leave: (config: AgentConfig) => Promise<void>;
  /** Writes a downloaded program outside the root and returns its path. */
  download: (name: string, content: string) => Promise<string>;
  cleanup: () => Promise<void>;
}

export async function fakeMachine(
  platform: NodeJS.Platform,
  options: { systemd?: boolean; privileged?: boolean; failing?: string[] } = {},
): Promise<FakeMachine> {
  const root = await mkdtemp(join(tmpdir(), 'agent-install-root-'));
  const outside = await mkdtemp(join(tmpdir(), 'agent-install-outside-'));
  if (platform === 'linux' && options.systemd !== false) await mkdir(join(root, 'run/systemd/system'), { recursive: true });
  // The folders every such machine has: install and uninstall leave them alone.
  for (const dir of SYSTEM_FOLDERS[platform] ?? []) await mkdir(join(root, dir), { recursive: true });
  const ran: string[] = [];
  const enrolments: EnrolRequest[] = [];
  const left: AgentConfig[] = [];
  const deps: InstallDeps = {
    ...systemInstallDeps(),
    platform,
    root,
    env: platform === 'win32' ? { ProgramFiles: 'C:\\Program Files', ProgramData: 'C:\\ProgramData' } : {},
    privileged: options.privileged !== false,
    owner: null,
    run: async (program, args) => {
      const line = [program, ...args].join(' ');
      ran.push(line);
      const ok = !(options.failing ?? []).some((prefix) => line.startsWith(prefix));
      return { ok, output: ok ? '' : 'Failed' };
    },
    enroll: async (request) => {
      enrolments.push(request);
      const n = enrolments.length;
      return { server: request.server, deviceId: `agent-${n}`, deviceName: request.deviceName, credential: `credential-${n}` };
    },
  };
  return {
    root,
    outside,
    deps,
    ran,
    enrolments,
    left,
    leave: async (config) => {
      left.push(config);
    },
    download: async (name, content) => {
      const path = join(outside, name);
      await writeFile(path, content, { mode: 0o644 });
      return path;
    },
    cleanup: async () => {
      await rm(root, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    },
  };
}

/** Every path under `dir` with what it is ("file", "dir", "link -> target"), sorted. */
export async function tree(dir: string, prefix = ''): Promise<string[]> {
  const lines: string[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const path = join(dir, name);
    const stat = await lstat(path);
    const rel = `${prefix}${name}`;
    if (stat.isSymbolicLink()) lines.push(`${rel} -> ${await readlink(path)}`);
    else if (stat.isDirectory()) lines.push(`${rel}/`, ...(await tree(path, `${rel}/`)));
    else lines.push(rel);
  }
  return lines;
}
