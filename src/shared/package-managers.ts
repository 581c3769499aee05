/**
 * The package managers Loadout installs through, and the package ids the catalogue keeps for
 * them: the one place that names them. The API contract (which id fields an app has and their
 * grammar), the database's columns, the catalogue's per-platform counts, the agent's choice of
 * manager and the web app's labels are all derived from these two tables. Adding a manager is
 * an entry in each, an installer in the agent, its output parsers, and a migration adding the
 * column (docs/guides/adding-a-package-manager.md).
 *
 * Plain data, no library: the agent, the server, the web app and the desktop client all import it.
 */

/** Where an app can be installed, derived from which package ids it has. */
export const PLATFORMS = ['windows', 'macos', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Node's name for each platform (`process.platform`): the agent knows where it runs by it. */
export const NODE_PLATFORMS = { windows: 'win32', macos: 'darwin', linux: 'linux' } as const satisfies Record<Platform, string>;

interface ManagerSpec {
  readonly name: string;
  /** What a person reads: "Homebrew", "Flatpak". */
  readonly label: string;
  readonly platform: Platform;
  /**
   * What removing an app with "purge" also takes, in the manager's own terms (the uninstall
   * dialog); null for a manager that has no such removal (its installer has no `canPurge`).
   */
  readonly purge: string | null;
  /**
   * Whether it can install a chosen version (a pin, a rollback), and if not, why, in the words a
   * rollback's plan shows beside an app it cannot take back.
   */
  readonly chosenVersion: { readonly exact: boolean; readonly note: string };
}

/**
 * The real package managers, each platform's in the order they are preferred: an app that two
 * managers of a platform know is installed by the first one the machine has.
 */
export const PACKAGE_MANAGERS = [
  {
    name: 'winget',
    label: 'winget',
    platform: 'windows',
    purge: 'Its settings go too.',
    chosenVersion: { exact: true, note: 'winget installs that version (--version).' },
  },
  {
    name: 'choco',
    label: 'Chocolatey',
    platform: 'windows',
    // `choco uninstall` has no option that removes an app's settings or data.
    purge: null,
    chosenVersion: { exact: true, note: 'Chocolatey installs that version (--version).' },
  },
  {
    name: 'brew',
    label: 'Homebrew',
    platform: 'macos',
    purge: 'Its settings and caches go too (brew uninstall --zap).',
    chosenVersion: { exact: false, note: 'Homebrew installs only its newest version: it cannot go back to an older one.' },
  },
  {
    name: 'apt',
    label: 'apt',
    platform: 'linux',
    purge: 'Its configuration files go too (apt-get purge), for every package listed; without this apt keeps them.',
    chosenVersion: { exact: true, note: 'apt installs that version while its sources still have it.' },
  },
  {
    name: 'flatpak',
    label: 'Flatpak',
    platform: 'linux',
    purge: 'Its data folder goes too (flatpak uninstall --delete-data).',
    chosenVersion: { exact: false, note: 'Flatpak chooses a commit, not a version number: it cannot go back to a version.' },
  },
  {
    name: 'snap',
    label: 'Snap',
    platform: 'linux',
    purge: 'Its data goes too, with no snapshot kept (snap remove --purge).',
    chosenVersion: { exact: false, note: 'Snap chooses a channel or a revision, not a version number: it cannot go back to a version.' },
  },
] as const satisfies readonly ManagerSpec[];

export type RealManagerName = (typeof PACKAGE_MANAGERS)[number]['name'];
/**
 * Every manager an agent may report: the real ones, and `simulated`, which installs nothing
 * (tests, demonstrations) and is used only when asked for by name.
 */
export const MANAGER_NAMES = [...PACKAGE_MANAGERS.map((manager) => manager.name), 'simulated'] as const;
export type ManagerName = RealManagerName | 'simulated';

/** A manager's entry; `simulated` has none. */
export function packageManager(name: string): (typeof PACKAGE_MANAGERS)[number] | undefined {
  return PACKAGE_MANAGERS.find((manager) => manager.name === name);
}

/** "Homebrew": what a person reads for a manager's name (`simulated` as itself, capitalised). */
export function managerLabel(name: string): string {
  return packageManager(name)?.label ?? (name === 'simulated' ? 'Simulated' : name);
}

/**
 * The grammar a package id is held to: the manager's own naming rule narrowed to what real
 * catalogues use. A package id is data the agent, running as root, hands to a package manager:
 * the grammar is what makes sure it is never read as an option, an action, a pattern or a path
 * (src/shared/package-ids.ts applies it, on the server and again in the agent).
 */
interface IdGrammar {
  /** Linear: no nested quantifiers (untrusted text is read in linear time). */
  readonly pattern: RegExp;
  readonly maxLength: number;
  /** What the person who typed it reads. */
  readonly message: string;
  /** A rule beyond the pattern, checked after it (on text already known to be short and plain). */
  readonly alsoHolds?: (id: string) => boolean;
}

interface PackageSourceSpec {
  /** The API's field and the database's column on `apps` (snake_case, as the API's fields are). */
  readonly field: string;
  /** The name of its grammar; agents check ids by it. */
  readonly kind: string;
  readonly manager: RealManagerName;
  /** Homebrew: a cask rather than a formula (they share names and are different packages). */
  readonly cask?: true;
  /** What the field is called in a form and a sentence ("this apt package"). */
  readonly label: string;
  /** A valid id, shown as a form's placeholder. */
  readonly example: string;
  readonly grammar: IdGrammar;
}

/**
 * The package ids an app may have, one per source: each platform's in the order they are
 * preferred (on Windows winget, then Chocolatey; on macOS a cask first: catalogue apps are mostly
 * desktop apps, which Homebrew ships as casks; on Linux apt, then Flatpak, then Snap).
 *
 * The grammars:
 * - winget: `Publisher.Package[.More]`, 2 to 8 segments of letters, digits, `_`, `+`, `-`, each at
 *   most 32 long (winget's manifest schema allows more punctuation; no catalogue id uses it).
 * - Homebrew formula or cask: a bare token (`node`, `python@3.12`, `visual-studio-code`); no `/`,
 *   so neither a path nor a `user/tap/name` from outside Homebrew's own taps.
 * - apt: a Debian package name (lower-case letters, digits, `+`, `-`, `.`; starts with a letter or
 *   digit) that also ends with a letter or digit, so apt can never read an action suffix (`name-`
 *   removes, `name+` installs); `.+` is refused too, apt would read a pattern.
 * - Chocolatey: a NuGet package id (`googlechrome`, `7zip.install`, `nodejs-lts`): ASCII letters,
 *   digits and `_` in parts joined by single `.` or `-`, at most 100 long (NuGet's own limit). So
 *   never `-x` or `/x` (choco reads both as options), a path, `;` (choco's list separator) or a
 *   space; nor the names choco gives a meaning: `all` (every package), `*.config` (a packages.config
 *   file), `*.nupkg` and `*.nuspec` (a package file to install or build).
 * - Flatpak: a reverse-DNS application id of at least three parts, each starting with a letter or `_`.
 * - Snap: lower-case letters, digits and single inner hyphens, at least one letter, at most 40.
 */
export const PACKAGE_SOURCES = [
  {
    field: 'winget_id',
    kind: 'winget',
    manager: 'winget',
    label: 'winget id',
    example: 'Mozilla.Firefox',
    grammar: {
      pattern: /^[\w+][\w+-]{0,31}(?:\.[\w+-]{1,32}){1,7}$/,
      maxLength: 128,
      message: 'Not a valid winget id (Publisher.Package: letters, digits, "+", "-" and "_")',
    },
  },
  {
    field: 'choco_id',
    kind: 'choco',
    manager: 'choco',
    label: 'Chocolatey package',
    example: 'firefox',
    grammar: {
      pattern: /^[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*$/,
      maxLength: 100,
      message: 'Not a valid Chocolatey package id (letters, digits and "_", joined by "." or "-", such as "7zip.install")',
      alsoHolds: (id: string) => !/^all$|\.(?:config|nupkg|nuspec)$/i.test(id),
    },
  },
  {
    field: 'homebrew_cask',
    kind: 'brew-cask',
    manager: 'brew',
    cask: true,
    label: 'Homebrew cask',
    example: 'firefox',
    grammar: {
      pattern: /^[a-z0-9][\w@.+-]*$/,
      maxLength: 128,
      message: 'Not a valid Homebrew cask (a name such as "firefox", without a tap or path)',
    },
  },
  {
    field: 'homebrew_formula',
    kind: 'brew-formula',
    manager: 'brew',
    label: 'Homebrew formula',
    example: 'sevenzip',
    grammar: {
      pattern: /^[a-z0-9][\w@.+-]*$/,
      maxLength: 128,
      message: 'Not a valid Homebrew formula (a name such as "node" or "python@3.12", without a tap or path)',
    },
  },
  {
    field: 'apt_package',
    kind: 'apt',
    manager: 'apt',
    label: 'apt package',
    example: 'firefox-esr',
    grammar: {
      pattern: /^[a-z0-9][a-z0-9.+-]*[a-z0-9]$/,
      maxLength: 128,
      message: 'Not a valid Debian package name (lower-case letters, digits, "+", "-" and "."; it must end with a letter or digit)',
      // ".+" or ".*" reads as a pattern, to apt and to a person.
      alsoHolds: (id: string) => !id.includes('.+'),
    },
  },
  {
    field: 'flatpak_id',
    kind: 'flatpak',
    manager: 'flatpak',
    label: 'Flatpak id',
    example: 'org.mozilla.firefox',
    grammar: {
      pattern: /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*){2,}$/,
      maxLength: 255,
      message: 'Not a valid Flatpak application id (reverse-DNS, such as org.mozilla.firefox)',
    },
  },
  {
    field: 'snap_name',
    kind: 'snap',
    manager: 'snap',
    label: 'Snap name',
    example: 'firefox',
    grammar: {
      pattern: /^[a-z0-9](?:-?[a-z0-9])*$/,
      maxLength: 40,
      message: 'Not a valid snap name (lower-case letters, digits and single hyphens)',
      alsoHolds: (id: string) => /[a-z]/.test(id),
    },
  },
] as const satisfies readonly PackageSourceSpec[];

export type PackageSource = (typeof PACKAGE_SOURCES)[number];
export type PackageIdField = PackageSource['field'];
export type PackageIdKind = PackageSource['kind'];

/** Every package id field, in the registry's order (the API's and the forms' order). */
export const PACKAGE_ID_FIELDS: readonly PackageIdField[] = PACKAGE_SOURCES.map((source) => source.field);

/** The entry of a package id field. */
export function packageSource(field: PackageIdField): PackageSource {
  const source = PACKAGE_SOURCES.find((each) => each.field === field);
  if (!source) throw new Error(`No package source ${field}`);
  return source;
}

/** Which platform a package id field installs on. */
export function platformOfField(field: PackageIdField): Platform {
  return packageManager(packageSource(field).manager)!.platform;
}

/** A platform's package id fields, in the order they are preferred. */
export function fieldsOfPlatform(platform: Platform): PackageIdField[] {
  return PACKAGE_ID_FIELDS.filter((field) => platformOfField(field) === platform);
}

/** A platform's real managers, in the order they are preferred. */
export function managersOfPlatform(platform: Platform): RealManagerName[] {
  return PACKAGE_MANAGERS.filter((manager) => manager.platform === platform).map((manager) => manager.name);
}

/**
 * The package id field a manager's package goes in (Homebrew's by `cask`: a cask or a formula);
 * null for a manager the catalogue has no field for (`simulated`, or a name an agent made up).
 */
export function fieldOfPackage(manager: string, cask: boolean | undefined): PackageIdField | null {
  const sources = PACKAGE_SOURCES.filter((each) => each.manager === manager);
  const source = sources.length > 1 ? sources.find((each) => 'cask' in each === Boolean(cask)) : sources[0];
  return source?.field ?? null;
}

/** An app's ids per package id field, as the API, the database and a job carry them. */
export type PackageIds<T> = { [F in PackageIdField]: T };

/** One value for every package id field: `{ winget_id: f('winget_id'), … }`. */
export function perPackageField<T>(value: (field: PackageIdField) => T): PackageIds<T> {
  return Object.fromEntries(PACKAGE_ID_FIELDS.map((field) => [field, value(field)])) as PackageIds<T>;
}

/** The package ids of anything that has them (a database row, a form's input), and nothing else. */
export function packageIdsOf<T>(source: PackageIds<T>): PackageIds<T> {
  return perPackageField((field) => source[field]);
}
