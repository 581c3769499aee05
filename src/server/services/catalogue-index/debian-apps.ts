import { isValidPackageId } from '@shared/package-ids';

import type { DebianPackage } from './formats/debian-packages';
import type { Dep11Component } from './formats/dep11';
import type { IndexCategory, IndexEntry } from './index-entry';

/**
 * Which of Debian's 68,000 binary packages are apps or tools a person would choose, and how each
 * is named and filed. A package is kept when AppStream lists it as a desktop or console
 * application, or debtags call it a program (`role::program`), or, untagged, it is in a section
 * of programs and its name is not one of the families of libraries, language modules,
 * translations, data, plugins, fonts and cross-compilers. Never a package every system has
 * (priority required or important, or essential): nobody installs those.
 */
export function debianApps(packages: readonly DebianPackage[], components: readonly Dep11Component[]): IndexEntry[] {
  const appOf = new Map<string, Dep11Component>();
  for (const component of components)
    if (APP_TYPES.has(component.type) && !appOf.has(component.package)) appOf.set(component.package, component);
  const entries: IndexEntry[] = [];
  for (const entry of packages) {
    const component = appOf.get(entry.package);
    if (!isChosenByPeople(entry, component !== undefined)) continue;
    if (!isValidPackageId('apt', entry.package)) continue;
    entries.push({
      field: 'apt_package',
      packageId: entry.package,
      name: component?.name || entry.package,
      homepage: safeHomepage(component?.homepage || entry.homepage),
      publisher: component?.developer ?? '',
      licence: component?.licence ?? '',
      version: entry.version,
      popularity: 0,
      category: categoryOf(entry, component),
      installedSizeKb: entry.installedSizeKb,
    });
  }
  return entries;
}

const APP_TYPES = new Set(['desktop-application', 'console-application']);

/** Sections whose untagged packages are mostly libraries, modules, documents or data. */
const NOT_PROGRAM_SECTIONS = new Set([
  'libs',
  'libdevel',
  'oldlibs',
  'doc',
  'debug',
  'localization',
  'python',
  'perl',
  'ruby',
  'javascript',
  'golang',
  'rust',
  'haskell',
  'ocaml',
  'java',
  'php',
  'lisp',
  'introspection',
  'kernel',
  'fonts',
  'metapackages',
  'tasks',
  'gnu-r',
  'cli-mono',
  'zope',
  'httpd',
]);

/** Families of package names that are parts of something else, not something to choose (ends, then anywhere in the name). */
const PART_SUFFIXES = [
  '-dev',
  '-doc',
  '-dbg',
  '-data',
  '-common',
  '-examples',
  '-test',
  '-tests',
  '-locale',
  '-locales',
  '-plugin',
  '-plugins',
  '-theme',
  '-themes',
  '-backgrounds',
  '-wallpaper',
  '-wallpapers',
  '-artwork',
  '-sounds',
  '-perl',
  '-java',
  '-el',
  '-dkms',
];
const PART_INFIXES = ['-l10n', '-i18n', '-plugin-', '-linux-gnu', '-multilib'];
const PART_PREFIX =
  /^(?:lib|r-cran-|r-bioc-|r-other-|octave-|elpa-|golang-|node-|python3?-|ruby-|php-|lua-|texlive-|fonts-|gir1|firmware-|xfonts-|ttf-|hunspell-|myspell-|aspell-|hyphen-|mythes-|task-|linux-(?:image|headers|modules)|apertium-|ibus-table-|rime-|gnat-|gcc-|g\+\+-|gobjc|gfortran-|gccgo-|gdc-|binutils-|cpp-|qemu-efi|postgresql-\d+-|geany-plugin|obs-|qml-module-|qml6-module-|tesseract-ocr-|dict-|fortunes-|minetest-mod-|puppet-module-|haskell-|cl-|coq-|emacs-|vim-|xul-ext-|webext-|fcitx5?-|icingaweb2-module-)/;

function isChosenByPeople(entry: DebianPackage, listedAsApp: boolean): boolean {
  if (entry.essential || entry.priority === 'required' || entry.priority === 'important') return false;
  if (listedAsApp) return true;
  const name = entry.package;
  if (PART_PREFIX.test(name) || PART_SUFFIXES.some((end) => name.endsWith(end)) || PART_INFIXES.some((part) => name.includes(part)))
    return false;
  if (entry.tags.includes('role::program')) return true;
  // Tagged as something else (a library, data, documentation, a plugin).
  if (entry.tags.some((tag) => tag.startsWith('role::'))) return false;
  return !NOT_PROGRAM_SECTIONS.has(entry.section);
}

/** freedesktop.org categories, most telling first. */
const DESKTOP_CATEGORIES: ReadonlyArray<[string, IndexCategory]> = [
  ['WebBrowser', 'Browsers'],
  ['Security', 'Security'],
  ['Game', 'Games'],
  ['Development', 'Development'],
  ['IDE', 'Development'],
  ['Office', 'Office'],
  ['Email', 'Communication'],
  ['Chat', 'Communication'],
  ['InstantMessaging', 'Communication'],
  ['Telephony', 'Communication'],
  ['VideoConference', 'Communication'],
  ['AudioVideo', 'Media'],
  ['Audio', 'Media'],
  ['Video', 'Media'],
  ['Graphics', 'Media'],
  ['Photography', 'Media'],
  ['Science', 'Science'],
  ['Education', 'Science'],
  ['Math', 'Science'],
  ['System', 'System'],
  ['Network', 'Communication'],
];

const SECTION_CATEGORIES: Readonly<Record<string, IndexCategory>> = {
  games: 'Games',
  devel: 'Development',
  vcs: 'Development',
  interpreters: 'Development',
  database: 'Development',
  editors: 'Development',
  web: 'Development',
  sound: 'Media',
  video: 'Media',
  graphics: 'Media',
  mail: 'Communication',
  comm: 'Communication',
  news: 'Communication',
  hamradio: 'Communication',
  text: 'Office',
  tex: 'Office',
  science: 'Science',
  math: 'Science',
  education: 'Science',
  electronics: 'Science',
  admin: 'System',
  net: 'System',
  otherosfs: 'System',
  shells: 'System',
  embedded: 'System',
};

function categoryOf(entry: DebianPackage, component: Dep11Component | undefined): IndexCategory {
  const tags = new Set(component?.categories ?? []);
  for (const [name, category] of DESKTOP_CATEGORIES) if (tags.has(name)) return category;
  if (entry.tags.some((tag) => tag.startsWith('security::'))) return 'Security';
  return SECTION_CATEGORIES[entry.section] ?? 'Utilities';
}

/** A homepage the catalogue may show as a link: http(s) only, else none. */
function safeHomepage(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : '';
  } catch {
    return '';
  }
}
