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

/** What the mirror said of the package index last time: asked again with these, it answers "not modified" when it is not. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type DebianIndexReading =
  | { unchanged: true; source: string; validators: Validators }
  | { unchanged: false; source: string; validators: Validators; header: SnapshotHeader; entries: IndexEntry[] };

/**
 * Reads Debian's package index and AppStream metadata from a mirror, streamed and decompressed
 * line by line (about 80 MB uncompressed, never held whole), into the catalogue's entries. With
 * the validators of the last reading, a package index the mirror says is not modified costs
 * one request and nothing is read.
 */
export async function readDebianIndex(
  source: DebianSource = DEBIAN_SOURCE,
  { fetchImpl = fetch, since = null }: { fetchImpl?: typeof fetch; since?: Validators | null } = {},
): Promise<DebianIndexReading> {
  let mirror = source.mirror;
  while (mirror.endsWith('/')) mirror = mirror.slice(0, -1);
  const base = `${mirror}/dists/${source.suite}/${source.component}`;
  const headers: Record<string, string> = {};
  if (since?.etag) headers['if-none-match'] = since.etag;
  if (since?.lastModified) headers['if-modified-since'] = since.lastModified;
  const response = await fetchImpl(`${base}/binary-${source.arch}/Packages.gz`, { headers });
  const validators = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
  if (response.status === 304) return { unchanged: true, source: base, validators: since ?? validators };
  const packages = await readDebianPackages(gzipLines(response, `${base}/binary-${source.arch}/Packages.gz`));
  const components = await readDep11(
    gzipLines(await fetchImpl(`${base}/dep11/Components-${source.arch}.yml.gz`), 'the AppStream metadata'),
  );
  const entries = debianApps(packages, components);
  return {
    unchanged: false,
    source: base,
    validators,
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

function gzipLines(response: Response, url: string): AsyncIterable<string> {
  if (!response.ok || !response.body) throw new Error(`${response.url || url} answered ${response.status}`);
  let bytes = 0;
  const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_DOWNLOAD_BYTES) body.destroy(new Error(`${url} is larger than ${MAX_DOWNLOAD_BYTES} bytes`));
  });
  return createInterface({ input: body.pipe(createGunzip()), crlfDelay: Infinity });
}
