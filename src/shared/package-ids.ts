/**
 * The one grammar of package ids, per package manager. A package id is data that the agent,
 * running as root, hands to a package manager: it must never be read as an option (`--override`),
 * an action (apt reads `name-` as "remove name" and `name+` as "install"), a pattern (apt expands
 * `.`-containing names it does not know as regular expressions, `*?[]` as globs), a path or a
 * third-party Homebrew tap (code from outside the catalogue). The server checks every id it
 * stores with these rules, and the agent checks again before every call; both ends refuse what
 * does not match rather than trying to clean it.
 *
 * Each rule is the manager's own naming rule narrowed to what real catalogues use:
 * - winget: `Publisher.Package[.More]`, 2 to 8 segments of letters, digits, `_`, `+`, `-`,
 *   each at most 32 long (winget's manifest schema allows more punctuation; no catalogue id uses it).
 * - Homebrew formula or cask: a bare token (`node`, `python@3.12`, `visual-studio-code`); no `/`,
 *   so neither a path nor a `user/tap/name` from outside Homebrew's own taps.
 * - apt: a Debian package name (lower-case letters, digits, `+`, `-`, `.`; starts with a letter or
 *   digit) that also ends with a letter or digit, so apt can never read an action suffix.
 * - Flatpak: a reverse-DNS application id of at least three parts, each starting with a letter or `_`.
 * - Snap: lower-case letters, digits and single inner hyphens, at least one letter, at most 40.
 */
export const PACKAGE_ID_KINDS = ['winget', 'brew-formula', 'brew-cask', 'apt', 'flatpak', 'snap'] as const;
export type PackageIdKind = (typeof PACKAGE_ID_KINDS)[number];

interface Grammar {
  pattern: RegExp;
  maxLength: number;
  /** What the person who typed it reads. */
  message: string;
}

const GRAMMARS: Readonly<Record<PackageIdKind, Grammar>> = {
  winget: {
    pattern: /^[\w+][\w+-]{0,31}(?:\.[\w+-]{1,32}){1,7}$/,
    maxLength: 128,
    message: 'Not a valid winget id (Publisher.Package: letters, digits, "+", "-" and "_")',
  },
  'brew-formula': {
    pattern: /^[a-z0-9][\w@.+-]*$/,
    maxLength: 128,
    message: 'Not a valid Homebrew formula (a name such as "node" or "python@3.12", without a tap or path)',
  },
  'brew-cask': {
    pattern: /^[a-z0-9][\w@.+-]*$/,
    maxLength: 128,
    message: 'Not a valid Homebrew cask (a name such as "firefox", without a tap or path)',
  },
  apt: {
    pattern: /^[a-z0-9][a-z0-9.+-]*[a-z0-9]$/,
    maxLength: 128,
    message: 'Not a valid Debian package name (lower-case letters, digits, "+", "-" and "."; it must end with a letter or digit)',
  },
  flatpak: {
    pattern: /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*){2,}$/,
    maxLength: 255,
    message: 'Not a valid Flatpak application id (reverse-DNS, such as org.mozilla.firefox)',
  },
  snap: {
    pattern: /^[a-z0-9](?:-?[a-z0-9])*$/,
    maxLength: 40,
    message: 'Not a valid snap name (lower-case letters, digits and single hyphens)',
  },
};

/** Whether `id` is a package id of that kind: the same answer on the server and in the agent. */
export function isValidPackageId(kind: PackageIdKind, id: string): boolean {
  const grammar = GRAMMARS[kind];
  // Length first: the patterns are linear, but nothing long needs reading at all.
  if (id.length === 0 || id.length > grammar.maxLength || !grammar.pattern.test(id)) return false;
  // A snap name needs a letter; an apt name with ".+" or ".*" reads as a pattern to a person too.
  if (kind === 'snap') return /[a-z]/.test(id);
  if (kind === 'apt') return !id.includes('.+');
  return true;
}

export function packageIdMessage(kind: PackageIdKind): string {
  return GRAMMARS[kind].message;
}

export function packageIdMaxLength(kind: PackageIdKind): number {
  return GRAMMARS[kind].maxLength;
}

/**
 * A pinned version (docs/pinned-versions.md): like a package id, data the agent hands to a
 * manager run as root, so it is held to one narrow grammar on the server and again in the agent.
 * 1 to 64 characters, starting with a letter or digit (never `-`, so never an option), then
 * letters, digits and `.` `+` `~` `:` `_` `-`: Debian versions with an epoch (`1:2.3-1`) and a
 * tilde (`1.0~rc1`), winget's and Homebrew's dotted versions, snap revisions. No space, `=`, `*`,
 * `/`, quote or shell character: apt reads `name=1.0=x` and `name=1.*` differently, and none of
 * the managers needs them in a version.
 */
export const PINNED_VERSION_MAX_LENGTH = 64;
const PINNED_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.+~:_-]{0,63}$/;
export const PINNED_VERSION_MESSAGE = 'Not a valid version (up to 64 letters, digits and ". + ~ : _ -", starting with a letter or digit)';

/** Whether `version` may be pinned: the same answer on the server and in the agent. */
export function isValidPinnedVersion(version: string): boolean {
  return version.length > 0 && version.length <= PINNED_VERSION_MAX_LENGTH && PINNED_VERSION_PATTERN.test(version);
}
