import { ListFormatError } from './format-error';

export interface BrewEntry {
  kind: 'brew' | 'cask';
  /** As written: a formula may carry its tap (`hashicorp/tap/terraform`). */
  name: string;
}

/** Brewfile lines that are valid but name nothing we install: taps, App Store apps, extensions, Ruby control flow. */
const IGNORED = /^(tap|mas|vscode|whalebrew|cask_args|go|cargo|uv|npm|flatpak|if|unless|elsif|else|end)\b/;

/** The `brew` and `cask` entries of a Brewfile, in file order; comments and other directives are skipped. */
export function parseBrewfile(content: string): BrewEntry[] {
  const entries: BrewEntry[] = [];
  for (const [index, rawLine] of content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .entries()) {
    const line = stripComment(rawLine).trim();
    if (line === '' || IGNORED.test(line)) continue;
    const entry = parseEntry(line);
    if (!entry) {
      const shown = line.length > 60 ? `${line.slice(0, 57)}…` : line;
      throw new ListFormatError(`This is not a valid Brewfile: line ${index + 1} (“${shown}”) is not a brew "…" or cask "…" entry.`);
    }
    entries.push(entry);
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

/**
 * One `brew "name"` or `cask 'name'` entry, optionally in parentheses and followed by
 * `, options…`. A single left-to-right scan: a regular expression with `\s*\(?\s*` here
 * backtracked quadratically, and one request of 512 KB of spaces held the server for 98 s.
 */
function parseEntry(line: string): BrewEntry | null {
  const kind = line.startsWith('brew') ? 'brew' : line.startsWith('cask') ? 'cask' : null;
  if (!kind) return null;
  let at = skipSpaces(line, kind.length);
  if (line[at] === '(') at = skipSpaces(line, at + 1);
  const quote = line[at];
  if (quote !== '"' && quote !== "'") return null;
  let end = at + 1;
  while (end < line.length && line[end] !== '"' && line[end] !== "'") end += 1;
  // The name ends at the first quote of either kind, which must match the opening one.
  if (end >= line.length || line[end] !== quote || end === at + 1) return null;
  const name = line.slice(at + 1, end).trim();
  const rest = line.slice(skipSpaces(line, end + 1));
  if (rest !== '' && rest !== ')' && !rest.startsWith(',')) return null;
  return name ? { kind, name } : null;
}

function skipSpaces(line: string, from: number): number {
  let at = from;
  while (at < line.length && isSpace(line.charCodeAt(at))) at += 1;
  return at;
}

/** What `\s` and String#trim treat as white space. */
function isSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
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
