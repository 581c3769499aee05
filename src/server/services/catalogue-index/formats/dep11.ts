/**
 * AppStream metadata as Debian publishes it (DEP-11: `dists/<suite>/main/dep11/Components-<arch>.yml`):
 * a YAML stream, one document per component (an application, a font, an add-on…). Read line by
 * line for the few keys the catalogue keeps, never as YAML: the file is tens of megabytes, and a
 * general YAML parser would build every translation of every description first. Top-level keys
 * start a line; a map's entries are indented two spaces; a list's items start with "- ".
 */
export interface Dep11Component {
  type: string;
  id: string;
  package: string;
  /** The untranslated name (`C`). */
  name: string;
  homepage: string;
  developer: string;
  licence: string;
  /** freedesktop.org categories (`WebBrowser`, `Game`…). */
  categories: string[];
}

const MAX_LINE = 8192;

export async function readDep11(lines: Iterable<string> | AsyncIterable<string>): Promise<Dep11Component[]> {
  const found: Dep11Component[] = [];
  let current: Dep11Component | null = null;
  let key = '';
  /** Under `Developer:`, the name is one level further down (`name:` then `C:`). */
  let sub = '';
  const end = () => {
    if (current?.package && current.id) found.push(current);
    current = null;
  };
  for await (const raw of lines) {
    const line = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
    if (line.startsWith('---')) {
      end();
      current = { type: '', id: '', package: '', name: '', homepage: '', developer: '', licence: '', categories: [] };
      continue;
    }
    if (!current) continue;
    const component: Dep11Component = current;
    if (!line.startsWith(' ') && !line.startsWith('-')) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      key = line.slice(0, colon);
      sub = '';
      const value = scalar(line.slice(colon + 1));
      if (key === 'Type') component.type = value;
      else if (key === 'ID') component.id = value;
      else if (key === 'Package') component.package = value;
      else if (key === 'ProjectLicense') component.licence = value;
      continue;
    }
    if (key === 'Categories' && line.startsWith('- ')) {
      component.categories.push(scalar(line.slice(2)));
      continue;
    }
    const entry = /^( {2}| {4})([^:\s][^:]*):(.*)$/.exec(line);
    if (!entry) continue;
    const [, indent, name = '', rest = ''] = entry;
    if (indent === '  ') sub = name;
    if (key === 'Name' && indent === '  ' && name === 'C') component.name = scalar(rest);
    else if (key === 'Url' && indent === '  ' && name === 'homepage') component.homepage = scalar(rest);
    else if (key === 'DeveloperName' && indent === '  ' && name === 'C') component.developer = scalar(rest);
    else if (key === 'Developer' && indent === '    ' && sub === 'name' && name === 'C') component.developer = scalar(rest);
  }
  end();
  return found;
}

/** A YAML scalar as DEP-11 writes one: plain, 'single-quoted' ('' is a quote) or "double-quoted". */
function scalar(text: string): string {
  const value = text.trim();
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replaceAll("''", "'");
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/\\(["\\/])/g, '$1');
  return value;
}
