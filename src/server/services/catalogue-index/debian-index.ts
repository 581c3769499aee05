import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';

import { debianApps } from './debian-apps';
import { readDebianPackages } from './formats/debian-packages';
import { readReleaseHashes } from './formats/debian-release';
import { readDep11 } from './formats/dep11';
import type { IndexEntry } from './index-entry';
import type { SnapshotHeader } from './snapshot-file';

/** Which Debian archive to read: a mirror, a release, a component and an architecture. */
export interface DebianSource {
  mirror: string;
  suite: string;
  component: string;
  arch: string;
}

/** Debian 13, the release Loadout's Linux machines are tested on. */
export const DEBIAN_SOURCE: DebianSource = { mirror: 'https://deb.debian.org/debian', suite: 'trixie', component: 'main', arch: 'amd64' };

/** "Debian trixie main, amd64": how the catalogue names this index, in a snapshot and in each sync's record. */
export const debianIndexName = (source: DebianSource) => `Debian ${source.suite} ${source.component}, ${source.arch}`;

/** Past this, a download is stopped: Debian's two files are about 21 MB compressed, its release file 140 KB. */
const MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024;
const MAX_RELEASE_BYTES = 4 * 1024 * 1024;

/** The SHA-256 of the two files an index is read from, as the suite's release file gave them. */
export interface IndexVersion {
  packages: string;
  components: string;
}

export type DebianIndexReading =
  | { unchanged: true; source: string; version: IndexVersion }
  | { unchanged: false; source: string; version: IndexVersion; header: SnapshotHeader; entries: IndexEntry[] };

/**
 * Reads Debian's package index and AppStream metadata from a mirror as apt does: the suite's
 * release file first (140 KB), which gives each file's SHA-256. When both are those of the last
 * reading (`since`), nothing else is read. Otherwise both files are streamed and decompressed
 * line by line (about 80 MB uncompressed, never held whole) into the catalogue's entries, and
 * each is hashed as it arrives: a file that does not match the release file (cut short, or
 * changed between the two reads) is refused and nothing is applied.
 */
export async function readDebianIndex(
  source: DebianSource = DEBIAN_SOURCE,
  { since = null }: { since?: IndexVersion | null } = {},
): Promise<DebianIndexReading> {
  let mirror = source.mirror;
  while (mirror.endsWith('/')) mirror = mirror.slice(0, -1);
  const suite = `${mirror}/dists/${source.suite}`;
  const base = `${suite}/${source.component}`;
  const packagesPath = `${source.component}/binary-${source.arch}/Packages.gz`;
  const componentsPath = `${source.component}/dep11/Components-${source.arch}.yml.gz`;

  const release = readReleaseHashes(await boundedText(await get(`${suite}/InRelease`), MAX_RELEASE_BYTES, 'the release file'));
  const packagesHash = release.get(packagesPath)?.sha256;
  const componentsHash = release.get(componentsPath)?.sha256;
  if (!packagesHash || !componentsHash) throw new Error(`the release file of ${suite} does not list ${packagesPath} and ${componentsPath}`);
  const version = { packages: packagesHash, components: componentsHash };
  if (since?.packages === version.packages && since.components === version.components) return { unchanged: true, source: base, version };

  const packagesFile = hashedGzipLines(await get(`${suite}/${packagesPath}`), packagesPath);
  const packages = await readDebianPackages(packagesFile.lines);
  packagesFile.check(version.packages);
  const componentsFile = hashedGzipLines(await get(`${suite}/${componentsPath}`), componentsPath);
  const components = await readDep11(componentsFile.lines);
  componentsFile.check(version.components);
  const entries = debianApps(packages, components);
  return {
    unchanged: false,
    source: base,
    version,
    header: {
      index: debianIndexName(source),
      field: 'apt_package',
      source: base,
      readAt: new Date().toISOString().slice(0, 10),
      count: entries.length,
      version,
    },
    entries,
  };
}

/** A request to the mirror; one that gets no answer says where it went and why (Node's own words are "fetch failed"). */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    const why = cause ? ((cause as NodeJS.ErrnoException).code ?? cause.message) : String(error);
    throw new Error(`${url} could not be reached (${why})`);
  }
}

async function boundedText(response: Response, limit: number, what: string): Promise<string> {
  if (!response.ok) throw new Error(`${what} (${response.url}) answered ${response.status}`);
  const text = await response.text();
  if (text.length > limit) throw new Error(`${what} is larger than ${limit} bytes`);
  return text;
}

/** The file's lines, decompressed as they arrive, and a check of the SHA-256 of its compressed bytes once they are read. */
function hashedGzipLines(response: Response, path: string): { lines: AsyncIterable<string>; check: (sha256: string) => void } {
  if (!response.ok || !response.body) throw new Error(`${path} answered ${response.status}`);
  const hash = createHash('sha256');
  let bytes = 0;
  const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    hash.update(chunk);
    if (bytes > MAX_DOWNLOAD_BYTES) body.destroy(new Error(`${path} is larger than ${MAX_DOWNLOAD_BYTES} bytes`));
  });
  return {
    lines: createInterface({ input: body.pipe(createGunzip()), crlfDelay: Infinity }),
    check: (sha256) => {
      const got = hash.digest('hex');
      if (got !== sha256) throw new Error(`${path} does not match the release file (SHA-256 ${got}, expected ${sha256}): not applied`);
    },
  };
}
