import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';

import { isValidPackageField, PACKAGE_ID_FIELDS } from '@shared/api/catalogue';

import { INDEX_CATEGORIES, type IndexEntry } from './index-entry';

/**
 * An index as the repository ships it (`resources/catalogue/index/<field>.jsonl.gz`), so that a
 * server with no network has the whole catalogue: gzip, one JSON value a line. The first line
 * says which index and when it was read; every other line is one entry as an array (the names
 * of the fields would double the file).
 */
export const snapshotHeaderSchema = z.object({
  /** "Debian 13 (trixie) main, amd64". */
  index: z.string().min(1).max(200),
  field: z.enum(PACKAGE_ID_FIELDS),
  /** Where it was read from, and when (ISO date). */
  source: z.string().max(500),
  readAt: z.string().max(40),
  count: z.number().int().min(0),
  /** The SHA-256 of the files it was read from, as the release file gave them: the first sync reads nothing when they are the same. */
  version: z.object({ packages: z.string().max(64), components: z.string().max(64) }).optional(),
});
export type SnapshotHeader = z.infer<typeof snapshotHeaderSchema>;

const text = (max: number) => z.string().max(max);
const entryLineSchema = z.tuple([
  text(255).min(1),
  text(200),
  text(500),
  text(200),
  text(200),
  text(100),
  z.number().int().min(0),
  z.enum(INDEX_CATEGORIES),
  z.number().int().positive().nullable(),
]);

/** Lines past this are not read: no entry needs more. */
const MAX_LINE = 4096;

export async function writeSnapshot(path: string, header: SnapshotHeader, entries: readonly IndexEntry[]): Promise<void> {
  function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for (const entry of entries)
      yield `${JSON.stringify([
        entry.packageId,
        entry.name,
        entry.homepage,
        entry.publisher,
        entry.licence,
        entry.version,
        entry.popularity,
        entry.category,
        entry.installedSizeKb,
      ])}\n`;
  }
  await pipeline(Readable.from(lines()), createGzip({ level: 9 }), createWriteStream(path));
}

/**
 * Reads a shipped index. A line that does not hold an entry of the header's field (the wrong
 * shape, an id its manager's grammar refuses) is skipped and counted: the file is ours, but an
 * id is data for an agent that runs as root, so it is checked like any other.
 */
export async function readSnapshot(path: string): Promise<{ header: SnapshotHeader; entries: IndexEntry[]; refused: number }> {
  const reader = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  let header: SnapshotHeader | null = null;
  const entries: IndexEntry[] = [];
  let refused = 0;
  for await (const line of reader) {
    if (line.length > MAX_LINE) {
      refused += 1;
      continue;
    }
    if (!header) {
      header = snapshotHeaderSchema.parse(JSON.parse(line));
      continue;
    }
    const parsed = entryLineSchema.safeParse(safeJson(line));
    if (!parsed.success || !isValidPackageField(header.field, parsed.data[0])) {
      refused += 1;
      continue;
    }
    const [packageId, name, homepage, publisher, licence, version, popularity, category, installedSizeKb] = parsed.data;
    entries.push({ field: header.field, packageId, name, homepage, publisher, licence, version, popularity, category, installedSizeKb });
  }
  if (!header) throw new Error(`${path} is empty`);
  return { header, entries, refused };
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
