import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';

import { debianApps } from './debian-apps';
import { readDebianPackages } from './formats/debian-packages';
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

/** Past this, a download is stopped: Debian's two files are about 21 MB compressed. */
const MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024;

/**
 * Reads Debian's package index and AppStream metadata from a mirror, streamed and decompressed
 * line by line (about 80 MB uncompressed, never held whole), into the catalogue's entries.
 */
export async function readDebianIndex(
  source: DebianSource = DEBIAN_SOURCE,
  fetchImpl: typeof fetch = fetch,
): Promise<{ header: SnapshotHeader; entries: IndexEntry[] }> {
  let mirror = source.mirror;
  while (mirror.endsWith('/')) mirror = mirror.slice(0, -1);
  const base = `${mirror}/dists/${source.suite}/${source.component}`;
  const packages = await readDebianPackages(await gzipLines(fetchImpl, `${base}/binary-${source.arch}/Packages.gz`));
  const components = await readDep11(await gzipLines(fetchImpl, `${base}/dep11/Components-${source.arch}.yml.gz`));
  const entries = debianApps(packages, components);
  return {
    header: {
      index: `Debian ${source.suite} ${source.component}, ${source.arch}`,
      field: 'apt_package',
      source: base,
      readAt: new Date().toISOString().slice(0, 10),
      count: entries.length,
    },
    entries,
  };
}

async function gzipLines(fetchImpl: typeof fetch, url: string): Promise<AsyncIterable<string>> {
  const response = await fetchImpl(url);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let bytes = 0;
  const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_DOWNLOAD_BYTES) body.destroy(new Error(`${url} is larger than ${MAX_DOWNLOAD_BYTES} bytes`));
  });
  return createInterface({ input: body.pipe(createGunzip()), crlfDelay: Infinity });
}
