import type { PackageIdField } from '@shared/api/catalogue';

/**
 * Other ids for the same program on the same package manager, and the id the catalogue keeps
 * for it. Each one is a fact of that manager, not a guess: a Homebrew rename or alias
 * (`docker` became `docker-desktop`; `python` is Homebrew's alias of the current python@3.x),
 * or a winget package of the same program from another installer of its publisher. A wrong
 * alias installs another program, so one goes in only when the manager itself says so; a
 * different product line (Firefox ESR, Chrome Beta, another major version) is never an alias.
 * Keys are lower-case, as the managers compare ids.
 */
const ALIASES: Partial<Record<PackageIdField, Readonly<Record<string, string>>>> = {
  homebrew_cask: {
    // Homebrew's cask_renames.json.
    docker: 'docker-desktop',
  },
  homebrew_formula: {
    // Homebrew's Aliases/ folder: these names install the formula on the right.
    python: 'python@3.13',
    python3: 'python@3.13',
    nodejs: 'node',
  },
  winget_id: {
    // Google's own winget package of Chrome's .exe installer: the same browser.
    'google.chrome.exe': 'Google.Chrome',
  },
};

/**
 * Mozilla publishes a winget package per language of its apps (`Mozilla.Firefox.en-GB`,
 * `Mozilla.Thunderbird.de`): the same program as the catalogue's. Two-letter languages with an
 * optional region only, so `Mozilla.Firefox.ESR` (another product line) never matches.
 */
const WINGET_LANGUAGE_BUILD = /^(mozilla\.(?:firefox|thunderbird))\.[a-z]{2}(?:-[a-z]{2})?$/i;
const MOZILLA_IDS: Readonly<Record<string, string>> = {
  'mozilla.firefox': 'Mozilla.Firefox',
  'mozilla.thunderbird': 'Mozilla.Thunderbird',
};

/** The id the catalogue keeps for `id` on that manager, when `id` is another name for it; else null. */
export function canonicalPackageId(field: PackageIdField, id: string): string | null {
  const lower = id.toLowerCase();
  const alias = ALIASES[field]?.[lower];
  if (alias) return alias;
  if (field === 'winget_id') {
    const family = WINGET_LANGUAGE_BUILD.exec(lower)?.[1];
    if (family) return MOZILLA_IDS[family] ?? null;
  }
  return null;
}

/**
 * winget packages that programs bring with them (C++ and .NET runtimes, UI frameworks, the
 * installer itself): `winget export` lists them beside the apps, but nobody chooses them, and in
 * a list they would take the place of apps.
 */
const WINGET_RUNTIME_PREFIXES = [
  'microsoft.vcredist.',
  'microsoft.vclibs.',
  'microsoft.ui.xaml.',
  'microsoft.windowsappruntime.',
  'microsoft.dotnet.runtime.',
  'microsoft.dotnet.desktopruntime.',
  'microsoft.dotnet.aspnetcore.',
  'microsoft.dotnet.hostingbundle.',
];
const WINGET_RUNTIMES = new Set(['microsoft.appinstaller', 'microsoft.directx', 'microsoft.edgewebview2runtime', 'microsoft.vstor']);

export function isWingetRuntime(id: string): boolean {
  const lower = id.toLowerCase();
  return WINGET_RUNTIMES.has(lower) || WINGET_RUNTIME_PREFIXES.some((prefix) => lower.startsWith(prefix));
}
