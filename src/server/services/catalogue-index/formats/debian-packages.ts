/**
 * Debian's package index (`dists/<suite>/main/binary-<arch>/Packages`): one stanza per binary
 * package, fields `Name: value`, continuation lines indented, stanzas apart by a blank line.
 * Only the facts the catalogue keeps are read; descriptions are Debian's words, not ours, and are
 * skipped. One pass over the lines; a line is cut at MAX_LINE before it is looked at.
 */
export interface DebianPackage {
  package: string;
  version: string;
  section: string;
  priority: string;
  essential: boolean;
  homepage: string;
  /** KiB, as Debian states it; null when absent. */
  installedSizeKb: number | null;
  /** Debtags (`role::program`, `interface::x11`…), empty when the package has none. */
  tags: string[];
}

const MAX_LINE = 8192;
const KEPT = new Set(['Package', 'Version', 'Section', 'Priority', 'Essential', 'Homepage', 'Installed-Size', 'Tag']);

export async function readDebianPackages(lines: Iterable<string> | AsyncIterable<string>): Promise<DebianPackage[]> {
  const found: DebianPackage[] = [];
  let fields = new Map<string, string>();
  let last: string | null = null;
  const end = () => {
    const entry = toPackage(fields);
    if (entry) found.push(entry);
    fields = new Map();
    last = null;
  };
  for await (const raw of lines) {
    const line = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
    if (line.trim() === '') {
      end();
      continue;
    }
    if (line.startsWith(' ') || line.startsWith('\t')) {
      // Only the tags run over several lines among the fields kept.
      if (last === 'Tag') fields.set('Tag', `${fields.get('Tag') ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon);
    last = name;
    if (KEPT.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  end();
  return found;
}

function toPackage(fields: ReadonlyMap<string, string>): DebianPackage | null {
  const name = fields.get('Package');
  if (!name) return null;
  const size = Number(fields.get('Installed-Size'));
  return {
    package: name,
    version: fields.get('Version') ?? '',
    // "contrib/games" → "games".
    section: (fields.get('Section') ?? '').split('/').pop() ?? '',
    priority: fields.get('Priority') ?? '',
    essential: fields.get('Essential') === 'yes',
    homepage: fields.get('Homepage') ?? '',
    installedSizeKb: Number.isSafeInteger(size) && size > 0 ? size : null,
    tags: (fields.get('Tag') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
}
