import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, rm } from 'node:fs/promises';

import type { UpdaterDeps } from './deps';

/** However large the server says a build is, the agent writes no more than this (a SEA is about 120 MB). */
export const UPDATE_MAX_BYTES = 512 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 20 * 60 * 1000;

export class UpdateRefused extends Error {}

/**
 * Streams the build into `target`, never past `size` bytes, and returns the SHA-256 of what was
 * written once it is on the disk (fsync). Whatever is at `target` is removed first, and the file
 * is created exclusively without following links: a link placed there cannot make a root
 * process write through it.
 */
export async function downloadTo(url: string, target: string, size: number, deps: UpdaterDeps): Promise<string> {
  await removeEntry(target);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  const file = await open(target, flags, 0o700);
  const hash = createHash('sha256');
  let written = 0;
  try {
    const response = await deps.fetch(url, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS));
    if (response.status !== 200 || !response.body) throw new UpdateRefused(`The download answered HTTP ${response.status}`);
    for await (const chunk of response.body) {
      written += chunk.byteLength;
      if (written > size) throw new UpdateRefused(`The download is larger than the ${size} bytes announced`);
      hash.update(chunk);
      await file.write(chunk);
    }
    if (written !== size) throw new UpdateRefused(`The download has ${written} bytes, not the ${size} announced`);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(target, { force: true });
    if (error instanceof UpdateRefused) throw error;
    throw new UpdateRefused(`The download failed: ${(error as Error).message}`);
  }
  await file.close();
  return hash.digest('hex');
}

/** Removes a file or link (never what a link points to); a folder there is refused, not emptied. */
export async function removeEntry(path: string): Promise<void> {
  const entry = await lstat(path).catch(() => null);
  if (!entry) return;
  if (entry.isDirectory()) throw new UpdateRefused(`${path} is a folder: remove it to allow updates`);
  await rm(path, { force: true });
}
