import type { ImportNote, ImportNoteReason } from '@shared/api/list-import';

import { ListFormatError } from './format-error';
import { shownLine } from './shown-line';

/** The kinds of Brewfile entry Loadout installs: formulae, casks and (Homebrew Bundle's) Flatpak apps. */
export type BrewKind = 'brew' | 'cask' | 'flatpak';

export interface BrewEntry {
  kind: BrewKind;
  /** As written: a formula may carry its tap (`hashicorp/tap/terraform`). */
  name: string;
  /** 1-based, in the file as uploaded. */
  line: number;
}

/** What a Brewfile holds for Loadout: its entries in file order, and every other line worth showing back. */
export interface BrewfileRead {
  entries: BrewEntry[];
  notes: ImportNote[];
}

const ENTRY_KINDS: ReadonlySet<string> = new Set<BrewKind>(['brew', 'cask', 'flatpak']);

/**
 * Brewfile directives that are not entries Loadout installs, and why each is shown back. `end`
 * closes a block whose opening line was already shown; it says nothing more.
 */
const DIRECTIVES: Readonly<Record<string, ImportNoteReason | null>> = {
  tap: 'tap',
  mas: 'appStore',
  vscode: 'extension',
  whalebrew: 'otherTool',
  go: 'otherTool',
  cargo: 'otherTool',
  npm: 'otherTool',
  uv: 'otherTool',
  cask_args: 'setting',
  if: 'condition',
  unless: 'condition',
  elsif: 'condition',
  else: 'condition',
  case: 'condition',
  when: 'condition',
  end: null,
};

/**
 * Reads a Brewfile as `brew bundle` would list it, without running it: a Brewfile is Ruby, and
 * people write helpers, conditions and loops in it. Every `brew`, `cask` and `flatpak` entry is
 * read (also under a condition, which is shown back as not checked); every other line that is
 * not blank or a comment is shown back with its number and the reason. A file with no entry at
 * all and lines that are not Brewfile directives is not a Brewfile: that is refused, naming the
 * first such line.
 */
export function readBrewfile(content: string): BrewfileRead {
  const entries: BrewEntry[] = [];
  const notes: ImportNote[] = [];
  let firstCode: { line: number; text: string } | null = null;
  for (const [index, rawLine] of content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .entries()) {
    const text = stripComment(rawLine).trim();
    if (text === '') continue;
    const line = index + 1;
    const word = leadingWord(text);
    if (ENTRY_KINDS.has(word)) {
      const entry = parseEntry(text, word as BrewKind);
      if (entry) {
        entries.push({ kind: entry.kind, name: entry.name, line });
        if (entry.conditional) notes.push({ line, written: shownLine(text), reason: 'condition' });
        continue;
      }
    } else if (word in DIRECTIVES) {
      const reason = DIRECTIVES[word];
      if (reason) notes.push({ line, written: shownLine(text), reason });
      continue;
    }
    firstCode ??= { line, text };
    notes.push({ line, written: shownLine(text), reason: 'code' });
  }
  if (entries.length === 0 && firstCode) {
    const shown = shownLine(firstCode.text, 60);
    throw new ListFormatError(`This is not a valid Brewfile: line ${firstCode.line} (“${shown}”) is not a brew "…" or cask "…" entry.`);
  }
  return { entries, notes };
}

/** `cask "…"` lines first (apps), then `brew "…"` (formulae), then `flatpak "…"`, as `brew bundle` reads them. */
export function formatBrewfile(entries: ReadonlyArray<Omit<BrewEntry, 'line'>>, title?: string): string {
  const lines = title ? [`# ${title.replace(/[\r\n]+/g, ' ')} (exported from Loadout)`] : [];
  for (const kind of ['cask', 'brew', 'flatpak'] as const) {
    for (const entry of entries) if (entry.kind === kind) lines.push(`${kind} "${entry.name}"`);
  }
  return `${lines.join('\n')}\n`;
}

/** The identifier a line starts with (`brew`, `cask_args`, `exists?`), or '' when it starts otherwise. */
function leadingWord(text: string): string {
  let end = 0;
  while (end < text.length && /[A-Za-z0-9_?!]/.test(text.charAt(end))) end += 1;
  return /^[A-Za-z_]/.test(text) ? text.slice(0, end) : '';
}

/**
 * One `brew "name"` or `cask 'name'` entry, optionally in parentheses and followed by
 * `, options…` and an `if`/`unless` modifier. A single left-to-right scan: a regular expression
 * with `\s*\(?\s*` here backtracked quadratically, and one request of 512 KB of spaces held
 * the server for 98 s.
 */
function parseEntry(line: string, kind: BrewKind): { kind: BrewKind; name: string; conditional: boolean } | null {
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
  const conditional = hasModifier(rest);
  if (rest !== '' && rest !== ')' && !rest.startsWith(',') && !conditional) return null;
  return name ? { kind, name, conditional } : null;
}

/**
 * Whether the rest of an entry holds a Ruby `if` or `unless` modifier outside quotes
 * (`, args: [...] unless exists?("…")`). One pass, each place compared with two short words.
 */
function hasModifier(rest: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < rest.length; i += 1) {
    const char = rest.charAt(i);
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if ((i === 0 || ' \t)'.includes(rest.charAt(i - 1))) && (isWordAt(rest, i, 'if') || isWordAt(rest, i, 'unless'))) return true;
  }
  return false;
}

function isWordAt(text: string, at: number, word: string): boolean {
  if (!text.startsWith(word, at)) return false;
  const after = text.charAt(at + word.length);
  return after === '' || after === ' ' || after === '\t' || after === '(';
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
