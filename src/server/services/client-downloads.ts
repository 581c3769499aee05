import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A built client file, open: its size and SHA-256 are those of the bytes `stream()` gives. */
export interface OpenDownload {
  size: number;
  sha256: string;
  /** The file's bytes from the start; closes the file when read to the end (or destroyed). */
  stream(): Readable;
  /** When the bytes will not be sent after all. */
  close(): Promise<void>;
}

/**
 * The SHA-256 of each client build, hashed once per file version (a desktop installer is hundreds
 * of megabytes) and known for as long as its inode, size and time stay the same.
 */
export class ClientDownloads {
  private readonly checksums = new Map<string, { version: string; sha256: string }>();

  /**
   * Opens the file, or null when there is none. The checksum and the bytes come from the same open
   * file: a build renamed over it in between (scripts/agent-build.mjs does) cannot make them differ.
   */
  async open(path: string): Promise<OpenDownload | null> {
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch {
      return null;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const version = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
      let sha256 = this.checksums.get(path)?.version === version ? this.checksums.get(path)?.sha256 : undefined;
      if (sha256 === undefined) {
        const hash = createHash('sha256');
        await pipeline(handle.createReadStream({ start: 0, autoClose: false }), hash);
        sha256 = hash.digest('hex');
        this.checksums.set(path, { version, sha256 });
      }
      return {
        size: info.size,
        sha256,
        stream: () => handle.createReadStream({ start: 0 }),
        close: () => handle.close(),
      };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }
}
