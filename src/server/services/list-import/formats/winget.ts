import { ListFormatError } from './format-error';

/** What `winget export` writes (schema 2.0) and `winget import` reads. */
export const WINGET_SCHEMA = 'https://aka.ms/winget-packages.schema.2.0.json';
const WINGET_SOURCE_DETAILS = {
  Argument: 'https://cdn.winget.microsoft.com/cache',
  Identifier: 'Microsoft.Winget.Source_8wekyb3d8bbwe',
  Name: 'winget',
  Type: 'Microsoft.PreIndexed.Package',
} as const;
/** The winget release whose export format this mirrors; `winget import` does not check it. */
const WINGET_VERSION = '1.9.25200';

/** One package of a `winget export` file, and whether its source is the Microsoft Store (`msstore`). */
export interface WingetEntry {
  id: string;
  fromStore: boolean;
}

/** The packages of a `winget export` file, in file order, as written. */
export function readWinget(content: string): WingetEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch {
    throw new ListFormatError('This is not a winget export file: it is not valid JSON.');
  }
  const sources = isRecord(data) ? data.Sources : undefined;
  if (!Array.isArray(sources)) throw new ListFormatError('This is not a winget export file: it has no "Sources" list.');
  const entries: WingetEntry[] = [];
  for (const source of sources) {
    const packages = isRecord(source) ? source.Packages : undefined;
    if (!Array.isArray(packages)) throw new ListFormatError('This is not a winget export file: a source has no "Packages" list.');
    const fromStore = isStoreSource(isRecord(source) ? source.SourceDetails : undefined);
    for (const entry of packages) {
      const id = isRecord(entry) ? entry.PackageIdentifier : undefined;
      if (typeof id !== 'string' || id.trim() === '') {
        throw new ListFormatError('This is not a winget export file: a package has no "PackageIdentifier".');
      }
      entries.push({ id: id.trim(), fromStore });
    }
  }
  return entries;
}

/**
 * `winget export` names each source: the Microsoft Store's is "msstore" (its ids are store
 * product ids such as 9NBLGGH4NNS1, which the winget source does not have). A file without
 * details is taken as the winget source, which is what `winget import` assumes too.
 */
function isStoreSource(details: unknown): boolean {
  if (!isRecord(details)) return false;
  return details.Name === 'msstore' || details.Identifier === 'StoreEdgeFD';
}

/**
 * A file `winget import` accepts, with the given packages from the winget source; a pinned one
 * carries its version, which `winget import` then installs (as `winget export
 * --include-versions` writes it).
 */
export function formatWinget(packages: ReadonlyArray<{ id: string; version: string | null }>, createdAt: Date): string {
  const file = {
    $schema: WINGET_SCHEMA,
    CreationDate: createdAt.toISOString(),
    Sources: [
      {
        Packages: packages.map(({ id, version }) => (version ? { PackageIdentifier: id, Version: version } : { PackageIdentifier: id })),
        SourceDetails: WINGET_SOURCE_DETAILS,
      },
    ],
    WinGetVersion: WINGET_VERSION,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
