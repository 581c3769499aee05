/**
 * A Debian release file (`dists/<suite>/InRelease`): among its fields, `SHA256:` lists every
 * index file of the suite as ` <sha256> <size> <path>` lines. apt reads it first to know whether
 * an index changed and whether what it downloaded is whole; so does the catalogue sync. The
 * signature around it is not checked here (the mirror is reached over HTTPS).
 */
export type ReleaseHashes = ReadonlyMap<string, { sha256: string; size: number }>;

const MAX_LINE = 1024;
const HASH_LINE = /^ ([0-9a-f]{64}) +(\d{1,12}) +(\S{1,300})$/;

export function readReleaseHashes(text: string): ReleaseHashes {
  const hashes = new Map<string, { sha256: string; size: number }>();
  let inSha256 = false;
  for (const raw of text.split('\n')) {
    const line = raw.length > MAX_LINE ? '' : raw.trimEnd();
    if (!line.startsWith(' ')) {
      inSha256 = line === 'SHA256:';
      continue;
    }
    if (!inSha256) continue;
    const match = HASH_LINE.exec(line);
    if (match) hashes.set(match[3] as string, { sha256: match[1] as string, size: Number(match[2]) });
  }
  return hashes;
}
