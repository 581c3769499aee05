import { isMap, isScalar, isSeq, LineCounter, parseDocument, stringify, type Node, type YAMLMap } from 'yaml';

import type { ImportNote } from '@shared/api/list-import';

import { ListFormatError } from './format-error';
import { shownLine } from './shown-line';

/** One WinGetPackage resource of a configuration file. */
export interface ConfigurePackage {
  id: string;
  line: number;
  fromStore: boolean;
}

export interface ConfigureRead {
  packages: ConfigurePackage[];
  notes: ImportNote[];
}

/** What `winget configure` reads: the DSC resource that installs a package (PowerShell module, or DSC 3's type name). */
const PACKAGE_RESOURCE = /(?:^|\/)WinGetPackage$/i;

/**
 * The packages of a `winget configure` file, in file order, with their line numbers. Both shapes
 * winget reads: `properties.resources` with `resource:` and `settings:` (configuration 0.2), and
 * top-level `resources` with `type:` and `properties:` (DSC 3). A resource that is not a package
 * (developer mode, a setting, a script) is shown back; so is one that removes a package
 * (`Ensure: Absent`): an import only adds apps.
 */
export function readWingetConfigure(content: string): ConfigureRead {
  const lineCounter = new LineCounter();
  // The nodes are read as they are, never turned into objects: an alias stays an alias (not a
  // scalar, so not a value here), and a small file cannot expand into a large one.
  const document = parseDocument(content.replace(/^\uFEFF/, ''), { lineCounter, uniqueKeys: false });
  const [error] = document.errors;
  if (error) throw new ListFormatError(`This is not a winget configuration file: line ${error.linePos?.[0].line ?? 1} is not valid YAML.`);
  const root = document.contents;
  const properties = isMap(root) ? field(root, 'properties') : undefined;
  const resources =
    (isMap(properties) ? field(properties, 'resources') : undefined) ?? (isMap(root) ? field(root, 'resources') : undefined);
  if (!isSeq(resources)) throw new ListFormatError('This is not a winget configuration file: it has no "resources" list.');

  const packages: ConfigurePackage[] = [];
  const notes: ImportNote[] = [];
  for (const item of resources.items) {
    const line = lineCounter.linePos(isNodeWithRange(item) ? item.range[0] : 0).line;
    if (!isMap(item)) {
      notes.push({ line, written: shownLine(String(item)), reason: 'code' });
      continue;
    }
    const type = text(field(item, 'resource')) ?? text(field(item, 'type')) ?? '';
    const settings = field(item, 'settings') ?? field(item, 'properties');
    if (!PACKAGE_RESOURCE.test(type)) {
      notes.push({ line, written: shownLine(type || 'a resource without a type'), reason: 'otherResource' });
      continue;
    }
    const id = isMap(settings) ? text(field(settings, 'id'))?.trim() : undefined;
    if (!id || !isMap(settings)) {
      notes.push({ line, written: shownLine(type), reason: 'invalidId' });
      continue;
    }
    if (text(field(settings, 'ensure'))?.toLowerCase() === 'absent') {
      notes.push({ line, written: id, reason: 'absent' });
      continue;
    }
    const source = text(field(settings, 'source'))?.toLowerCase();
    packages.push({ id, line, fromStore: source === 'msstore' });
  }
  return { packages, notes };
}

/** A file `winget configure -f` applies: each app a WinGetPackage resource, with its pinned version. */
export function formatWingetConfigure(
  packages: ReadonlyArray<{ id: string; name: string; version: string | null }>,
  title: string,
): string {
  const document = {
    properties: {
      configurationVersion: '0.2.0',
      resources: packages.map(({ id, name, version }) => ({
        resource: 'Microsoft.WinGet.DSC/WinGetPackage',
        // The resource's own name within the file (what dependsOn would use): the package id is unique in a list.
        id,
        directives: { description: `Install ${name}`, allowPrerelease: false },
        settings: { id, source: 'winget', ...(version ? { version } : {}) },
      })),
    },
  };
  const comment = `# ${title.replace(/[\r\n]+/g, ' ')} (exported from Loadout): apply with winget configure -f <this file>`;
  return `${comment}\n# yaml-language-server: $schema=https://aka.ms/configuration-dsc-schema/0.2\n${stringify(document)}`;
}

/** A mapping's value by key, compared as winget does: case-insensitively. */
function field(map: YAMLMap, key: string): Node | undefined {
  const wanted = key.toLowerCase();
  for (const pair of map.items) {
    const name = isScalar(pair.key) ? pair.key.value : pair.key;
    if (typeof name === 'string' && name.toLowerCase() === wanted) return (pair.value as Node | null) ?? undefined;
  }
  return undefined;
}

/** A scalar's text (numbers too: a version may be written unquoted); undefined for anything else. */
function text(node: Node | undefined): string | undefined {
  if (!isScalar(node)) return undefined;
  const value = node.value;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function isNodeWithRange(value: unknown): value is { range: [number, number, number] } {
  return typeof value === 'object' && value !== null && 'range' in value && Array.isArray(value.range);
}
