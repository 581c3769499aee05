import { PACKAGE_SOURCES, type PackageIdKind } from './package-managers';

export type { PackageIdKind } from './package-managers';

/**
 * The one grammar of package ids, per kind of package id (src/shared/package-managers.ts holds
 * each rule and why). A package id is data that the agent, running as root, hands to a package
 * manager: it must never be read as an option (`--override`), an action (apt reads `name-` as
 * "remove name" and `name+` as "install"), a pattern (apt expands `.`-containing names it does
 * not know as regular expressions, `*?[]` as globs), a path or a third-party Homebrew tap (code
 * from outside the catalogue). The server checks every id it stores with these rules, and the
 * agent checks again before every call; both ends refuse what does not match rather than trying
 * to clean it.
 */
export const PACKAGE_ID_KINDS: readonly PackageIdKind[] = PACKAGE_SOURCES.map((source) => source.kind);

const GRAMMARS = new Map(PACKAGE_SOURCES.map((source) => [source.kind, source.grammar]));

function grammarOf(kind: PackageIdKind) {
  const grammar = GRAMMARS.get(kind);
  if (!grammar) throw new Error(`No package id grammar ${kind}`);
  return grammar;
}

/** Whether `id` is a package id of that kind: the same answer on the server and in the agent. */
export function isValidPackageId(kind: PackageIdKind, id: string): boolean {
  const grammar = grammarOf(kind);
  // Length first: the patterns are linear, but nothing long needs reading at all.
  if (id.length === 0 || id.length > grammar.maxLength || !grammar.pattern.test(id)) return false;
  return 'alsoHolds' in grammar ? grammar.alsoHolds(id) : true;
}

export function packageIdMessage(kind: PackageIdKind): string {
  return grammarOf(kind).message;
}

export function packageIdMaxLength(kind: PackageIdKind): number {
  return grammarOf(kind).maxLength;
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
