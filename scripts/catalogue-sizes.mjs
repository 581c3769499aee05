// Rewrites `file_size_kb` in resources/catalogue/seed.json from Debian's own data: the
// `Installed-Size` (KiB) of each app's `apt_package` on Debian 12 (bookworm) amd64, as
// `apt-cache` knows it from deb.debian.org. That is the package alone, without its
// dependencies. An app with no apt package, or whose package apt-cache does not know, gets
// null: the catalogue then shows no size rather than a guessed one. Winget, Homebrew, Flathub
// and Snap publish no size that can be read offline, so they are not consulted.
//
// A package under 1 MiB installs nothing of the app itself (a metapackage such as
// `libreoffice`, or a pointer such as `python3` → `python3.11`): its own size would say
// "55 KB" for LibreOffice, so it is null too.
//
// A size that changes is kept under `earlier_file_size_kb` (app name → sizes an earlier
// seed shipped), and the seed's version goes up by one: a server that applied an earlier
// version then replaces a size it still holds from that earlier seed (an admin's own number
// is never touched; see catalogue-seed.service.ts). Running it again with the same apt data
// changes nothing.
//
// Run on Debian 12 (after `apt-get update`):
//   node scripts/catalogue-sizes.mjs           rewrite seed.json, print a Markdown table
//   node scripts/catalogue-sizes.mjs --check   exit 1 if seed.json is not what apt says
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SEED = join(ROOT, 'resources/catalogue/seed.json');
const CODENAME = 'bookworm';
const ARCH = 'amd64';
/** Below this a package is a metapackage or a pointer to the real one (see above). */
const METAPACKAGE_BELOW_KIB = 1024;
/** Debian's package name grammar: also keeps a name from ever being read as an option. */
const DEBIAN_NAME = /^[a-z0-9][a-z0-9+.-]+$/;
/** Debian's version grammar (epoch, upstream, revision). */
const DEBIAN_VERSION = /^(\d+:)?[A-Za-z0-9.+~-]+$/;

function run(command, args) {
  return execFileSync(command, args, { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] });
}

function fail(message) {
  console.error(`catalogue-sizes: ${message}`);
  process.exit(2);
}

function checkMachine() {
  const release = readFileSync('/etc/os-release', 'utf8');
  if (!new RegExp(`^VERSION_CODENAME=${CODENAME}$`, 'm').test(release))
    fail(`run this on Debian 12 (${CODENAME}): the sizes are that release's`);
  const arch = run('dpkg', ['--print-architecture']).trim();
  if (arch !== ARCH) fail(`run this on ${ARCH} (this machine is ${arch})`);
  if (debianVersionOf('dpkg') === null) fail('apt-cache knows no Debian package lists: run `apt-get update` first');
}

/**
 * The newest version of `name` that deb.debian.org's bookworm, bookworm-updates or
 * bookworm-security offers (not a third-party repository's, not only what is installed), or null.
 */
function debianVersionOf(name) {
  const lines = run('apt-cache', ['madison', name]).split('\n');
  for (const line of lines) {
    const [pkg, version, source] = line.split('|').map((part) => part.trim());
    if (pkg !== name || !version || !source) continue;
    if (!/^https?:\/\/deb\.debian\.org\/debian(-security)?\s/.test(source)) continue;
    if (!new RegExp(`\\s${CODENAME}(-updates|-security)?/main\\s+(${ARCH}|all)\\s`).test(`${source} `)) continue;
    // madison lists the newest version first.
    return DEBIAN_VERSION.test(version) ? version : null;
  }
  return null;
}

/** Installed-Size (KiB) of that exact package and version, or null. */
function installedSizeKib(name, version) {
  let text;
  try {
    text = run('apt-cache', ['show', `${name}=${version}`]);
  } catch {
    return null;
  }
  for (const stanza of text.split(/\n\n+/)) {
    const field = (key) => new RegExp(`^${key}: (.+)$`, 'm').exec(stanza)?.[1]?.trim();
    if (field('Package') !== name || field('Version') !== version) continue;
    const size = Number(field('Installed-Size'));
    return Number.isInteger(size) && size > 0 ? size : null;
  }
  return null;
}

function sizeOf(app) {
  const name = app.apt_package;
  if (!name) return { size: null, note: 'no Debian package' };
  if (!DEBIAN_NAME.test(name)) fail(`${app.name}: "${name}" is not a Debian package name`);
  const version = debianVersionOf(name);
  if (!version) return { size: null, note: `\`${name}\`: not in Debian 12 main` };
  const kib = installedSizeKib(name, version);
  if (kib === null) return { size: null, note: `\`${name}\` ${version}: no Installed-Size` };
  if (kib < METAPACKAGE_BELOW_KIB) return { size: null, note: `\`${name}\` ${version}: ${kib} KiB, a metapackage` };
  return { size: kib, note: `\`${name}\` ${version}` };
}

checkMachine();
const check = process.argv.includes('--check');
const seed = JSON.parse(readFileSync(SEED, 'utf8'));
const earlier = seed.earlier_file_size_kb ?? {};
const rows = [];
let changed = 0;
for (const app of seed.apps) {
  const { size, note } = sizeOf(app);
  rows.push(`| ${app.name} | ${size ?? '—'} | ${note} |`);
  if (app.file_size_kb === size) continue;
  changed += 1;
  if (typeof app.file_size_kb === 'number') {
    const sizes = new Set(earlier[app.name] ?? []);
    sizes.add(app.file_size_kb);
    earlier[app.name] = [...sizes].sort((a, b) => a - b);
  }
  app.file_size_kb = size;
}

console.log('| app | KiB | Debian 12 package and version |\n|---|---|---|');
for (const row of rows) console.log(row);
if (check) {
  console.error(changed ? `catalogue-sizes: ${changed} sizes differ from apt's` : 'catalogue-sizes: seed.json agrees with apt');
  process.exit(changed ? 1 : 0);
}
if (changed) {
  // `version` first and the map after `apps`, as the file reads best.
  const { version, apps, earlier_file_size_kb: _old, ...rest } = seed;
  const sortedEarlier = Object.fromEntries(Object.entries(earlier).sort(([a], [b]) => a.localeCompare(b)));
  const next = { version: version + 1, ...rest, apps, earlier_file_size_kb: sortedEarlier };
  writeFileSync(SEED, `${JSON.stringify(next, null, 2)}\n`);
}
console.error(`catalogue-sizes: ${changed} sizes changed${changed ? `; seed version ${seed.version} → ${seed.version + 1}` : ''}`);
