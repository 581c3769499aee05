import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

import { nativeAgentBuildSchema, type NativeAgentBuild } from '@shared/api/client';

/** build-status.json as scripts/agent-native/build-status.mjs writes it beside the builds. */
export const BUILD_STATUS_FILE = 'build-status.json';

const statusFileSchema = nativeAgentBuildSchema.extend({ pid: z.number().int().positive().optional() });

/** Whether a process of this machine is alive; EPERM means it is, only someone else's. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The build under way in the native builds folder, or the last one that failed; null when there is
 * neither. Read on every request (a small file), so a build that `npm start` began shows up, and
 * goes, without a restart. A "building" status whose process is gone (killed with the server)
 * counts as nothing: the server never says a build is coming that is not.
 */
export async function readNativeBuildStatus(dir: string): Promise<NativeAgentBuild | null> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(join(dir, BUILD_STATUS_FILE), 'utf8'));
  } catch {
    return null;
  }
  const parsed = statusFileSchema.safeParse(json);
  if (!parsed.success) return null;
  const { pid, ...status } = parsed.data;
  if (status.state === 'building' && (pid === undefined || !isAlive(pid))) return null;
  return status;
}
