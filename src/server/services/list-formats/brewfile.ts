import { ListFormatError } from './format-error';

export interface BrewEntry {
  kind: 'brew' | 'cask';
  /** As written: a formula may carry its tap (`hashicorp/tap/terraform`). */
  name: string;
}

const ENTRY = /^(brew|cask)\s*\(?\s*(["'])([^"']+)\2\s*(?:,.*)?\)?$/;
/** Brewfile lines that are valid but name nothing we install: taps, App Store apps, extensions, Ruby control flow. */
const IGNORED = /^(tap|mas|vscode|whalebrew|cask_args|go|cargo|uv|npm|flatpak|if|unless|elsif|else|end)\b/;

/** The `brew` and `cask` entries of a Brewfile, in file order; comments and other directives are skipped. */
export function parseBrewfile(content: string): BrewEntry[] {
  const entries: BrewEntry[] = [];
  for (const [index, rawLine] of content.replace(/^\uFEFF/, '').split(/\r?\n/).entries()) {
    const line = stripComment(rawLine).trim();
    if (line === '' || IGNORED.test(line)) continue;
    const match = ENTRY.exec(line);
    if (!match) {
      const shown = line.length > 60 ? `${line.slice(0, 57)}…` : line;
      throw new ListFormatError(`This is not a valid Brewfile: line ${index + 1} (“${shown}”) is not a brew "…" or cask "…" entry.`);
    }
    entries.push({ kind: match[1] as BrewEntry['kind'], name: (match[3] ?? '').trim() });
  }
  return entries;
}

/** `cask "…"` lines first (apps), then `brew "…"` (formulae), as `brew bundle` reads them. */
export function formatBrewfile(entries: readonly BrewEntry[], title?: string): string {
  const lines = title ? [`# ${title.replace(/[\r\n]+/g, ' ')} (exported from Loadout)`] : [];
  for (const kind of ['cask', 'brew'] as const) {
    for (const entry of entries) if (entry.kind === kind) lines.push(`${kind} "${entry.name}"`);
  }
  return `${lines.join('\n')}\n`;
}

/** Drops a `#` comment that is not inside quotes. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '#') {
      return line.slice(0, i);
    }
  }
  return line;
}
